import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Thumbnails

/// Drawn art on disk: keys, entries read back whole, the size bound, atomic writes, and
/// the warm path that decodes nothing.
@Suite struct ArtDiskCacheTests {
  static let metadata = ImageMetadata(
    format: .jpeg, originalWidth: 4032, originalHeight: 3024, orientation: 6,
    dateTaken: "2024:05:01 12:00:00", cameraModel: "Pixel", colorProfile: "Display P3",
    frameCount: 1)

  /// Cell art with every kind of colour and a wide character's two halves.
  static func art() -> CellArt {
    let size = TileSize(columns: 4, rows: 2)
    let cells: [Cell] = [
      Cell("▀", style: Style(foreground: .rgb(1, 2, 3), background: .rgb(250, 251, 252))),
      Cell("▞", style: Style(foreground: .indexed(17), background: .indexed(231))),
      Cell(" "), Cell("x", style: Style(foreground: .red, attributes: [.bold])),
      Cell("漢", style: Style(background: .blue)), .continuation(style: Style(background: .blue)),
      Cell("é"), Cell("▁", style: Style(foreground: .default, background: .rgb(9, 9, 9))),
    ]
    return CellArt(size: size, fit: CellFit(column: 0, row: 0, columns: 4, rows: 2), cells: cells)
  }

