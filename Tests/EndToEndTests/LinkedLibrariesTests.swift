import Foundation
import TestSupport
import Testing

/// What the dynamic loader loads before `main`: the libraries every start needs and no
/// codec a folder of JPEGs does not (those are opened when a file needs them), and no
/// ICU. Each library loaded at start costs its mapping and relocation on every launch.
@Suite struct LinkedLibrariesTests {
  /// The libraries the binary may name (ELF `DT_NEEDED`), by the start of their file
  /// names: the C library, the terminal, the formats a folder of phone pictures needs
  /// (JPEG, PNG, WebP, GIF, TIFF, colour profiles), cell art, the index, sidecars and
  /// content hashes, and Swift's runtime without Foundation's internationalisation.
  static let allowed = [
    "libc.so", "libm.so", "libncursesw.so", "libtinfo.so", "libturbojpeg.so", "libjpeg.so",
    "libpng16.so", "libz.so", "libwebp.so", "libwebpdemux.so", "libgif.so", "libtiff.so",
    "liblcms2.so", "libchafa.so", "libglib-2.0.so", "libsqlite3.so", "libexempi.so",
    "libxxhash.so", "libswift", "libBlocksRuntime.so", "libdispatch.so",
    "libFoundationEssentials.so",
  ]

  /// Libraries that must not be loaded at start, directly or through another.
  static let deferred = [
    "libavformat", "libavcodec", "libavutil", "libswscale", "libheif", "libde265", "libjxl",
    "libhwy", "libraw", "librsvg", "libcairo", "libgio", "libgobject", "libicu",
    "lib_FoundationICU", "libFoundationInternationalization", "libFoundation.so",
  ]

  @Test func theBinaryNamesOnlyTheStatedLibraries() async throws {
    let dynamic = try await Subprocess.run(["readelf", "-d", try BuiltProduct.path("gallery")])
    try #require(dynamic.status == 0, "\(dynamic.errors)")
    let needed = dynamic.output.split(separator: "\n").compactMap { line -> String? in
      guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["),
        let close = line.lastIndex(of: "]")
      else { return nil }
      return String(line[line.index(after: open)..<close])
    }
    #expect(needed.contains { $0.hasPrefix("libc.so") }, "\(dynamic.output)")
    let unexpected = needed.filter { name in !Self.allowed.contains { name.hasPrefix($0) } }
    #expect(unexpected.isEmpty, "linked at start but not on the list: \(unexpected)")
  }

  @Test func noCodecAndNoICUIsLoadedAtStart() async throws {
    var environment = ProcessInfo.processInfo.environment
    // The loader lists what it would load, every library a needed one needs included,
    // and runs nothing.
    environment["LD_TRACE_LOADED_OBJECTS"] = "1"
    let trace = try await Subprocess.run(
      [try BuiltProduct.path("gallery")], environment: environment)
    try #require(trace.status == 0, "\(trace.errors)")
    let loaded = trace.output.split(separator: "\n").compactMap {
      $0.split(separator: " ").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }
    #expect(loaded.contains { $0.hasPrefix("libc.so") }, "\(trace.output)")
    let early = loaded.filter { name in Self.deferred.contains { name.hasPrefix($0) } }
    #expect(early.isEmpty, "loaded at start: \(early)")
  }
}
