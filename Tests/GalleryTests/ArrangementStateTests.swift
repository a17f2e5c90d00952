import CompositionalLayout
import Foundation
import TerminalKit
import Testing

@testable import Gallery

/// The order (`s`, `S`) and the filter (`/`) through `update` alone: the focus stays on
/// its picture, the order is saved and restored, the filter narrows every section as it
/// is typed.
@Suite struct ArrangementStateTests {
  /// One section of four pictures whose names, sizes, dates and EXIF dates all disagree.
  static func library() -> Library {
    let folder = "/pictures/Mixed"
    func picture(_ name: String, size: Int64, modified: Double) -> Picture {
      Picture(
        path: folder + "/" + name, fileName: name, byteSize: size,
        modificationDate: Date(timeIntervalSince1970: modified), format: .jpeg)
    }
    let pictures = [
      picture("a.jpg", size: 300, modified: 20), picture("b.jpg", size: 100, modified: 40),
      picture("C.jpg", size: 400, modified: 10), picture("d.jpg", size: 200, modified: 30),
    ]
    var stats = ScanStats()
    stats.pictures = pictures.count
    return Library(
      sections: [
        LibrarySection(name: "Mixed", folder: URL(fileURLWithPath: folder), pictures: pictures),
        AppFixture.library(office: 0, kitchen: 3, macbook: 0).sections[1],
      ], stats: stats)
  }

  static func state() -> GalleryState {
    var state = GalleryState(
      library: library(), width: 10, height: 10, configuration: .init(layoutPreset: .grid))
    _ = state.update(.resize(width: 100, height: 30, cellAspect: 2))
    return state
  }

  static func names(_ state: GalleryState, section: Int = 0) -> [String] {
    state.sections[section].pictures.map(\.fileName)
  }

  static func focusedName(_ state: GalleryState) -> String? {
    state.focus.flatMap { state.picture(at: $0) }?.fileName
  }

  @Test func sCyclesTheOrdersAndKeepsTheFocusOnItsPicture() {
    var state = Self.state()
    AppFixture.press([.right], &state)
    #expect(Self.focusedName(state) == "b.jpg")
    var commands = AppFixture.press([.character("s")], &state)
    #expect(state.order == PictureOrder(key: .dateTaken))
    #expect(commands.contains(.saveOrder(PictureOrder(key: .dateTaken))))
    // The order asks for nothing: details are asked as the library arrives, whatever
    // the order.
    #expect(!commands.contains { if case .readDetails = $0 { true } else { false } })
    // No EXIF date known yet: by modification time.
    #expect(Self.names(state) == ["C.jpg", "a.jpg", "d.jpg", "b.jpg"])
    #expect(Self.focusedName(state) == "b.jpg")
    commands = AppFixture.press([.character("s")], &state)
    #expect(state.order.key == .modified)
    #expect(Self.names(state) == ["C.jpg", "a.jpg", "d.jpg", "b.jpg"])
    AppFixture.press([.character("s")], &state)
    #expect(state.order.key == .size)
    #expect(Self.names(state) == ["b.jpg", "d.jpg", "a.jpg", "C.jpg"])
    #expect(Self.focusedName(state) == "b.jpg")
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
    AppFixture.press([.character("S")], &state)
    #expect(state.order == PictureOrder(key: .size, isReversed: true))
    #expect(Self.names(state) == ["C.jpg", "a.jpg", "d.jpg", "b.jpg"])
    #expect(Self.focusedName(state) == "b.jpg")
    AppFixture.press([.character("s")], &state)
    #expect(state.order == PictureOrder(key: .rating, isReversed: true))
    AppFixture.press([.character("s")], &state)
    #expect(state.order == PictureOrder(key: .sharpness, isReversed: true))
    AppFixture.press([.character("s"), .character("S")], &state)
    #expect(state.order == .standard)
    #expect(Self.names(state) == ["a.jpg", "b.jpg", "C.jpg", "d.jpg"])
    #expect(Self.names(state, section: 1) == ["kitchen-1.jpg", "kitchen-2.jpg", "kitchen-3.jpg"])
  }

  @Test func theOrderShowsInTheStatusLineAndConfirms() {
    var state = Self.state()
    AppFixture.press([.character("s"), .character("s"), .character("s")], &state)
    let status = GalleryView.render(state).text.split(separator: "\n").last ?? ""
    #expect(status.contains("sorted by size"))
    #expect(status.contains("size ↑"))
    AppFixture.press([.right], &state)
    let next = GalleryView.render(state).text.split(separator: "\n").last ?? ""
    #expect(!next.contains("sorted by size"), "a confirmation lasts until the next key")
    #expect(next.contains("size ↑"))
  }

  @Test func datesTakenSortBeforeModificationTimesAndArriveInBatches() {
    var state = Self.state()
    AppFixture.press([.character("s")], &state)
    let folder = "/pictures/Mixed/"
    _ = state.update(.detailsRead(.dates([folder + "b.jpg": Date(timeIntervalSince1970: 5)])))
    #expect(Self.names(state) == ["b.jpg", "C.jpg", "a.jpg", "d.jpg"])
    _ = state.update(.detailsRead(.dates([folder + "d.jpg": Date(timeIntervalSince1970: 1)])))
    #expect(Self.names(state) == ["d.jpg", "b.jpg", "C.jpg", "a.jpg"])
    // Asked once: a later key asks for nothing more.
    let commands = AppFixture.press([.right], &state)
    #expect(!commands.contains { if case .readDetails = $0 { true } else { false } })
  }

