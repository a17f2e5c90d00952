import CImageFormats
import Foundation
import TestSupport
import Testing

@testable import Thumbnails

/// Pictures of every format, made once per test run with Debian's encoders
/// (`make test-deps` installs them) into a temporary folder.
///
/// The encoders run as processes waited for off the cooperative pool, started by the
/// first test that asks; the others await the same making. (A `static let` made
/// synchronously held every thread of the pool for the seconds the encoders took: each
/// test that touched the corpus meanwhile blocked in its initialiser.) A missing tool
/// fails the tests that need its files, with the tool's name: it never skips them.
enum Corpus {
  /// The folder and what went wrong making it (one line per failed command).
  static let making = Task { await make() }

  /// The path of a corpus file; records an issue naming the failure when it was not made.
  static func path(_ name: String, sourceLocation: SourceLocation = #_sourceLocation)
    async throws -> String
  {
    let made = await making.value
    let path = made.folder + "/" + name
    guard FileManager.default.fileExists(atPath: path) else {
      let problems = made.problems.joined(separator: "\n")
      try #require(
        Bool(false), "\(name) was not made; run `make test-deps`.\n\(problems)",
        sourceLocation: sourceLocation)
      return path
    }
    return path
  }

  /// The bytes of a corpus file.
  static func bytes(_ name: String, sourceLocation: SourceLocation = #_sourceLocation)
    async throws -> [UInt8]
  {
    let path = try await path(name, sourceLocation: sourceLocation)
    return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// The colour every "flat" picture is filled with, in its own colour space.
  static let flat: (UInt8, UInt8, UInt8) = (200, 100, 50)

  /// Display P3's primaries and white (CIE xy).
  static let displayP3: [Double] = [0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290]

  private static func make() async -> (folder: String, problems: [String]) {
    let folder = Fixtures.makeFolder("corpus")
    var problems: [String] = []
    func run(_ tool: String, _ arguments: [String]) async {
      if let problem = await Tools.run(tool, arguments, in: folder) {
        problems.append(problem)
      }
    }
    func write(_ bytes: [UInt8], _ name: String) { Fixtures.write(bytes, name, in: folder) }

    // Sources: quadrants (red, green / blue, white), half-transparent quadrants, a
    // flat colour, three frames of solid colour, an EXIF block with orientation 6,
    // and a Display P3 profile.
    write(Fixtures.png(Fixtures.quadrants(width: 64, height: 48), kind: .rgb), "q.png")
    write(
      Fixtures.png(Fixtures.quadrants(width: 64, height: 48, alpha: 128), kind: .rgba), "qa.png")
    write(
      Fixtures.png(
        PixelImage(width: 32, height: 32, filledWith: (flat.0, flat.1, flat.2, 255)), kind: .rgb),
      "flat.png")
    for (index, colour) in [(255, 0, 0), (0, 255, 0), (0, 0, 255)].enumerated() {
      let frame = PixelImage(
        width: 24, height: 16,
        filledWith: (UInt8(colour.0), UInt8(colour.1), UInt8(colour.2), 255))
      write(Fixtures.png(frame, kind: .rgb), "f\(index + 1).png")
    }
    write(
      Fixtures.exifTIFF(orientation: 6, model: "Corpus Camera", date: "2024:05:01 12:00:00"),
      "exif6.bin")
    write(iccProfile(primaries: displayP3, description: "Display P3"), "p3.icc")
    // Truecolour: heif-enc 1.15 reads a palette PNG with a profile wrongly.
    await run(
      "convert", ["flat.png", "-profile", "p3.icc", "-define", "png:color-type=2", "flat-p3.png"])

    // WebP.
    await run("cwebp", ["-quiet", "-lossless", "-exact", "q.png", "-o", "q.webp"])
    await run("cwebp", ["-quiet", "-q", "95", "q.png", "-o", "q-lossy.webp"])
    await run("cwebp", ["-quiet", "-lossless", "-exact", "qa.png", "-o", "qa.webp"])
    await run("webpmux", ["-set", "exif", "exif6.bin", "q.webp", "-o", "q-exif6.webp"])
    await run("cwebp", ["-quiet", "-lossless", "-exact", "flat.png", "-o", "flat.webp"])
    await run("webpmux", ["-set", "icc", "p3.icc", "flat.webp", "-o", "flat-p3.webp"])
    await run(
      "img2webp",
      [
        "-loop", "2", "-lossless", "-d", "50", "f1.png", "-d", "70", "f2.png", "-d", "10", "f3.png",
        "-o", "anim.webp",
      ])

    // GIF: still, transparent, animated, and disposal to the previous canvas.
    await run("convert", ["q.png", "q.gif"])
    await run("convert", ["qa.png", "-channel", "A", "-threshold", "40%", "qa.gif"])
    for frame in ["f1", "f2", "f3"] { await run("convert", ["\(frame).png", "\(frame).gif"]) }
    await run(
      "gifsicle",
      [
        "--loopcount=2", "--delay", "5", "f1.gif", "--delay", "7", "f2.gif", "--delay", "1",
        "f3.gif", "-o", "anim.gif",
      ])
    await run("convert", ["-size", "16x16", "xc:red", "red16.gif"])
    await run("convert", ["-size", "8x8", "xc:lime", "green8.gif"])
    await run("convert", ["-size", "8x8", "xc:blue", "blue8.gif"])
    await run(
      "gifsicle",
      [
        "--loopcount=0", "red16.gif", "--disposal", "previous", "green8.gif", "--disposal", "none",
        "--position", "8,8", "blue8.gif", "-o", "dispose.gif",
      ])

    // HEIF: HEIC (lossless 4:4:4, with a thumbnail, with EXIF orientation 6 and no
    // irot, with a Display P3 profile) and AVIF (lossless, rotated by irot, nclx P3).
    await run("heif-enc", ["-L", "-p", "chroma=444", "q.png", "-o", "q.heic"])
    await run("heif-enc", ["-L", "-p", "chroma=444", "flat-p3.png", "-o", "flat-p3.heic"])
    await run("convert", ["q.png", "-resize", "256x192", "-filter", "point", "q-big.png"])
    await run("heif-enc", ["-q", "90", "-t", "64", "q-big.png", "-o", "q-thumb.heic"])
    await run("heif-enc", ["-L", "-p", "chroma=444", "q.png", "-o", "q-exif6-plain.heic"])
    await run("convert", ["q.png", "-quality", "98", "q.jpg"])
    await run("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=6", "q.jpg"])
    await run("heif-enc", ["-q", "95", "q.jpg", "-o", "q-exif6.heic"])
    // A phone's JPEG in small: a 160×120 EXIF preview put in by exiftool, orientation 6.
    await run("convert", ["q.png", "-scale", "480x360!", "-quality", "90", "phone6.jpg"])
    await run("convert", ["q.png", "-scale", "160x120!", "-strip", "phone-preview.jpg"])
    await run(
      "exiftool",
      [
        "-q", "-overwrite_original", "-n", "-Orientation=6",
        "-ThumbnailImage<=phone-preview.jpg", "phone6.jpg",
      ])
    await run("avifenc", ["-l", "q.png", "q.avif"])
    await run("avifenc", ["-l", "--irot", "1", "--exif", "exif6.bin", "q.png", "q-irot.avif"])
    await run("avifenc", ["-l", "--cicp", "12/13/0", "flat.png", "flat-nclx.avif"])
    await run("avifenc", ["-l", "flat-p3.png", "flat-p3.avif"])

    // TIFF: plain, oriented, three pages, alpha, Display P3.
    await run("convert", ["q.png", "q.tif"])
    await run("convert", ["q.png", "q-orient6.tif"])
    await run("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=6", "q-orient6.tif"])
    await run("convert", ["q.png", "f1.png", "f2.png", "pages.tif"])
    await run("convert", ["qa.png", "qa.tif"])
    await run("convert", ["flat-p3.png", "flat-p3.tif"])

    // BMP: 24-bit, 32-bit with alpha (V5 header), 8-bit RLE, 4-bit, 16-bit 5-6-5, 1-bit.
    await run("convert", ["q.png", "BMP3:q.bmp"])
    await run("convert", ["qa.png", "-define", "bmp:format=bmp4", "BMP:qa.bmp"])
    await run("convert", ["q.png", "-type", "Palette", "-compress", "RLE", "BMP3:q-rle8.bmp"])
    await run("convert", ["q.png", "-colors", "4", "-depth", "4", "BMP3:q-4bit.bmp"])
    await run("convert", ["q.png", "-define", "bmp:subtype=RGB565", "BMP:q-565.bmp"])
    await run("convert", ["q.png", "-monochrome", "BMP3:q-1bit.bmp"])

    // JPEG XL: lossless, lossy, orientation from a JPEG's EXIF, Display P3, animated.
    await run("cjxl", ["--quiet", "-d", "0", "q.png", "q.jxl"])
    await run("cjxl", ["--quiet", "-d", "1", "q.png", "q-lossy.jxl"])
    await run("cjxl", ["--quiet", "q.jpg", "q-exif6.jxl"])
    await run("cjxl", ["--quiet", "-d", "0", "flat-p3.png", "flat-p3.jxl"])
    await run("cjxl", ["--quiet", "-d", "0", "anim.gif", "anim.jxl"])

    // The date taken in every format that carries EXIF: a JPEG dated by exiftool, and
    // what heif-enc and cjxl make of it (both keep its EXIF); a PNG (exiftool writes an
    // eXIf chunk) and a TIFF dated the same way. The WebP is q-exif6.webp (DateTime).
    for (source, dated) in [("q.jpg", "dated.jpg"), ("q.png", "dated.png"), ("q.tif", "dated.tif")]
    {
      await run("exiftool", ["-q", "-DateTimeOriginal=2023:07:08 09:10:11", "-o", dated, source])
    }
    await run("heif-enc", ["-q", "90", "dated.jpg", "-o", "dated.heic"])
    await run("cjxl", ["--quiet", "dated.jpg", "dated.jxl"])

    // JPEG with a Display P3 profile.
    await run(
      "convert", ["flat-p3.png", "-quality", "100", "-sampling-factor", "1x1", "flat-p3.jpg"])
    return (folder, problems)
  }

