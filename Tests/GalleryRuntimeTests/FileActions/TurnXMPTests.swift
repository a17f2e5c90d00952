import Foundation
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// A turn keeps the XMP `tiff:Orientation` the same as the EXIF one, in files exiftool
/// wrote and as exiftool reads them back.
@Suite(.enabled(if: access("/usr/bin/exiftool", X_OK) == 0, "needs exiftool"))
struct TurnXMPTests {
  /// exiftool's value of `tag` in `path`, as a number.
  private static func read(_ tag: String, _ path: String) async throws -> String {
    let outcome = try await Subprocess.run(["/usr/bin/exiftool", "-n", "-s3", "-" + tag, path])
    return outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A picture made by `convert` or the built-in JPEG, tagged by exiftool with `tags`.
  private static func picture(_ files: FolderFixture, _ name: String, _ tags: [String])
    async throws -> String
  {
    let path = files.path(name)
    if name.hasSuffix(".jpg") {
      let asset = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/office-1.jpg")
      files.file(name, [UInt8](try Data(contentsOf: asset)))
    } else {
      let made = try await Subprocess.run([
        "/usr/bin/convert-im6.q16", "-size", "8x6", "xc:red", path,
      ])
      try #require(made.status == 0, "\(made.errors)")
    }
    let tagged = try await Subprocess.run(
      ["/usr/bin/exiftool", "-q", "-overwrite_original", "-n"] + tags + [path])
    try #require(tagged.status == 0, "\(tagged.errors)")
    return path
  }

  @Test(arguments: ["a.jpg", "a.png", "a.tif"])
  func theXMPOrientationTurnsWithTheEXIFOne(name: String) async throws {
    guard name == "a.jpg" || access("/usr/bin/convert-im6.q16", X_OK) == 0 else { return }
    let files = FolderFixture()
    let path = try await Self.picture(
      files, name, ["-EXIF:Orientation=8", "-XMP-tiff:Orientation=8"])
    _ = try FileActor.turnFile(path, .right)
    #expect(try await Self.read("EXIF:Orientation", path) == "1")
    #expect(try await Self.read("XMP-tiff:Orientation", path) == "1")
  }

  @Test func aJPEGWithXMPAloneGetsBothTheSame() async throws {
    let files = FolderFixture()
    let path = try await Self.picture(files, "b.jpg", ["-XMP-tiff:Orientation=3"])
    _ = try FileActor.turnFile(path, .right)
    #expect(try await Self.read("EXIF:Orientation", path) == "6")
    #expect(try await Self.read("XMP-tiff:Orientation", path) == "6")
  }
}
