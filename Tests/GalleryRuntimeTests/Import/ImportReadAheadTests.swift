import Foundation
import Gallery
import Pictures
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

/// What an import asks the card for ahead of the copy, and the scan that asks for the
/// heads of a card's files first.
@Suite struct ImportReadAheadTests {
  /// A plan of `count` single JPEGs of `megabytes` each, in one folder of the card.
  static func plan(count: Int, megabytes: Int64) -> ImportPlan {
    let folder = "/card/DCIM/100CANON"
    let pictures = (1...count).map { number in
      Picture(
        path: folder + "/IMG_\(1000 + number).JPG", fileName: "IMG_\(1000 + number).JPG",
        byteSize: megabytes << 20, modificationDate: nil, format: .jpeg)
    }
    return ImportPlan(
      [ImportFolder(path: folder, pictures: pictures)], facts: [:],
      folderTemplate: ImportTemplate.standardFolders, nameTemplate: ImportTemplate.standardName)
  }

  /// The paths asked for, with how much of each (nil: all).
  static func asked(_ spans: [(path: String, bytes: Int64?)]) -> [String] {
    spans.map { $0.path + ($0.bytes.map { ":\($0 >> 20)MB" } ?? "") }
  }

  @Test func theFilesAheadStayWithinTheWindowAndEachIsAskedForOnce() {
    let plan = Self.plan(count: 10, megabytes: 10)
    var readAhead = ImportReadAhead(window: 32 << 20)
    let sources = plan.groups.map(\.lead)
    func following(_ position: Int) -> [String] {
      Self.asked(readAhead.following(position, of: plan.groups) { _ in true })
    }
    // Before the first: three whole, the fourth as far as the window reaches.
    #expect(following(0) == [sources[1], sources[2], sources[3], sources[4] + ":2MB"])
    // Each step asks for one more, never again for one asked (nor for the rest of one
    // asked in part: the copy's own reading takes it).
    #expect(following(1) == [sources[5]])
    #expect(following(2) == [sources[6]])
    // A step of several groups at once (a group skipped) refills the window.
    #expect(following(5) == [sources[7], sources[8], sources[9] + ":2MB"])
    #expect(following(8) == [])
    #expect(following(9) == [])
  }

  @Test func groupsNotToBeCopiedAreNeverAskedFor() {
    let plan = Self.plan(count: 8, megabytes: 10)
    var readAhead = ImportReadAhead(window: 32 << 20)
    let copied: Set<String> = [plan.groups[2].lead, plan.groups[6].lead, plan.groups[7].lead]
    var asked: [String] = []
    for position in plan.groups.indices {
      asked += Self.asked(
        readAhead.following(position, of: plan.groups) { copied.contains($0.lead) })
    }
    #expect(asked == [plan.groups[2].lead, plan.groups[6].lead, plan.groups[7].lead])
  }

  @Test func aScanThatAsksForHeadsFindsWhatAPlainScanFinds() throws {
    let files = FolderFixture()
    let jpeg = MadeJPEG.encode(
      [UInt8](repeating: 128, count: 8 * 8 * 4), width: 8, height: 8, quality: 90)
    files.file("card/DCIM/100CANON/IMG_0001.JPG", jpeg)
    files.file("card/DCIM/100CANON/IMG_0002.JPG", jpeg)
    files.file("card/DCIM/100CANON/IMG_0002.JPG.xmp", Array("<x:xmpmeta/>".utf8))
    files.file("card/DCIM/100CANON/.hidden.JPG", jpeg)
    files.file("card/DCIM/100CANON/notes.txt", Array("not a picture".utf8))
    files.file("card/DCIM/101CANON/IMG_0100.JPG", jpeg)
    let roots = [ScanRoot(path: files.path("card"))]
    let plain = LibraryScanner(roots: roots).library()
    var asking = LibraryScanner(roots: roots)
    asking.readsHeadsAhead = true
    let asked = asking.library()
    #expect(asked.sections.map(\.name) == plain.sections.map(\.name))
    #expect(
      asked.sections.map { $0.pictures.map(\.path) }
        == plain.sections.map { $0.pictures.map(\.path) })
    #expect(asked.sections.flatMap(\.pictures).count == 3)
  }
}
