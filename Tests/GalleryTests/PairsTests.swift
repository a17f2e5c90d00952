import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// RAW+JPEG pairs and Live Photos: one picture for the files a camera or phone writes for
/// one shot, with a badge; marks, favourites, opening and copying take every file; the
/// details list them; `--apart` shows each.
@Suite struct PairsTests {
  static let folder = "/card/DCIM"

  static func file(_ name: String, _ format: ImageFormat?, size: Int64 = 1000) -> Picture {
    Picture(
      path: folder + "/" + name, fileName: name, byteSize: size,
      modificationDate: Date(timeIntervalSince1970: 0), format: format)
  }

  /// A card: a RAW+JPEG pair, a Live Photo, a raw alone, a PNG beside a raw of its name.
  static let card = [
    file("IMG_0001.CR3", .raw, size: 25_000_000), file("IMG_0001.JPG", .jpeg, size: 4_000_000),
    file("IMG_0002.HEIC", .heic, size: 2_000_000), file("IMG_0002.MOV", .video, size: 3_000_000),
    file("IMG_0003.NEF", .raw), file("shot.CR2", .raw), file("shot.png", .png),
  ]

  static func state(pairs: Bool = true, width: Int = 100, height: Int = 30) -> GalleryState {
    let library = Library(
      sections: [
        LibrarySection(name: "DCIM", folder: URL(fileURLWithPath: folder), pictures: card)
      ], stats: ScanStats())
    var state = GalleryState(
      library: library, width: 10, height: 10,
      configuration: .init(layoutPreset: .grid, pairsFiles: pairs))
    _ = state.update(.resize(width: width, height: height, cellAspect: 2))
    return state
  }

  static func names(_ state: GalleryState) -> [String] {
    state.sections.first?.pictures.map(\.fileName) ?? []
  }

  static func path(_ name: String) -> String { folder + "/" + name }

