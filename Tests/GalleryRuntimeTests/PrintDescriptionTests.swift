import Foundation
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `--print` says what the screen says of videos and of files only decoding finds broken:
/// the contact sheet's tiles carry a video's length, and the JSON gives a video's length
/// and why a sound-only video, a cut video or a cut raw file cannot be shown.
@Suite(.enabled(if: access("/usr/bin/ffmpeg", X_OK) == 0, "needs ffmpeg"))
struct PrintDescriptionTests {
  /// What `--print` with `arguments` writes, on a thread of its own (it waits for its
  /// decoders), within two minutes.
  static func print(_ arguments: [String]) async throws -> String {
    guard case .run(let options) = try GalleryOptions.parse(["--print", "--no-cache"] + arguments)
    else {
      Issue.record("expected options for \(arguments)")
      return ""
    }
    let printed = await Waiting.onOwnThread(within: .seconds(120)) { () -> [UInt8]? in
      var bytes: [UInt8] = []
      do {
        try GalleryLaunch(options: options, unicode: true, environment: ["NO_COLOR": "1"]).print(
          to: { bytes += $0 })
      } catch {
        return nil
      }
      return bytes
    }
    let bytes = try #require(printed ?? nil, "the print of \(arguments) ended")
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A 4-second clip, a sound-only MP4, an MP4 cut in half and a DNG cut short.
  static func media(_ fixture: FolderFixture, brokenToo: Bool) async throws -> String {
    let folder = fixture.path("media")
    fixture.folder("media")
    func ffmpeg(_ arguments: [String]) async throws {
      let made = try await Subprocess.run(
        ["/usr/bin/ffmpeg", "-hide_banner", "-loglevel", "error", "-y"] + arguments,
        directory: folder)
      try #require(made.status == 0, "\(made.errors)")
    }
    let clip = [
      "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=4", "-c:v", "libx264",
      "-pix_fmt", "yuv420p",
    ]
    try await ffmpeg(clip + ["-movflags", "+faststart", "clip.mp4"])
    guard brokenToo else { return folder }
    try await ffmpeg([
      "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", "sound.mp4",
    ])
    // The index (moov) last, as a camera writes it, then the file cut in half before it.
    try await ffmpeg(clip + [fixture.path("whole.mp4")])
    let whole = try #require(OnDisk.bytes(fixture.path("whole.mp4")))
    fixture.file("media/cut.mp4", Array(whole.prefix(whole.count / 2)))
    let raw = DNGWriter(
      width: 64, height: 48, scene: [UInt8](repeating: 128, count: 64 * 48 * 4), preview: nil
    ).bytes()
    fixture.file("media/cut.dng", Array(raw.prefix(raw.count * 2 / 3)))
    return folder
  }

  @Test func theJSONSaysWhatTheScreenSays() async throws {
    let fixture = FolderFixture()
    let folder = try await Self.media(fixture, brokenToo: true)
    let json = try await Self.print(["--format", "json", folder])
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
    let items = (document["elements"] as? [[String: Any]] ?? []).filter {
      $0["kind"] as? String == "item"
    }
    var byName: [String: [String: Any]] = [:]
    for item in items { byName[item["name"] as? String ?? ""] = item }
    #expect(byName.keys.sorted() == ["clip.mp4", "cut.dng", "cut.mp4", "sound.mp4"], "\(json)")
    #expect(byName["clip.mp4"]?["broken"] is NSNull, "\(json)")
    let length = try #require(byName["clip.mp4"]?["duration"] as? Double, "\(json)")
    #expect(abs(length - 4) < 0.1, "\(json)")
    #expect(byName["sound.mp4"]?["broken"] as? String == "The file holds sound alone, no pictures")
    #expect((byName["cut.mp4"]?["broken"] as? String)?.isEmpty == false, "\(json)")
    #expect(
      byName["cut.dng"]?["broken"] as? String == "The file ends early: the picture is cut short")
    #expect(byName["cut.dng"]?["duration"] is NSNull, "\(json)")
  }

  @Test func theContactSheetShowsAVideosLength() async throws {
    let fixture = FolderFixture()
    let folder = try await Self.media(fixture, brokenToo: false)
    let sheet = try await Self.print(["--format", "ansi", "--size", "100x30", folder])
    #expect(sheet.contains("▶ 0:04"), "\(sheet)")
  }
}
