import Foundation
import TestSupport
import Testing

@testable import Thumbnails

/// Pictures with every detail the library index keeps, written by exiftool onto pictures
/// made here and converted by Debian's encoders, once per test run (as `Corpus`); a missing
/// tool fails the tests that need its files.
enum DetailsCorpus {
  static let making = Task { await make() }

  static func path(_ name: String, sourceLocation: SourceLocation = #_sourceLocation)
    async throws -> String
  {
    try CorpusFiles.path(name, in: await making.value, sourceLocation: sourceLocation)
  }

  /// Every tag, as a phone writes them: Tokyo, `+09:00`, orientation 6, a maker note.
  static let full = [
    "-Make=Gallery Cams", "-Model=GX 1", "-LensModel=Zoom 24-70mm F2.8", "-ExposureTime=0.004",
    "-FNumber=2.8", "-ISO=400", "-FocalLength=35", "-DateTimeOriginal=2024:08:03 14:30:00",
    "-OffsetTimeOriginal=+09:00", "-GPSLatitude=35.6586", "-GPSLatitudeRef=N",
    "-GPSLongitude=139.7454", "-GPSLongitudeRef=E", "-GPSAltitude=40", "-GPSAltitudeRef=0",
    "-Orientation=6",
  ]

  /// South, west and below the sea, `-05:30`, and a date written as `DateTime` alone
  /// (exiftool's `ModifyDate`).
  static let southWest = [
    "-Make=Other", "-Model=Other Model", "-ModifyDate=2023:12:31 23:59:59",
    "-OffsetTime=-05:30", "-GPSLatitude=22.9068", "-GPSLatitudeRef=S",
    "-GPSLongitude=43.1729", "-GPSLongitudeRef=W", "-GPSAltitude=12.5", "-GPSAltitudeRef=1",
  ]

  private static func make() async -> (folder: String, problems: [String]) {
    let folder = Fixtures.makeFolder("details")
    var problems: [String] = []
    func run(_ tool: String, _ arguments: [String]) async {
      if let problem = await Tools.run(tool, arguments, in: folder) { problems.append(problem) }
    }
    func exiftool(_ tags: [String], _ source: String, _ out: String) async {
      await run("exiftool", ["-q", "-n"] + tags + ["-o", out, source])
    }
    let image = Fixtures.quadrants(width: 64, height: 48)
    Fixtures.write(Fixtures.jpeg(image), "plain.jpg", in: folder)
    Fixtures.write(Fixtures.png(image, kind: .rgba), "plain.png", in: folder)
    Fixtures.write(
      Fixtures.jpeg(Fixtures.quadrants(width: 32, height: 24)), "thumb.jpg", in: folder)
    Fixtures.write(
      (0..<12_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }, "makernote.bin", in: folder)
    await exiftool(
      full + ["-ThumbnailImage<=thumb.jpg", "-MakerNotes<=makernote.bin"], "plain.jpg",
      "full.jpg")
    await exiftool(southWest, "plain.jpg", "south-west.jpg")
    await run("convert", ["plain.png", "plain.tif"])
    await exiftool(full, "plain.tif", "full.tif")
    await exiftool(full, "plain.png", "full.png")
    await run("cwebp", ["-quiet", "plain.png", "-o", "plain.webp"])
    // exiftool writes no WebP: its EXIF goes in by webpmux, as a block exiftool wrote.
    await run("exiftool", ["-q", "-o", "full.exif", "full.jpg"])
    await run("webpmux", ["-set", "exif", "full.exif", "plain.webp", "-o", "full.webp"])
    await run("heif-enc", ["-q", "90", "full.jpg", "-o", "full.heic"])
    await run("cjxl", ["--quiet", "full.jpg", "full.jxl"])
    Fixtures.write(RawHeaders.bytes(.dng, variant: 3), "camera.dng", in: folder)
    Fixtures.write(
      RawHeaders.bytes(.nikon, variant: 4, sensorBytes: 4096), "camera.nef", in: folder)
    Fixtures.write(
      RawHeaders.bytes(.olympus, variant: 5, sensorBytes: 4096), "camera.orf", in: folder)
    await run(
      "ffmpeg",
      [
        "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
        "testsrc=size=64x48:rate=10", "-t", "2", "-c:v", "mpeg4", "-metadata",
        "creation_time=2024-08-03T05:30:00Z", "-metadata", "location=+35.6586+139.7454+040.000/",
        "placed.mov",
      ])
    // Broken heads.
    Fixtures.write([], "empty.jpg", in: folder)
    Fixtures.write(Array("this is no picture at all".utf8), "garbage.jpg", in: folder)
    if let whole = FileManager.default.contents(atPath: folder + "/full.jpg") {
      Fixtures.write(Array(whole.prefix(40)), "cut.jpg", in: folder)
    }
    Fixtures.write(Array(Fixtures.png(image, kind: .rgba).prefix(20)), "cut.png", in: folder)
    return (folder, problems)
  }

  /// exiftool's own reading of `path` (`-n -j`): tag names to values.
  static func exiftool(_ path: String) async throws -> [String: Any] {
    let outcome = try await Subprocess.run(["/usr/bin/exiftool", "-n", "-j", path])
    try #require(outcome.status == 0, "exiftool: \(outcome.errors)")
    let parsed = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8))
    return try #require((parsed as? [[String: Any]])?.first)
  }
}
