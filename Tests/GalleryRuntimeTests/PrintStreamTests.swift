import Foundation
import Pictures
import SystemSupport
import TerminalKit
import TestSupport
import Testing
import Thumbnails

@testable import Gallery
@testable import GalleryRuntime

/// `--print` as a stream: the bands written one after the other are byte for byte the
/// gallery drawn whole, as it was printed before, at every layout and size; and what is
/// held at once follows the bands, not the gallery.
@Suite struct PrintStreamTests {
  /// Caches in `files`: the reference decodes each picture, the streams read its art.
  static func configuration(_ files: FolderFixture) -> ThumbnailConfiguration {
    ThumbnailConfiguration(
      diskCache: ThumbnailDiskCache(root: files.path("thumbnails")), cellAspect: 2)
  }

  /// The built-in pictures, and a broken file and one picture listed twice besides.
  static func library(_ files: FolderFixture) throws -> Library {
    var library = try DefaultAssets.scanner().library()
    let broken = files.text("broken/broken.jpg")
    let first = try #require(library.sections.first?.pictures.first)
    let extra = LibrarySection(
      name: "Extra", folder: URL(fileURLWithPath: files.path("broken")),
      pictures: [
        Picture(
          path: broken, fileName: "broken.jpg", byteSize: 14, modificationDate: Date(),
          format: .jpeg),
        first,
      ])
    library.sections.insert(extra, at: 1)
    return library
  }

  /// The document as printed before streaming: every thumbnail rendered, then the whole
  /// gallery drawn as one frame.
  static func whole(_ state: GalleryState, mode: ColorMode, files: FolderFixture) async throws
    -> [UInt8]
  {
    let wants = GalleryPrinter.wants(state)
    let requests = Set(wants.map { $0.request(in: state.appearance) })
    let done = TestSignal()
    let results = Locked<[ThumbnailRequest: ThumbnailResult]>([:])
    let pipeline = ThumbnailPipeline(configuration: configuration(files)) { request, result in
      results.withLock { $0[request] = result }
      done.signal()
    }
    defer { pipeline.shutdown() }
    for request in requests { pipeline.request(request, priority: 1, preview: false) }
    // Each result within a minute of the one before: the pipeline's workers share the
    // cores with every other test.
    try #require(
      await done.wait(count: requests.count, timeout: .seconds(60)), "every thumbnail rendered")
    var shelf = ThumbnailShelf()
    let finished = results.withLock { $0 }
    for want in wants {
      let result = try #require(finished[want.request(in: state.appearance)])
      shelf.insert(result, path: want.path, size: want.size)
    }
    return GalleryPrinter.ansi(state, thumbnails: shelf, mode: mode)
  }

  /// Streams `state` on a thread of its own (the stream waits for its pipeline's workers),
  /// within two minutes: the bytes, how many parts they came in, and the statistics.
  static func streamANSI(
    _ state: GalleryState, mode: ColorMode, bandHeight: Int,
    configuration: ThumbnailConfiguration
  ) async throws -> (bytes: [UInt8], parts: [Int], statistics: PrintStream.Statistics) {
    let streamed = await Waiting.onOwnThread(within: .seconds(120)) {
      var bytes: [UInt8] = []
      var parts: [Int] = []
      let statistics = PrintStream(configuration: configuration, bandHeight: bandHeight)
        .writeANSI(state, mode: mode) {
          bytes += $0
          parts.append($0.count)
        }
      return (bytes, parts, statistics)
    }
    return try #require(streamed, "the stream of bands of \(bandHeight) rows ended")
  }

  @Test(arguments: [
    (LayoutPreset.showcase, 80, 24), (.showcase, 160, 50), (.grid, 90, 50), (.list, 120, 40),
    (.browse, 100, 30), (.flow, 57, 19),
  ])
  func theStreamIsTheWholeGalleryByteForByte(layout: LayoutPreset, width: Int, height: Int)
    async throws
  {
    let files = FolderFixture()
    let mode: ColorMode = width % 2 == 0 ? .truecolor : .indexed256
    let state = GalleryPrinter.state(
      library: try Self.library(files), width: width, height: height,
      configuration: GalleryState.Configuration(
        layoutPreset: layout, appearance: Appearance(colorMode: mode)))
    let expected = try await Self.whole(state, mode: mode, files: files)
    #expect(!expected.isEmpty)
    for band in [1, 7, height, 1000] {
      let (streamed, parts, statistics) = try await Self.streamANSI(
        state, mode: mode, bandHeight: band, configuration: Self.configuration(files))
      #expect(streamed == expected, "bands of \(band) rows at \(width)×\(height)")
      #expect(parts.count == statistics.bands)
      #expect(parts.count == (state.layout.contentSize.height + band - 1) / band)
    }
    // Plain text streams the same way.
    var plain: [UInt8] = []
    PrintStream(configuration: Self.configuration(files), bandHeight: 5).writePlain(state) {
      plain += $0
    }
    #expect(plain == Array(GalleryPrinter.plain(state).utf8))
  }

  @Test func whatIsHeldFollowsTheBandsNotTheGallery() async throws {
    // Ten sections of the built-in pictures: 700 tiles, hard links to 70 files.
    let files = FolderFixture()
    let base = try DefaultAssets.scanner().library()
    let pictures = base.sections.flatMap(\.pictures)
    let sections = (0..<10).map { index in
      let folder = files.folder("set\(index)")
      return LibrarySection(
        name: "Set \(index)", folder: URL(fileURLWithPath: folder),
        pictures: pictures.map { picture in
          let path = folder + "/" + picture.fileName
          link(picture.path, path)
          return Picture(
            path: path, fileName: picture.fileName, byteSize: picture.byteSize,
            modificationDate: picture.modificationDate, format: picture.format)
        })
    }
    let state = GalleryPrinter.state(
      library: Library(sections: sections), width: 120, height: 40,
      configuration: GalleryState.Configuration(layoutPreset: .grid))
    let (streamed, parts, statistics) = try await Self.streamANSI(
      state, mode: .truecolor, bandHeight: 40, configuration: Self.configuration(files))
    let bytes = streamed.count
    let firstPart = parts.first
    let tiles = GalleryPrinter.wants(state).count
    #expect(tiles == 700)
    #expect(statistics.bands > 30)
    // A band of this grid shows about 20 pictures; the stream asks a few bands ahead.
    #expect(statistics.peakHeld <= 150, "held \(statistics.peakHeld) of \(tiles)")
    #expect((firstPart ?? 0) < bytes / 10, "the first band went out alone")
  }
}
