import Foundation
import Pictures
import TestSupport
import Testing

@testable import Thumbnails

/// The codec libraries opened when a file first needs them: the files opened are the
/// ones the headers built against belong to, each opens here, and each deferred format
/// names its libraries.
@Suite struct CodecLibraryTests {
  /// Where Debian's `-dev` packages put the unversioned link to a library.
  static let libraryFolders = [
    "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib",
  ]

  /// The SONAME recorded in the library the `-dev` package's unversioned link names
  /// (`libheif.so` → `libheif.so.1`): what the build linked against when it linked.
  static func devSoname(of file: String) async throws -> String? {
    guard let base = file.range(of: ".so.").map({ String(file[..<$0.lowerBound]) }) else {
      return nil
    }
    guard
      let link = libraryFolders.map({ "\($0)/\(base).so" }).first(where: {
        FileManager.default.fileExists(atPath: $0)
      })
    else { return nil }
    let dynamic = try await Subprocess.run(["readelf", "-d", link])
    let line = dynamic.output.split(separator: "\n").first { $0.contains("(SONAME)") }
    guard let line, let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]")
    else { return nil }
    return String(line[line.index(after: open)..<close])
  }

  @Test(arguments: CodecLibrary.allCases)
  func opensTheLibraryTheHeadersBelongTo(codec: CodecLibrary) async throws {
    #expect(!codec.libraryFiles.isEmpty)
    #expect(codec.library == codec.libraryFiles.first)
    for file in codec.libraryFiles {
      let soname = try await Self.devSoname(of: file)
      #expect(
        soname == file, "the headers name \(file), the -dev package's library \(soname ?? "none")")
    }
    #expect(codec.problem == nil, "\(codec.problem ?? "")")
    #expect(!codec.couldNotOpen)
    #expect(!codec.packages.isEmpty)
  }

  @Test func eachDeferredFormatNamesItsLibraries() {
    #expect(CodecLibrary(reading: .video) == .ffmpeg)
    #expect(CodecLibrary(reading: .heic) == .heif)
    #expect(CodecLibrary(reading: .avif) == .heif)
    #expect(CodecLibrary(reading: .jxl) == .jxl)
    #expect(CodecLibrary(reading: .raw) == .raw)
    #expect(CodecLibrary(reading: .svg) == .svg)
    for linked in [ImageFormat.jpeg, .png, .gif, .webp, .tiff, .bmp] {
      #expect(CodecLibrary(reading: linked) == nil)
    }
  }

  @Test func aMissingLibraryIsAReasonThatNamesItsPackage() {
    let error = ThumbnailError.libraryMissing(
      .heic, library: "libheif.so.1", packages: "libheif1")
    #expect(
      error.description
        == "Showing HEIC needs libheif.so.1, which cannot be opened (apt install libheif1)")
    #expect(error.shortReason == "needs libheif.so.1 (apt install libheif1)")
  }
}