  @Test func anOrderLoadedAtStartAppliesToSectionsAsTheyArrive() {
    var state = GalleryState(width: 100, height: 30)
    _ = state.update(.orderLoaded(PictureOrder(key: .size, isReversed: true)))
    let commands = state.update(.scan(.section(Self.library().sections[0])))
    #expect(!commands.contains { if case .saveOrder = $0 { true } else { false } })
    #expect(Self.names(state) == ["C.jpg", "a.jpg", "d.jpg", "b.jpg"])
  }

  @Test func theFilterNarrowsEverySectionAsItIsTypedWithSmartCase() {
    var state = Self.state()
    AppFixture.press([.character("/"), .character("c")], &state)
    #expect(state.isEditingFilter)
    // Lower case ignores case: C.jpg and every kitchen picture.
    #expect(Self.names(state) == ["C.jpg"])
    #expect(Self.names(state, section: 1).count == 3)
    AppFixture.press([.character("h")], &state)
    #expect(state.sections.count == 1, "a section the filter empties folds away")
    #expect(Self.names(state) == ["kitchen-1.jpg", "kitchen-2.jpg", "kitchen-3.jpg"])
    AppFixture.press([.character("e"), .character("n"), .character("-"), .character("2")], &state)
    #expect(Self.names(state) == ["kitchen-2.jpg"])
    #expect(Self.focusedName(state) == "kitchen-2.jpg")
    let status = GalleryView.render(state).text.split(separator: "\n").last ?? ""
    #expect(status.contains("/chen-2"), "\(status)")
    #expect(status.contains("1 of 7 pictures"), "\(status)")
    // A capital letter makes case count.
    AppFixture.press([.control("u"), .character("C")], &state)
    #expect(state.sections.count == 1)
    #expect(Self.names(state) == ["C.jpg"])
  }

  @Test func keysLikeQTypeIntoTheFilterAndEnterKeepsIt() {
    var state = Self.state()
    let commands = AppFixture.press([.character("/"), .character("q")], &state)
    #expect(!commands.contains(.quit))
    #expect(state.prompts.filterInput == "q")
    #expect(state.pictureCount == 7 && state.content.shownPictureCount == 0)
    AppFixture.press([.backspace, .character("a"), .enter], &state)
    #expect(!state.isEditingFilter)
    #expect(state.filter.text == "a")
    #expect(Self.names(state) == ["a.jpg"])
    // Kept: keys act again, and the status line shows the filter.
    AppFixture.press([.character("v")], &state)
    #expect(state.presentation.showsList)
    let status = GalleryView.render(state).text.split(separator: "\n").last ?? ""
    #expect(status.contains("/a 1 of 7 pictures"), "\(status)")
    // Esc clears a kept filter.
    AppFixture.press([.escape], &state)
    #expect(state.filter.isEmpty)
    #expect(state.content.shownPictureCount == 7)
  }

  @Test func escWhileTypingClearsTheFilterAndArrowsMove() {
    var state = Self.state()
    AppFixture.press([.character("/"), .character("j"), .character("p")], &state)
    #expect(state.content.shownPictureCount == 7, "every name has .jpg")
    AppFixture.press([.right], &state)
    #expect(Self.focusedName(state) == "b.jpg")
    #expect(state.isEditingFilter, "arrows move without ending the typing")
    AppFixture.press([.escape], &state)
    #expect(!state.isEditingFilter)
    #expect(state.filter.isEmpty)
    #expect(Self.focusedName(state) == "b.jpg")
  }

  @Test func theFilterKeepsTheFocusedPictureWhenItMatches() {
    var state = Self.state()
    AppFixture.press([.right, .right, .right], &state)
    #expect(Self.focusedName(state) == "d.jpg")
    AppFixture.press([.character("/"), .character("d")], &state)
    #expect(Self.focusedName(state) == "d.jpg")
    AppFixture.press([.backspace], &state)
    #expect(Self.focusedName(state) == "d.jpg")
  }

  @Test func slashFromTheDetailViewFiltersTheGrid() {
    var state = Self.state()
    AppFixture.press([.enter, .character("/")], &state)
    #expect(state.presentation.mode == .grid)
    #expect(state.isEditingFilter)
  }
}

@Suite struct NameFilterTests {
  @Test func smartCaseOverASCIIAndBeyond() {
    #expect(NameFilter("img").matches("IMG_0042.JPG"))
    #expect(!NameFilter("Img").matches("IMG_0042.JPG"), "a capital makes case count")
    #expect(NameFilter("IMG_").matches("IMG_0042.JPG"))
    #expect(NameFilter("café").matches("Grand CAFÉ.png"))
    #expect(!NameFilter("Café").matches("Grand CAFÉ.png"))
    #expect(NameFilter("").matches("anything") && NameFilter.none.isEmpty)
    #expect(!NameFilter("long name").matches("long"))
    #expect(NameFilter("写真").matches("2024 写真.jpg"))
  }

  /// Diacritics never count: `osaka` finds `Ōsaka-café.jpg`, and so do `cafe` and `Ōsaka`.
  @Test func diacriticsAreIgnored() {
    let name = "Ōsaka-café.jpg"
    #expect(NameFilter("osaka").matches(name))
    #expect(NameFilter("cafe").matches(name))
    #expect(NameFilter("Osaka").matches(name), "a capital keeps case, not accents")
    #expect(!NameFilter("OSAKA").matches(name))
    #expect(NameFilter("ōsaka").matches("Osaka.jpg"), "either side may carry them")
    #expect(NameFilter("e").matches("é.png") && !NameFilter("x").matches("é.png"))
  }
}