  @Test func entriesReadBackWhole() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = ArtDiskCache(root: folder + "/art")
    let art = Self.art()
    #expect(cache.store(.init(drawing: .cells(art), metadata: Self.metadata), key: "cells a"))
    let entry = try #require(cache.load("cells a"))
    #expect(entry.drawing == .cells(art))
    #expect(entry.metadata == Self.metadata)
    let picture = EncodedPicture(
      format: .kittyPlaceholder, columns: 8, rows: 3, pixelWidth: 80, pixelHeight: 60,
      data: Array(0...255), isCompressed: true)
    #expect(cache.store(.init(drawing: .picture(picture), metadata: Self.metadata), key: "px"))
    #expect(cache.load("px")?.drawing == .picture(picture))
    #expect(cache.load("another key") == nil)
    // An image made from the entry is named anew each time.
    let first = picture.image(id: 5)
    #expect(first.id == 5 && first.columns == 8 && first.format == .kittyPlaceholder)
  }

  @Test func keysNameTheFileByIdentityAndTheDrawingByEverythingItDependsOn() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = Fixtures.write(
      Fixtures.jpeg(Fixtures.quadrants(width: 64, height: 48)), "a.jpg", in: folder)
    let identity = try #require(ArtDiskCache.identity(path: path))
    // A hard link, or the file renamed, is the same file.
    link(path, folder + "/linked.jpg")
    #expect(ArtDiskCache.identity(path: folder + "/linked.jpg") == identity)
    // Rewritten (same size, same second), it is another.
    var info = stat()
    stat(path, &info)
    Fixtures.write(Fixtures.jpeg(Fixtures.quadrants(width: 64, height: 48)), "b.jpg", in: folder)
    rename(folder + "/b.jpg", path)
    #expect(ArtDiskCache.identity(path: path) != identity)
    #expect(ArtDiskCache.identity(path: folder) == nil, "a folder has no art")
    #expect(ArtDiskCache.identity(path: folder + "/missing.jpg") == nil)

    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(diskCache: ThumbnailDiskCache(isEnabled: false))
    ) { _, _ in }
    defer { pipeline.shutdown() }
    let base = ThumbnailRequest(path: path, size: TileSize(columns: 20, rows: 8))
    var variants = [base]
    variants.append(ThumbnailRequest(path: path, size: TileSize(columns: 20, rows: 9)))
    variants.append(ThumbnailRequest(path: path, size: base.size, mode: .indexed256))
    variants.append(ThumbnailRequest(path: path, size: base.size, symbols: .braille))
    let keys = variants.map { pipeline.artKey($0, identity: "1:2:3:4.5") }
    #expect(Set(keys).count == keys.count)
    #expect(pipeline.artKey(base, identity: "1:2:3:4.6") != keys[0])
    let wider = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(
        diskCache: ThumbnailDiskCache(isEnabled: false), cellAspect: 2.2)
    ) { _, _ in }
    defer { wider.shutdown() }
    #expect(wider.artKey(base, identity: "1:2:3:4.5") != keys[0], "the cell shape counts")
    let tile = PictureTile(size: base.size, cell: .init(width: 10, height: 20))
    let pictures = [
      PictureRequest(path: path, tile: tile, format: .kitty),
      PictureRequest(path: path, tile: tile, format: .sixel),
      PictureRequest(path: path, tile: tile, format: .iterm2),
      PictureRequest(
        path: path, tile: PictureTile(size: base.size, cell: .init(width: 9, height: 18)),
        format: .kitty),
      PictureRequest(
        path: path, tile: tile, format: .sixel,
        visible: TileCrop(column: 0, row: 0, columns: 10, rows: 8)),
    ]
    let pictureKeys = pictures.map { pipeline.pictureKey($0, identity: "1:2:3:4.5") }
    #expect(Set(pictureKeys).count == pictureKeys.count)
    #expect(Set(pictureKeys).isDisjoint(with: keys))
  }

  @Test func theFolderStaysUnderItsLimitLeastRecentlyUsedFirst() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let root = folder + "/art"
    let picture = EncodedPicture(
      format: .sixel, columns: 1, rows: 1, pixelWidth: 1, pixelHeight: 1,
      data: [UInt8](repeating: 7, count: 10_000), isCompressed: false)
    let entry = ArtArchive.Entry(drawing: .picture(picture), metadata: Self.metadata)
    let cache = ArtDiskCache(root: root, byteLimit: 100_000)
    // Nine entries of about 10 KB, each older than the next.
    for index in 0..<9 {
      #expect(cache.store(entry, key: "k\(index)"))
      var times = [
        timespec(tv_sec: 1_000_000 + index, tv_nsec: 0),
        timespec(tv_sec: 1_000_000 + index, tv_nsec: 0),
      ]
      utimensat(AT_FDCWD, cache.entryPath(for: "k\(index)"), &times, 0)
    }
    #expect(cache.trim() <= 100_000)
    #expect(cache.load("k0") != nil, "under the limit nothing goes")
    // Past the limit, the oldest go until three quarters of it are left.
    for index in 9..<12 { cache.store(entry, key: "k\(index)") }
    let names = try FileManager.default.contentsOfDirectory(atPath: root)
    let bytes = names.reduce(0) { total, name in
      var info = stat()
      stat(root + "/" + name, &info)
      return total + Int(info.st_size)
    }
    #expect(bytes <= 100_000)
    #expect(cache.load("k1") == nil && cache.load("k2") == nil)
    #expect(cache.load("k0") != nil, "read since it was written: used lately, kept")
    #expect(cache.load("k11") != nil, "the newest stays")
    #expect(!names.contains { $0.hasSuffix(".part") }, "no temporary file left behind")
  }

  /// A video whose cover is its poster keeps the size of its frames in the cache.
  @Test func aVideosDetailsComeBackWithTheSizeOfItsFrames() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = ArtDiskCache(root: folder + "/art")
    for frames in [nil, PixelSize(width: 1280, height: 720)] {
      let metadata = ImageMetadata(
        format: .video, originalWidth: 600, originalHeight: 600,
        video: VideoFacts(
          duration: 4, codec: "h264", framesPerSecond: 25, hasAudio: true, frameSize: frames))
      #expect(cache.store(.init(drawing: .cells(Self.art()), metadata: metadata), key: "v"))
      #expect(cache.load("v")?.metadata == metadata)
    }
  }

  @Test func damagedEntriesAreMissesAndGo() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = ArtDiskCache(root: folder + "/art")
    cache.store(.init(drawing: .cells(Self.art()), metadata: Self.metadata), key: "k")
    let path = cache.entryPath(for: "k")
    let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    // Cut short (a crash mid-write of a file that was never renamed cannot happen, but
    // a disk can lose the end), then garbage in the cells.
    for damaged in [Array(whole.prefix(whole.count / 2)), whole.map { $0 ^ 0x5A }, []] {
      Fixtures.write(damaged, (path as NSString).lastPathComponent, in: folder + "/art")
      #expect(cache.load("k") == nil)
      #expect(!FileManager.default.fileExists(atPath: path) || damaged.isEmpty)
    }
    // Another key stored under the same name (a hash collision) is not taken.
    Fixtures.write(
      whole, (cache.entryPath(for: "other") as NSString).lastPathComponent, in: folder + "/art")
    #expect(cache.load("other") == nil)
  }

  @Test func readOnlyOrOffIsSkippedSilently() throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let entry = ArtArchive.Entry(drawing: .cells(Self.art()), metadata: Self.metadata)
    let file = Fixtures.write([1], "file", in: folder)
    for cache in [
      ArtDiskCache(root: "/proc/gallery-art"), ArtDiskCache(root: file + "/art"),
      ArtDiskCache(root: folder + "/off", isEnabled: false),
    ] {
      #expect(!cache.store(entry, key: "k"))
      #expect(cache.load("k") == nil)
    }
    #expect(!FileManager.default.fileExists(atPath: folder + "/off"))
    // Beside the freedesktop thumbnails, on or off with them.
    let beside = ArtDiskCache(beside: ThumbnailDiskCache(root: "/x/cache/thumbnails"))
    #expect(beside.root == "/x/cache/gallery/art" && beside.isEnabled)
    #expect(!ArtDiskCache(beside: ThumbnailDiskCache(isEnabled: false)).isEnabled)
  }

  @Test func aSecondVisitDrawsFromDiskWithoutDecoding() async throws {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = Fixtures.write(
      Fixtures.jpegWithExif(
        Fixtures.scene(width: 320, height: 240), orientation: 1, model: "Camera",
        date: "2024:01:02 03:04:05"),
      "a.jpg", in: folder)
    let request = ThumbnailRequest(path: path, size: TileSize(columns: 16, rows: 6))
    func visit() async -> [ThumbnailResult] {
      let completions = RefinementTests.Completions()
      let pipeline = RefinementTests.pipeline(folder, completions)
      defer { pipeline.shutdown() }
      pipeline.request(request, priority: 2)
      return await completions.waitForFinal()
    }
    let first = await visit()
    // Spoil the pixels but keep the file's identity (size and time to the nanosecond),
    // and drop the freedesktop thumbnail: only drawn art can answer now.
    var info = stat()
    stat(path, &info)
    let file = try #require(FileHandle(forWritingAtPath: path))
    file.write(Data(count: Int(info.st_size)))  // in place: the same inode
    try file.close()
    var times = [info.st_atim, info.st_mtim]
    utimensat(AT_FDCWD, path, &times, 0)
    try FileManager.default.removeItem(atPath: folder + "/cache/thumbnails")
    let second = await visit()
    #expect(second.count == 1)
    guard case .art(let before, _, _)? = first.last,
      case .art(let after, let metadata, _)? = second.last
    else {
      Issue.record("expected art twice: \(first) \(second)")
      return
    }
    #expect(after == before)
    #expect(metadata?.cameraModel == "Camera", "details come with the art")
    #expect(!FileManager.default.fileExists(atPath: folder + "/cache/thumbnails"), "no decoding")
  }
}