  /// An ICC profile with `primaries` and the sRGB curve, made with lcms2.
  static func iccProfile(primaries: [Double], description: String) -> [UInt8] {
    let size = gallery_lcms_save_rgb_profile(primaries, 0, description, nil, 0)
    var bytes = [UInt8](repeating: 0, count: Int(size))
    _ = gallery_lcms_save_rgb_profile(primaries, 0, description, &bytes, size)
    return bytes
  }
}

/// Debian's image tools, run by absolute path.
enum Tools {
  /// Where each tool is and the package that installs it.
  static let tools: [String: (path: String, package: String)] = [
    "cwebp": ("/usr/bin/cwebp", "webp"), "img2webp": ("/usr/bin/img2webp", "webp"),
    "webpmux": ("/usr/bin/webpmux", "webp"), "gifsicle": ("/usr/bin/gifsicle", "gifsicle"),
    "heif-enc": ("/usr/bin/heif-enc", "libheif-examples"),
    "avifenc": ("/usr/bin/avifenc", "libavif-bin"), "cjxl": ("/usr/bin/cjxl", "libjxl-tools"),
    "convert": ("/usr/bin/convert", "imagemagick"),
    "exiftool": ("/usr/bin/exiftool", "libimage-exiftool-perl"),
    "vipsthumbnail": ("/usr/bin/vipsthumbnail", "libvips-tools"),
    "ffmpeg": ("/usr/bin/ffmpeg", "ffmpeg"),
  ]

  /// Runs `tool` in `folder`; nil on success, else what went wrong.
  static func run(_ tool: String, _ arguments: [String], in folder: String) async -> String? {
    guard let (path, package) = tools[tool] else { return "\(tool): not a known tool" }
    guard FileManager.default.isExecutableFile(atPath: path) else {
      return "\(tool): missing (Debian package \(package))"
    }
    do {
      let outcome = try await Subprocess.run([path] + arguments, directory: folder)
      guard outcome.status == 0 else {
        return
          "\(tool) \(arguments.joined(separator: " ")): exit \(outcome.status) \(outcome.errors)"
      }
      return nil
    } catch {
      return "\(tool): \(error)"
    }
  }
}