  @Test func aRawAndItsJPEGAndALivePhotoAreEachOnePicture() {
    let paired = PicturePairs.pair(Self.card)
    #expect(
      paired.map(\.fileName) == [
        "IMG_0001.JPG", "IMG_0002.HEIC", "IMG_0003.NEF", "shot.CR2", "shot.png",
      ])
    #expect(paired[0].companions.map(\.fileName) == ["IMG_0001.CR3"])
    #expect(paired[0].pairKind == .rawAndProcessed(.jpeg))
    #expect(paired[0].pairKind?.badge == "RAW+JPG")
    #expect(paired[1].companions.map(\.fileName) == ["IMG_0002.MOV"])
    #expect(paired[1].pairKind?.badge == "LIVE")
    #expect(paired[1].pairKind?.hasMotion == true)
    #expect(paired[2...].allSatisfy { $0.companions.isEmpty }, "no still, or no pair kind")
  }

  @Test func namesPairOnlyWhenTheyAreTheSameUpToTheLastDot() {
    let files = [
      Self.file("a.cr2", .raw), Self.file("A.jpg", .jpeg), Self.file("b.x.cr2", .raw),
      Self.file("b.jpg", .jpeg), Self.file("c.jpg", .jpeg), Self.file("c.cr2", nil),
      Self.file("d.jpg", .jpeg), Self.file("d.cr2", .raw), Self.file("d.mov", .video),
      Self.file(".cr2", .raw), Self.file(".jpg", .jpeg),
      Self.file("e.jpg", .jpeg), Self.file("e.mp4", .video),
    ]
    let paired = PicturePairs.pair(files)
    #expect(
      paired.map(\.fileName) == [
        "a.cr2", "A.jpg", "b.x.cr2", "b.jpg", "c.jpg", "c.cr2", "d.jpg", ".cr2", ".jpg",
        "e.jpg", "e.mp4",
      ], "case counts; no picture, or a clip and its thumbnail, pair with nothing")
    #expect(paired[6].companions.map(\.fileName) == ["d.cr2", "d.mov"], "the raw first")
    #expect(paired[6].pairKind?.badge == "RAW+JPG LIVE")
    #expect(PicturePairs.pair(files[0..<2].map { $0 }) == Array(files[0..<2]))
    // Named one by one from two folders: no pair.
    let apart = [
      Picture(
        path: "/2023/IMG_1.JPG", fileName: "IMG_1.JPG", byteSize: 1, modificationDate: nil,
        format: .jpeg),
      Picture(
        path: "/2024/IMG_1.CR3", fileName: "IMG_1.CR3", byteSize: 1, modificationDate: nil,
        format: .raw),
    ]
    #expect(PicturePairs.pair(apart) == apart)
  }

  @Test func theGalleryShowsAPairOnceAndApartWhenAsked() {
    #expect(
      Self.names(Self.state()) == [
        "IMG_0001.JPG", "IMG_0002.HEIC", "IMG_0003.NEF", "shot.CR2", "shot.png",
      ])
    #expect(Self.names(Self.state(pairs: false)) == Self.card.map(\.fileName))
    let text = GalleryView.render(Self.state()).text
    #expect(text.contains(" RAW+JPG "), "\(text)")
    #expect(text.contains(" LIVE "), "\(text)")
  }

  @Test func marksOpeningAndCopyingTakeEveryFileOfThePair() {
    var state = Self.state()
    #expect(state.focusedOrMarkedPaths == [Self.path("IMG_0001.JPG"), Self.path("IMG_0001.CR3")])
    let open = AppFixture.press([.character("o")], &state)
    #expect(open == [.openExternally([Self.path("IMG_0001.JPG"), Self.path("IMG_0001.CR3")])])
    AppFixture.press([.character("m"), .right, .right, .character("m")], &state)
    #expect(state.markCount == 2, "two pictures, three files")
    #expect(
      state.markedPaths == [
        Self.path("IMG_0001.JPG"), Self.path("IMG_0001.CR3"), Self.path("IMG_0003.NEF"),
      ])
    let copy = AppFixture.press([.character("y")], &state)
    #expect(copy.contains(.copy(state.markedPaths)))
    AppFixture.press([.left, .left, .character("m")], &state)
    #expect(state.markedPaths == [Self.path("IMG_0003.NEF")], "unmarked, both files")
  }

  @Test func aFavouritePairIsEveryFileAndShowsOnceInFavourites() throws {
    var state = Self.state()
    AppFixture.press([.right, .character("f")], &state)
    #expect(state.favorites.paths == [Self.path("IMG_0002.HEIC"), Self.path("IMG_0002.MOV")])
    let index = try #require(state.favoritesSectionIndex)
    #expect(state.sections[index].pictures.map(\.fileName) == ["IMG_0002.HEIC"])
    #expect(state.sections[index].pictures.first?.companions.count == 1)
    AppFixture.press([.character("f")], &state)
    #expect(state.favorites.isEmpty, "both files unmarked")
    #expect(state.favoritesSectionIndex == nil)
  }

  @Test func aMarkOrFavouriteOnOneFileOfAPairIsThePairs() {
    var state = Self.state()
    // As a run with the files apart left them: the raw alone marked and a favourite.
    state.content.setMarked([Self.path("IMG_0001.CR3")], true)
    // A pick another program wrote into the raw's sidecar alone.
    _ = state.update(
      .decisionsRead([
        Self.path("IMG_0001.CR3"): CullingDecision(rating: .unrated, flag: .picked, labels: [])
      ]))
    #expect(state.isMarked(Self.path("IMG_0001.JPG")) && state.markCount == 1)
    #expect(state.isFavorite(Self.path("IMG_0001.JPG")))
    #expect(state.focusedOrMarkedPaths == [Self.path("IMG_0001.CR3")], "the marked file")
    let index = state.favoritesSectionIndex ?? -1
    #expect(state.sections[index].pictures.map(\.fileName) == ["IMG_0001.JPG"])
    AppFixture.press([.character("f")], &state)
    #expect(state.favorites.isEmpty, "f takes the pair out, not in")
    AppFixture.press([.character("m")], &state)
    #expect(state.markCount == 0 && state.markedPaths.isEmpty, "m unmarks every file")
  }

  @Test func aFilterThatHidesAMarkedPairStillCountsItOnceStillFirst() {
    var state = Self.state()
    AppFixture.press([.character("m")], &state)
    AppFixture.press([.character("/")] + "shot".map { .character($0) } + [.enter], &state)
    #expect(Self.names(state) == ["shot.CR2", "shot.png"])
    #expect(state.markCount == 1)
    #expect(state.markedPaths == [Self.path("IMG_0001.JPG"), Self.path("IMG_0001.CR3")])
  }

  @Test func aRawArrivingBesideItsJPEGJoinsItAndTheFocusStays() {
    let jpeg = Self.file("IMG_0001.JPG", .jpeg)
    let raw = Self.file("IMG_0001.CR3", .raw)
    func library(_ pictures: [Picture]) -> Library {
      Library(
        sections: [
          LibrarySection(
            name: "DCIM", folder: URL(fileURLWithPath: Self.folder), pictures: pictures)
        ], stats: ScanStats())
    }
    var state = GalleryState(
      library: library([raw, Self.file("z.png", .png)]), width: 10, height: 10,
      configuration: .init(layoutPreset: .grid))
    _ = state.update(.resize(width: 100, height: 30, cellAspect: 2))
    #expect(Self.names(state) == ["IMG_0001.CR3", "z.png"])
    _ = state.update(.rescanned(library([raw, jpeg, Self.file("z.png", .png)])))
    #expect(Self.names(state) == ["IMG_0001.JPG", "z.png"])
    #expect(state.focus.flatMap { state.picture(at: $0) }?.fileName == "IMG_0001.JPG")
    #expect(GalleryView.render(state).text.contains("RAW+JPG"))
  }

  @Test func bySizeAPairWeighsAllItsFiles() {
    var state = Self.state()
    AppFixture.press([.character("s"), .character("s"), .character("s")], &state)
    #expect(state.order.key == .size)
    #expect(Self.names(state).last == "IMG_0001.JPG", "4 MB and 25 MB: the heaviest")
  }

  @Test func theFilterFindsAPairByAnyOfItsNames() {
    var state = Self.state()
    AppFixture.press([.character("/")] + "CR3".map { .character($0) }, &state)
    #expect(Self.names(state) == ["IMG_0001.JPG"])
  }

  @Test func theDetailViewListsTheOtherFiles() {
    var state = Self.state()
    AppFixture.press([.enter], &state)
    let text = GalleryView.render(state).text
    #expect(text.contains("with   RAW+JPG: IMG_0001.CR3 (camera RAW, 25.0 MB)"), "\(text)")
    let list = GalleryView.render(Self.listState()).text
    #expect(list.contains("JPEG · RAW+JPG · 29.0 MB"), "\(list)")
  }

  static func listState() -> GalleryState {
    let library = Library(
      sections: [
        LibrarySection(name: "DCIM", folder: URL(fileURLWithPath: folder), pictures: card)
      ], stats: ScanStats())
    var state = GalleryState(
      library: library, width: 10, height: 10, configuration: .init(layoutPreset: .list))
    _ = state.update(.resize(width: 100, height: 30, cellAspect: 2))
    return state
  }
}
