import Foundation
import Pictures
import TestSupport
import Testing
import XMPSidecars

/// darktable's sidecar, with its whole edit history, keeps every element the gallery does
/// not write: the same keys and values before and after, as exiv2 and exiftool read them.
@Suite struct DarktableMergeTests {
  /// The fields the gallery writes, by exiv2's key and exiftool's tag.
  static let writtenKeys = [
    "Xmp.xmp.Rating", "Xmp.xmp.Label", "Xmp.darktable.colorlabels", "Xmp.digiKam.ColorLabel",
    "Xmp.digiKam.PickLabel",
  ]
  static let writtenTags = [
    "XMP-xmp:Rating", "XMP-xmp:Label", "XMP-darktable:ColorLabels", "XMP-digiKam:ColorLabel",
    "XMP-digiKam:PickLabel",
  ]

  /// exiv2's `-px` lines (key, type, count, value) of every field but the written ones,
  /// sorted (Exempi may write the fields in another order).
  static func exiv2Others(_ tool: String, _ path: String) async throws -> [String] {
    let outcome = try await Subprocess.run([tool, "-px", path])
    try #require(outcome.status == 0, "\(outcome.errors)")
    return outcome.output.split(separator: "\n").map(String.init).filter { line in
      !writtenKeys.contains { line.hasPrefix($0 + " ") }
    }.sorted()
  }

  /// exiftool's values of every XMP field but the written ones and the toolkit's name,
  /// structures kept whole (`-struct`).
  static func exiftoolOthers(_ tool: String, _ path: String) async throws -> NSDictionary {
    let outcome = try await Subprocess.run([tool, "-j", "-a", "-G1", "-struct", "-XMP:all", path])
    try #require(outcome.status == 0, "\(outcome.errors)")
    let json = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8))
    var object = try #require((json as? [[String: Any]])?.first)
    for key in writtenTags + ["SourceFile", "XMP-x:XMPToolkit"] {
      object[key] = nil
      object[key.replacingOccurrences(of: "ColorLabels", with: "Colorlabels")] = nil
    }
    return object as NSDictionary
  }

  @Test func everyOtherFieldOfTheHistoryIsKept() async throws {
    let files = FolderFixture()
    let picture = files.file("IMG_4021.CR3", [0])
    let original = files.file("original.xmp", try SidecarSamples.darktable())
    let sidecar = files.file("IMG_4021.CR3.xmp", try SidecarSamples.darktable())
    let decisions = [
      SidecarSamples.picked, .undecided,
      CullingDecision(rating: .unrated, flag: .rejected, labels: [.yellow]),
    ]
    for decision in decisions {
      try SidecarStore(naming: .pictureName).write(decision, picture: picture)
      #expect(try SidecarStore().read(picture: picture)?.decision == decision)
      if let exiv2 = SidecarSamples.tool("exiv2") {
        let before = try await Self.exiv2Others(exiv2, original)
        #expect(before.count > 100)
        #expect(try await Self.exiv2Others(exiv2, sidecar) == before)
      }
      if let exiftool = SidecarSamples.tool("exiftool") {
        let before = try await Self.exiftoolOthers(exiftool, original)
        #expect(before.count > 10)
        let after = try await Self.exiftoolOthers(exiftool, sidecar)
        #expect(after.isEqual(before), "\(after) differs from \(before)")
      }
    }
    if SidecarSamples.tool("exiv2") == nil || SidecarSamples.tool("exiftool") == nil {
      Issue.record("exiv2 and exiftool are both needed to compare (make test-deps)")
    }
  }

  /// The version darktable's sidecar names tells darktable how to read its history: a
  /// write keeps it as it was, byte for byte, whatever version a new sidecar names.
  @Test(arguments: ["5", "3"])
  func darktablesVersionIsKeptAsItWas(_ version: String) async throws {
    let files = FolderFixture()
    let picture = files.file("IMG_4021.CR3", [0])
    let original = String(decoding: try SidecarSamples.darktable(), as: UTF8.self)
      .replacingOccurrences(
        of: "darktable:xmp_version=\"5\"", with: "darktable:xmp_version=\"\(version)\"")
    let sidecar = files.file("IMG_4021.CR3.xmp", Array(original.utf8))
    for decision in [SidecarSamples.picked, .undecided] {
      try SidecarStore(naming: .pictureName).write(decision, picture: picture)
      let text = String(decoding: try #require(SidecarSamples.bytes(sidecar)), as: UTF8.self)
      #expect(text.contains("darktable:xmp_version=\"\(version)\""))
      #expect(text.components(separatedBy: "xmp_version").count == 2)
      if let exiv2 = SidecarSamples.tool("exiv2") {
        let values = try await EditorReadBackTests.exiv2(exiv2, sidecar)
        #expect(values["Xmp.darktable.xmp_version"] == version)
      }
    }
  }

  @Test func aDecisionAlreadyThereLeavesTheFileAlone() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_4021.CR3", [0])
    let sidecar = files.file("IMG_4021.CR3.xmp", try SidecarSamples.darktable())
    let store = SidecarStore(naming: .pictureName)
    try store.write(SidecarSamples.picked, picture: picture)
    let written = String(decoding: try #require(SidecarSamples.bytes(sidecar)), as: UTF8.self)
    var before = stat()
    stat(sidecar, &before)
    #expect(try store.write(SidecarSamples.picked, picture: picture).isEmpty)
    var after = stat()
    stat(sidecar, &after)
    #expect(before.st_ino == after.st_ino)
    let now = String(decoding: SidecarSamples.bytes(sidecar) ?? [], as: UTF8.self)
    #expect(now == written)
  }

  @Test func theSidecarKeepsItsModeAndNoTemporaryFileIsLeft() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_4021.CR3", [0])
    let sidecar = files.file("IMG_4021.CR3.xmp", try SidecarSamples.darktable())
    chmod(sidecar, 0o640)
    try SidecarStore().write(SidecarSamples.picked, picture: picture)
    var status = stat()
    stat(sidecar, &status)
    #expect(status.st_mode & 0o777 == 0o640)
    let names = try FileManager.default.contentsOfDirectory(atPath: files.root).sorted()
    #expect(names == ["IMG_4021.CR3", "IMG_4021.CR3.xmp", "IMG_4021.xmp"])
  }
}
