import Foundation
import Pictures
import Testing

@testable import Gallery

/// Dates in the user's locale everywhere, and the list's date the one the order uses.
@Suite struct DateTextTests {
  static let utc = LocalTimeZone.utc

  @Test func anEXIFDateIsWrittenInTheLocaleAsTheCameraWroteIt() {
    let british = Appearance(locale: LocaleWords.britishEnglish)
    let text = DateText.exif("2025:07:14 18:30:00", british)
    #expect(text.contains("14") && text.contains("Jul") && text.contains("2025"), "\(text)")
    #expect(text.contains("18:30"), "\(text)")
    #expect(!text.contains("2025:07:14"))
    #expect(DateText.exif("2025:07:14 18:30:00", Appearance()) == "2025-07-14 18:30")
    #expect(DateText.exif("garbage", Appearance()) == "garbage")
    let german = DateText.exif(
      "2025:07:14 18:30:00", Appearance(locale: LocaleWords.german))
    #expect(german.contains("14.") && german.contains("2025"), "\(german)")
  }

  @Test func theListShowsTheDateTheOrderGoesBy() throws {
    let modifiedAt = Date(timeIntervalSince1970: 1_750_000_000)
    let picture = Picture(
      path: "/p/a.jpg", fileName: "a.jpg", byteSize: 1000, modificationDate: modifiedAt,
      format: .jpeg)
    let library = Library(sections: [
      LibrarySection(name: "p", folder: URL(fileURLWithPath: "/p"), pictures: [picture])
    ])
    var state = GalleryState(
      library: library, width: 100, height: 30,
      configuration: .init(appearance: Appearance(locale: nil)))
    let modified = ListCell.secondaryText(state, picture: picture).0
    #expect(
      modified.contains(
        DateText.day(modifiedAt, state.appearance, timeZone: state.content.timeZone)))
    let taken = Date(timeIntervalSince1970: 1_600_000_000)
    _ = state.update(.detailsRead(.dates(["/p/a.jpg": taken])))
    _ = state.update(.orderLoaded(PictureOrder(key: .dateTaken)))
    let byTaken = ListCell.secondaryText(state, picture: picture).0
    #expect(
      byTaken.contains(DateText.day(taken, state.appearance, timeZone: state.content.timeZone)),
      "\(byTaken)")
    #expect(
      !byTaken.contains(
        DateText.day(modifiedAt, state.appearance, timeZone: state.content.timeZone)))
  }

  /// A file whose time is unknown (a name given for a file that is not there) shows no
  /// date, in any order: never the epoch's.
  @Test func anUnknownTimeIsLeftOut() {
    let picture = Picture(
      path: "/p/gone.jpg", fileName: "gone.jpg", byteSize: 0, modificationDate: nil,
      format: nil)
    let library = Library(sections: [
      LibrarySection(name: "p", folder: URL(fileURLWithPath: "/p"), pictures: [picture])
    ])
    var state = GalleryState(
      library: library, width: 100, height: 30,
      configuration: .init(appearance: Appearance(locale: nil)))
    #expect(ListCell.secondaryText(state, picture: picture).0 == "not a picture · 0 bytes")
    _ = state.update(.orderLoaded(PictureOrder(key: .dateTaken)))
    #expect(ListCell.secondaryText(state, picture: picture).0 == "not a picture · 0 bytes")
  }
}

/// Pictures named one by one keep the order given until the user sorts.
@Suite struct NamedOrderTests {
  @Test func theSavedOrderLeavesNamedFilesAsGivenAndASortOrdersThem() {
    let names = ["b.jpg", "c.jpg", "a.jpg"]
    let pictures = names.enumerated().map { index, name in
      Picture(
        path: "/given/" + name, fileName: name, byteSize: [99, 100, 98][index],
        modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
    }
    let named = LibrarySection(
      name: "given", folder: URL(fileURLWithPath: "/given"), pictures: pictures,
      id: LibrarySection.namedFilesID)
    var state = GalleryState(width: 100, height: 30)
    _ = state.update(.orderLoaded(PictureOrder(key: .size)))
    _ = state.update(.scan(.section(named)))
    #expect(state.sections[0].pictures.map(\.fileName) == names, "as given")
    _ = state.update(.key(.character("S")))  // the user reverses the size order
    #expect(
      state.sections[0].pictures.map(\.fileName) == ["c.jpg", "b.jpg", "a.jpg"], "largest first")
  }
}
