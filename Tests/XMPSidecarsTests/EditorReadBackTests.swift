import Foundation
import Pictures
import TestSupport
import Testing
import XMPSidecars

/// What the gallery writes, read back by exiftool and exiv2 (the library darktable and
/// digiKam read sidecars with) as the same values, under both names of a raw's sidecar.
@Suite struct EditorReadBackTests {
  struct Expected: Sendable, CustomTestStringConvertible {
    var decision: CullingDecision
    var rating: String
    var label: String?
    var darktable: [String]
    var digiKamColor: String?
    var digiKamPick: String?
    var testDescription: String {
      "rating \(rating), label \(label ?? "none"), pick \(digiKamPick ?? "none")"
    }
  }

  static let cases: [Expected] = [
    Expected(
      decision: SidecarSamples.picked, rating: "4", label: "Red", darktable: ["0", "3"],
      digiKamColor: "1", digiKamPick: "3"),
    Expected(
      decision: CullingDecision(
        rating: StarRating(clamping: 2), flag: .rejected, labels: [.purple]),
      rating: "-1", label: "Purple", darktable: ["4"], digiKamColor: "6", digiKamPick: "1"),
    // Cleared after the first: nothing of the old decision left for any editor.
    Expected(
      decision: .undecided, rating: "0", label: nil, darktable: [], digiKamColor: nil,
      digiKamPick: nil),
  ]

  /// exiftool's values of the five fields, `-n` (numbers as written); lists joined by `,`.
  static func exiftool(_ tool: String, _ path: String) async throws -> [String: String] {
    let outcome = try await Subprocess.run([
      tool, "-j", "-n", "-XMP-xmp:Rating", "-XMP-xmp:Label", "-XMP-darktable:Colorlabels",
      "-XMP-digiKam:ColorLabel", "-XMP-digiKam:PickLabel", path,
    ])
    try #require(outcome.status == 0, "\(outcome.errors)")
    let json = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8))
    let object = try #require((json as? [[String: Any]])?.first)
    var values: [String: String] = [:]
    for (key, value) in object where key != "SourceFile" {
      if let list = value as? [Any] {
        values[key] = list.map { "\($0)" }.joined(separator: ",")
      } else {
        values[key] = "\(value)"
      }
    }
    return values
  }

  /// exiv2's values (`-px`): key to value, a sequence's items joined by `,`.
  static func exiv2(_ tool: String, _ path: String) async throws -> [String: String] {
    let outcome = try await Subprocess.run([tool, "-px", path])
    try #require(outcome.status == 0, "\(outcome.errors)")
    var values: [String: String] = [:]
    for line in outcome.output.split(separator: "\n") {
      let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
      guard fields.count >= 3 else { continue }
      let value = fields.count == 4 ? fields[3].drop(while: { $0 == " " }) : ""
      values[String(fields[0])] = value.replacingOccurrences(of: ", ", with: ",")
    }
    return values
  }

  @Test func exiftoolReadsTheDecisionFromBothNames() async throws {
    guard let tool = SidecarSamples.tool("exiftool") else {
      Issue.record("exiftool is not installed (make test-deps installs it)")
      return
    }
    let files = FolderFixture()
    let picture = files.file("IMG_4021.CR3", [0])
    for expected in Self.cases {
      try SidecarStore().write(expected.decision, picture: picture)
      for path in [picture + ".xmp", files.path("IMG_4021.xmp")] {
        let values = try await Self.exiftool(tool, path)
        #expect(values["Rating"] == expected.rating, "\(path): \(values)")
        #expect(values["Label"] == expected.label, "\(path): \(values)")
        #expect(
          values["Colorlabels"]
            == (expected.darktable.isEmpty ? nil : expected.darktable.joined(separator: ",")),
          "\(path): \(values)")
        #expect(values["ColorLabel"] == expected.digiKamColor, "\(path): \(values)")
        #expect(values["PickLabel"] == expected.digiKamPick, "\(path): \(values)")
      }
    }
  }

  @Test func exiv2ReadsTheDecisionFromBothNames() async throws {
    guard let tool = SidecarSamples.tool("exiv2") else {
      Issue.record("exiv2 is not installed (make test-deps installs it)")
      return
    }
    let files = FolderFixture()
    let picture = files.file("DSC_0001.NEF", [0])
    for expected in Self.cases {
      try SidecarStore().write(expected.decision, picture: picture)
      for path in [picture + ".xmp", files.path("DSC_0001.xmp")] {
        let values = try await Self.exiv2(tool, path)
        #expect(values["Xmp.xmp.Rating"] == expected.rating, "\(path): \(values)")
        #expect(values["Xmp.xmp.Label"] == expected.label, "\(path): \(values)")
        #expect(
          values["Xmp.darktable.colorlabels"]
            == (expected.darktable.isEmpty ? nil : expected.darktable.joined(separator: ",")),
          "\(path): \(values)")
        #expect(values["Xmp.digiKam.ColorLabel"] == expected.digiKamColor, "\(path): \(values)")
        #expect(values["Xmp.digiKam.PickLabel"] == expected.digiKamPick, "\(path): \(values)")
      }
    }
  }

  /// darktable reads a sidecar's rating only when it names darktable's format version
  /// (or its "ignore EXIF rating" option is off): a sidecar the gallery makes names it.
  @Test func aNewSidecarNamesDarktablesVersionForBothTools() async throws {
    let files = FolderFixture()
    let picture = files.file("IMG_4022.CR3", [0])
    try SidecarStore().write(SidecarSamples.picked, picture: picture)
    for path in [picture + ".xmp", files.path("IMG_4022.xmp")] {
      if let exiv2 = SidecarSamples.tool("exiv2") {
        let values = try await Self.exiv2(exiv2, path)
        #expect(values["Xmp.darktable.xmp_version"] == "5", "\(path): \(values)")
      }
      if let exiftool = SidecarSamples.tool("exiftool") {
        let outcome = try await Subprocess.run([exiftool, "-s3", "-XMP-darktable:all", path])
        #expect(outcome.output.split(separator: "\n").contains("5"), "\(path): \(outcome.output)")
      }
    }
    if SidecarSamples.tool("exiv2") == nil || SidecarSamples.tool("exiftool") == nil {
      Issue.record("exiv2 and exiftool are both needed (make test-deps)")
    }
  }

  @Test func aJPEGGetsDarktablesNameOnlyAndAnExistingStemSidecarIsMergedToo() throws {
    let files = FolderFixture()
    let picture = files.jpeg("IMG_1.JPG")
    #expect(try SidecarStore().write(SidecarSamples.picked, picture: picture) == [picture + ".xmp"])
    #expect(SidecarSamples.bytes(files.path("IMG_1.xmp")) == nil)
    let stem = files.file("IMG_1.xmp", SidecarSamples.other(rating: 1, note: "kept"))
    try SidecarStore().write(.undecided, picture: picture)
    let reading = try #require(try SidecarStore().read(picture: picture))
    #expect(reading.decision == .undecided)
    #expect(reading.disagreeing.isEmpty)
    let text = String(decoding: try #require(SidecarSamples.bytes(stem)), as: UTF8.self)
    #expect(text.contains("kept"))
  }
}
