import Foundation
import Pictures
import SystemSupport
import Testing

@testable import Thumbnails

@Suite struct DiskCacheTests {
  @Test func md5MatchesTheRFCVectors() {
    #expect(MD5.hex("".utf8) == "d41d8cd98f00b204e9800998ecf8427e")
    #expect(MD5.hex("abc".utf8) == "900150983cd24fb0d6963f7d28e17f72")
    #expect(
      MD5.hex("The quick brown fox jumps over the lazy dog".utf8)
        == "9e107d9d372bb6826bd81d3542a419d6")
    let eighty = String(repeating: "1234567890", count: 8)
    #expect(MD5.hex(eighty.utf8) == "57edf4a22be3c955ac49da2e2107b67a")
  }

  @Test func uriIsPercentEncodedAndNamesTheFile() {
    #expect(ThumbnailDiskCache.uri(forPath: "/tmp/a b/ü.png") == "file:///tmp/a%20b/%C3%BC.png")
    let cache = ThumbnailDiskCache(root: "/cache")
    // The spec's own example: md5 of file:///home/jens/photos/me.png.
    #expect(
      cache.thumbnailPath(for: "/home/jens/photos/me.png", flavor: .normal)
        == "/cache/normal/c6ee772d9e49320e97ec29a7eb5b1697.png")
  }

  @Test func flavourCoversTheNeededSide() {
    #expect(ThumbnailDiskCache.Flavor.covering(side: 100) == .normal)
    #expect(ThumbnailDiskCache.Flavor.covering(side: 129) == .large)
    #expect(ThumbnailDiskCache.Flavor.covering(side: 512) == .xLarge)
    #expect(ThumbnailDiskCache.Flavor.covering(side: 513) == nil)
    #expect(ThumbnailDiskCache.Flavor.serving(side: 256) == .normal)
    #expect(ThumbnailDiskCache.Flavor.serving(side: 257) == .large)
    #expect(ThumbnailDiskCache.Flavor.serving(side: 512) == .large)
    #expect(ThumbnailDiskCache.Flavor.serving(side: 513) == .xLarge)
    #expect(ThumbnailDiskCache.Flavor.serving(side: 640) == .xLarge)
    #expect(ThumbnailDiskCache.Flavor.serving(side: 641) == nil)
  }

  @Test func roundTripKeepsPixelsAndWritesTheSpecChunks() throws {
    let folder = Fixtures.makeFolder()
    let picture = Fixtures.write(
      Fixtures.png(Fixtures.quadrants(width: 8, height: 8), kind: .rgb), "p.png", in: folder)
    let cache = ThumbnailDiskCache(root: folder + "/cache/thumbnails")
    let thumbnail = Fixtures.quadrants(width: 6, height: 4)
    let metadata = ImageMetadata(format: .png, originalWidth: 8, originalHeight: 8)
    #expect(cache.store(thumbnail, metadata: metadata, path: picture, flavor: .normal))
    let loaded = try #require(cache.load(path: picture, flavor: .normal))
    #expect(loaded.image == thumbnail)
    #expect(loaded.originalWidth == 8 && loaded.originalHeight == 8 && loaded.format == .png)
    #expect(cache.load(path: picture, flavor: .large) == nil)

    let stored = try #require(cache.thumbnailPath(for: picture, flavor: .normal))
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: stored)))
    let text = PNGTextChunks.read(bytes)
    #expect(text["Thumb::URI"] == "file://" + picture)
    #expect(text["Thumb::Mimetype"] == "image/png")
    #expect(
      text["Thumb::MTime"] == String(try #require(FileReader.modificationTime(path: picture))))
    var info = stat()
    stat(stored, &info)
    #expect(info.st_mode & 0o777 == 0o600)
    stat(folder + "/cache/thumbnails/normal", &info)
    #expect(info.st_mode & 0o777 == 0o700)
    // No temporary files left beside it.
    let names = try FileManager.default.contentsOfDirectory(
      atPath: folder + "/cache/thumbnails/normal")
    #expect(names.count == 1)
  }

  /// A translucent picture's thumbnail holds the background it was composited over: a
  /// terminal of another background decodes the picture again rather than show the first
  /// one's. An opaque picture's serves every terminal.
  @Test func aTranslucentPicturesThumbnailServesOnlyItsOwnBackground() throws {
    let folder = Fixtures.makeFolder()
    let translucent = Fixtures.write([1, 2, 3], "t.png", in: folder)
    let opaque = Fixtures.write([1, 2, 3], "o.png", in: folder)
    let cache = ThumbnailDiskCache(root: folder + "/thumbnails")
    var overWhite = PixelImage(width: 4, height: 4, filledWith: (255, 255, 255, 255))
    overWhite.compositedOver = .white
    #expect(cache.store(overWhite, path: translucent, flavor: .normal))
    let loaded = cache.load(path: translucent, flavor: .normal, background: .white)
    #expect(loaded?.image.compositedOver == .white)
    #expect(cache.load(path: translucent, flavor: .normal, background: .black) == nil)
    let grey = BackgroundColor(red: 35, green: 38, blue: 39)
    #expect(cache.load(path: translucent, flavor: .normal, background: grey) == nil)
    let quadrants = Fixtures.quadrants(width: 4, height: 4)
    #expect(cache.store(quadrants, path: opaque, flavor: .normal))
    #expect(cache.load(path: opaque, flavor: .normal, background: .black)?.image == quadrants)
    let text = try [translucent, opaque].map { path in
      let stored = try #require(cache.thumbnailPath(for: path, flavor: .normal))
      return PNGTextChunks.read(try [UInt8](Data(contentsOf: URL(fileURLWithPath: stored))))
    }
    #expect(text.map { $0[ThumbnailDiskCache.backgroundKey] } == ["#ffffff", "opaque"])
  }

  /// A thumbnail this program wrote before it noted the background may hold black where
  /// the picture was clear: it is decoded again, unless its picture cannot be clear (a
  /// JPEG). Another program's is read, its alpha composited over the terminal's
  /// background.
  @Test func anOwnThumbnailWithoutItsBackgroundIsNotReadAnothersIs() throws {
    let folder = Fixtures.makeFolder()
    let picture = Fixtures.write([1, 2, 3], "p.png", in: folder)
    let cache = ThumbnailDiskCache(root: folder + "/thumbnails")
    let stored = try #require(cache.thumbnailPath(for: picture, flavor: .normal))
    try FileManager.default.createDirectory(
      atPath: folder + "/thumbnails/normal", withIntermediateDirectories: true)
    let uri = try #require(ThumbnailDiskCache.uri(forPath: picture))
    let mtime = String(try #require(FileReader.modificationTime(path: picture)))
    let clear = PixelImage(width: 4, height: 4, filledWith: (0, 0, 0, 0))
    Fixtures.pngWithText(
      clear, [("Thumb::URI", uri), ("Thumb::MTime", mtime), ("Software", "gallery")], at: stored)
    #expect(cache.load(path: picture, flavor: .normal, background: .white) == nil)
    let ours = [("Thumb::URI", uri), ("Thumb::MTime", mtime), ("Software", "gallery")]
    Fixtures.pngWithText(clear, ours + [("Thumb::Mimetype", "image/png")], at: stored)
    #expect(cache.load(path: picture, flavor: .normal, background: .white) == nil)
    let grey = PixelImage(width: 4, height: 4, filledWith: (90, 90, 90, 255))
    Fixtures.pngWithText(grey, ours + [("Thumb::Mimetype", "image/jpeg")], at: stored)
    #expect(cache.load(path: picture, flavor: .normal, background: .white)?.image == grey)
    Fixtures.pngWithText(
      clear, [("Thumb::URI", uri), ("Thumb::MTime", mtime), ("Software", "GNOME")], at: stored)
    let loaded = try #require(cache.load(path: picture, flavor: .normal, background: .white))
    #expect(loaded.image == PixelImage(width: 4, height: 4, filledWith: (255, 255, 255, 255)))
  }

  @Test func changedMTimeMakesTheThumbnailStale() {
    let folder = Fixtures.makeFolder()
    let picture = Fixtures.write([1, 2, 3], "p.jpg", in: folder)
    let cache = ThumbnailDiskCache(root: folder + "/thumbnails")
    cache.store(Fixtures.quadrants(width: 4, height: 4), path: picture, flavor: .normal)
    #expect(cache.load(path: picture, flavor: .normal) != nil)
    var times = [timeval(tv_sec: 1_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000, tv_usec: 0)]
    utimes(picture, &times)
    #expect(cache.load(path: picture, flavor: .normal) == nil)
  }

  @Test func unwritableCacheIsSilentlySkipped() {
    let folder = Fixtures.makeFolder()
    let picture = Fixtures.write([1, 2, 3], "p.jpg", in: folder)
    // A cache root under a regular file cannot be created, even by root.
    let blocked = ThumbnailDiskCache(root: picture + "/thumbnails")
    #expect(!blocked.store(Fixtures.quadrants(width: 4, height: 4), path: picture, flavor: .normal))
    #expect(blocked.load(path: picture, flavor: .normal) == nil)
    // A read-only file system.
    let readOnly = ThumbnailDiskCache(root: "/proc/gallery-thumbnails")
    #expect(
      !readOnly.store(Fixtures.quadrants(width: 4, height: 4), path: picture, flavor: .normal))
    // Folder permissions (meaningful only when not running as root).
    if geteuid() != 0 {
      mkdir(folder + "/ro", 0o500)
      let denied = ThumbnailDiskCache(root: folder + "/ro/thumbnails")
      #expect(
        !denied.store(Fixtures.quadrants(width: 4, height: 4), path: picture, flavor: .normal))
    }
  }

  @Test func disabledCacheNeitherReadsNorWrites() {
    let folder = Fixtures.makeFolder()
    let picture = Fixtures.write([1, 2, 3], "p.jpg", in: folder)
    let off = ThumbnailDiskCache(root: folder + "/thumbnails", isEnabled: false)
    #expect(!off.store(Fixtures.quadrants(width: 4, height: 4), path: picture, flavor: .normal))
    #expect(!FileManager.default.fileExists(atPath: folder + "/thumbnails"))
  }
}

extension DiskCacheTests {
  /// A picture turned (or saved) while it was decoded: the thumbnail of the bytes read
  /// before is not stored under the new file's time, where it would stand for the new
  /// picture in every later run.
  @Test func aThumbnailOfBytesReadBeforeTheFileChangedIsNotStored() {
    let folder = Fixtures.makeFolder()
    let picture = Fixtures.write([1, 2, 3], "p.png", in: folder)
    let cache = ThumbnailDiskCache(root: folder + "/thumbnails")
    let read = FileReader.modificationTime(path: picture)
    var times = [timeval(tv_sec: 1_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000, tv_usec: 0)]
    utimes(picture, &times)
    let old = Fixtures.quadrants(width: 4, height: 4)
    #expect(!cache.store(old, path: picture, flavor: .normal, modified: read))
    #expect(cache.load(path: picture, flavor: .normal) == nil)
    #expect(cache.store(old, path: picture, flavor: .normal, modified: 1_000_000))
  }
}
