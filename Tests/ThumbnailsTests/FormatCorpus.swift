import CImageFormats
import Foundation
import Testing

@testable import Thumbnails

/// Pictures of every format, made once per test run with Debian's encoders
/// (`make test-deps` installs them) into a temporary folder.
///
/// A missing tool fails the tests that need its files, with the tool's name: it
/// never skips them.
enum Corpus {
  /// The folder and what went wrong making it (one line per failed command).
  static let made: (folder: String, problems: [String]) = make()

  /// The path of a corpus file; records an issue naming the failure when it was not made.
  static func path(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> String
  {
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
  static func bytes(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [UInt8]
  {
    let path = try path(name, sourceLocation: sourceLocation)
    return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// The colour every "flat" picture is filled with, in its own colour space.
  static let flat: (UInt8, UInt8, UInt8) = (200, 100, 50)

  /// Display P3's primaries and white (CIE xy).
  static let displayP3: [Double] = [0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290]

  private static func make() -> (String, [String]) {
    let folder = Fixtures.makeFolder("corpus")
    var problems: [String] = []
    func run(_ tool: String, _ arguments: [String]) {
      if let problem = Tools.run(tool, arguments, in: folder) { problems.append(problem) }
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
    run(
      "convert", ["flat.png", "-profile", "p3.icc", "-define", "png:color-type=2", "flat-p3.png"])

    // WebP.
    run("cwebp", ["-quiet", "-lossless", "-exact", "q.png", "-o", "q.webp"])
    run("cwebp", ["-quiet", "-q", "95", "q.png", "-o", "q-lossy.webp"])
    run("cwebp", ["-quiet", "-lossless", "-exact", "qa.png", "-o", "qa.webp"])
    run("webpmux", ["-set", "exif", "exif6.bin", "q.webp", "-o", "q-exif6.webp"])
    run("cwebp", ["-quiet", "-lossless", "-exact", "flat.png", "-o", "flat.webp"])
    run("webpmux", ["-set", "icc", "p3.icc", "flat.webp", "-o", "flat-p3.webp"])
    run(
      "img2webp",
      [
        "-loop", "2", "-lossless", "-d", "50", "f1.png", "-d", "70", "f2.png", "-d", "10", "f3.png",
        "-o", "anim.webp",
      ])

    // GIF: still, transparent, animated, and disposal to the previous canvas.
    run("convert", ["q.png", "q.gif"])
    run("convert", ["qa.png", "-channel", "A", "-threshold", "40%", "qa.gif"])
    for frame in ["f1", "f2", "f3"] { run("convert", ["\(frame).png", "\(frame).gif"]) }
    run(
      "gifsicle",
      [
        "--loopcount=2", "--delay", "5", "f1.gif", "--delay", "7", "f2.gif", "--delay", "1",
        "f3.gif", "-o", "anim.gif",
      ])
    run("convert", ["-size", "16x16", "xc:red", "red16.gif"])
    run("convert", ["-size", "8x8", "xc:lime", "green8.gif"])
    run("convert", ["-size", "8x8", "xc:blue", "blue8.gif"])
    run(
      "gifsicle",
      [
        "--loopcount=0", "red16.gif", "--disposal", "previous", "green8.gif", "--disposal", "none",
        "--position", "8,8", "blue8.gif", "-o", "dispose.gif",
      ])

    // HEIF: HEIC (lossless 4:4:4, with a thumbnail, with EXIF orientation 6 and no
    // irot, with a Display P3 profile) and AVIF (lossless, rotated by irot, nclx P3).
    run("heif-enc", ["-L", "-p", "chroma=444", "q.png", "-o", "q.heic"])
    run("heif-enc", ["-L", "-p", "chroma=444", "flat-p3.png", "-o", "flat-p3.heic"])
    run("convert", ["q.png", "-resize", "256x192", "-filter", "point", "q-big.png"])
    run("heif-enc", ["-q", "90", "-t", "64", "q-big.png", "-o", "q-thumb.heic"])
    run("heif-enc", ["-L", "-p", "chroma=444", "q.png", "-o", "q-exif6-plain.heic"])
    run("convert", ["q.png", "-quality", "98", "q.jpg"])
    run("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=6", "q.jpg"])
    run("heif-enc", ["-q", "95", "q.jpg", "-o", "q-exif6.heic"])
    run("avifenc", ["-l", "q.png", "q.avif"])
    run("avifenc", ["-l", "--irot", "1", "--exif", "exif6.bin", "q.png", "q-irot.avif"])
    run("avifenc", ["-l", "--cicp", "12/13/0", "flat.png", "flat-nclx.avif"])
    run("avifenc", ["-l", "flat-p3.png", "flat-p3.avif"])

    // TIFF: plain, oriented, three pages, alpha, Display P3.
    run("convert", ["q.png", "q.tif"])
    run("convert", ["q.png", "q-orient6.tif"])
    run("exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=6", "q-orient6.tif"])
    run("convert", ["q.png", "f1.png", "f2.png", "pages.tif"])
    run("convert", ["qa.png", "qa.tif"])
    run("convert", ["flat-p3.png", "flat-p3.tif"])

    // BMP: 24-bit, 32-bit with alpha (V5 header), 8-bit RLE, 4-bit, 16-bit 5-6-5, 1-bit.
    run("convert", ["q.png", "BMP3:q.bmp"])
    run("convert", ["qa.png", "-define", "bmp:format=bmp4", "BMP:qa.bmp"])
    run("convert", ["q.png", "-type", "Palette", "-compress", "RLE", "BMP3:q-rle8.bmp"])
    run("convert", ["q.png", "-colors", "4", "-depth", "4", "BMP3:q-4bit.bmp"])
    run("convert", ["q.png", "-define", "bmp:subtype=RGB565", "BMP:q-565.bmp"])
    run("convert", ["q.png", "-monochrome", "BMP3:q-1bit.bmp"])

    // JPEG XL: lossless, lossy, orientation from a JPEG's EXIF, Display P3, animated.
    run("cjxl", ["--quiet", "-d", "0", "q.png", "q.jxl"])
    run("cjxl", ["--quiet", "-d", "1", "q.png", "q-lossy.jxl"])
    run("cjxl", ["--quiet", "q.jpg", "q-exif6.jxl"])
    run("cjxl", ["--quiet", "-d", "0", "flat-p3.png", "flat-p3.jxl"])
    run("cjxl", ["--quiet", "-d", "0", "anim.gif", "anim.jxl"])

    // JPEG with a Display P3 profile.
    run("convert", ["flat-p3.png", "-quality", "100", "-sampling-factor", "1x1", "flat-p3.jpg"])
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
  ]

  /// Runs `tool` in `folder`; nil on success, else what went wrong.
  static func run(_ tool: String, _ arguments: [String], in folder: String) -> String? {
    guard let (path, package) = tools[tool] else { return "\(tool): not a known tool" }
    guard FileManager.default.isExecutableFile(atPath: path) else {
      return "\(tool): missing (Debian package \(package))"
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return "\(tool): \(error)"
    }
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text = String(decoding: said, as: UTF8.self)
      return
        "\(tool) \(arguments.joined(separator: " ")): exit \(process.terminationStatus) \(text)"
    }
    return nil
  }
}
