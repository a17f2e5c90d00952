import Foundation
import Pictures
import TestSupport
import Testing
import XMPSidecars

/// Two sidecars that disagree: the newest by modification time wins, the reading says
/// which lost, and the next write merges the decision into both.
@Suite struct ReadingRuleTests {
  /// Sets the modification time of `path` to `seconds` past 1970.
  static func age(_ path: String, seconds: Int) {
    var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
    utimensat(AT_FDCWD, path, &times, 0)
  }

  @Test(arguments: [true, false])
  func theNewestSidecarWins(_ lightroomsIsNewer: Bool) throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.ARW", [0])
    let darktable = files.file("IMG_1.ARW.xmp", SidecarSamples.other(rating: 2, note: "dt"))
    let lightroom = files.file("IMG_1.xmp", SidecarSamples.other(rating: 5, note: "lr"))
    Self.age(darktable, seconds: lightroomsIsNewer ? 1_700_000_000 : 1_700_000_100)
    Self.age(lightroom, seconds: lightroomsIsNewer ? 1_700_000_100 : 1_700_000_000)
    let reading = try #require(try SidecarStore().read(picture: picture))
    #expect(reading.decision.rating == StarRating(clamping: lightroomsIsNewer ? 5 : 2))
    #expect(reading.source == (lightroomsIsNewer ? lightroom : darktable))
    #expect(reading.disagreeing == [lightroomsIsNewer ? darktable : lightroom])
  }

  @Test func onATieDarktablesNameWins() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.ARW", [0])
    let darktable = files.file("IMG_1.ARW.xmp", SidecarSamples.other(rating: 2, note: "dt"))
    let lightroom = files.file("IMG_1.xmp", SidecarSamples.other(rating: 5, note: "lr"))
    Self.age(darktable, seconds: 1_700_000_000)
    Self.age(lightroom, seconds: 1_700_000_000)
    #expect(try SidecarStore().read(picture: picture)?.source == darktable)
  }

  @Test func writingMergesIntoBothAndKeepsWhatEachHad() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.ARW", [0])
    let darktable = files.file("IMG_1.ARW.xmp", SidecarSamples.other(rating: 2, note: "dt"))
    let lightroom = files.file("IMG_1.xmp", SidecarSamples.other(rating: 5, note: "lr"))
    // A setting naming one name still merges into the other, which exists.
    let changed = try SidecarStore(naming: .stem).write(SidecarSamples.picked, picture: picture)
    #expect(Set(changed) == [darktable, lightroom])
    let reading = try #require(try SidecarStore().read(picture: picture))
    #expect(reading.decision == SidecarSamples.picked)
    #expect(reading.disagreeing.isEmpty)
    for (path, note) in [(darktable, "dt"), (lightroom, "lr")] {
      let text = String(decoding: try #require(SidecarSamples.bytes(path)), as: UTF8.self)
      #expect(text.contains("other:note=\"\(note)\""), "\(text)")
    }
  }

  @Test func aSettingNamingOneNameMakesOnlyThatOne() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.ARW", [0])
    #expect(
      try SidecarStore(naming: .stem).write(SidecarSamples.picked, picture: picture) == [
        files.path("IMG_1.xmp")
      ])
    #expect(SidecarSamples.bytes(picture + ".xmp") == nil)
    let other = files.file("b.NEF", [0])
    #expect(
      try SidecarStore(naming: .pictureName).write(.undecided, picture: other)
        == [files.path("b.NEF.xmp")])
  }

  /// Lightroom reads the XMP inside a DNG, JPEG, HEIC, PNG or TIFF: those get
  /// darktable's name only, a proprietary raw both.
  @Test(arguments: [
    ("IMG_1.DNG", false), ("IMG_1.dng", false), ("IMG_1.JPG", false), ("IMG_1.HEIC", false),
    ("IMG_1.png", false), ("IMG_1.tif", false), ("IMG_1.CR3", true), ("IMG_1.nef", true),
    ("IMG_1.RAF", true),
  ])
  func onlyAProprietaryRawGetsBothNamesByDefault(_ name: String, _ both: Bool) {
    let picture = "/photos/" + name
    let paths = SidecarNaming.automatic.paths(for: picture)
    #expect(paths == (both ? [picture + ".xmp", "/photos/IMG_1.xmp"] : [picture + ".xmp"]))
  }

  @Test func aPictureWithoutSidecarsReadsAsNone() throws {
    let files = FolderFixture()
    #expect(try SidecarStore().read(picture: files.file("IMG_1.ARW", [0])) == nil)
  }
}
