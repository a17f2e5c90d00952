import Foundation
import Pictures
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import Thumbnails

/// Pictures whose names are not UTF-8 decode, draw and share the freedesktop cache as any
/// other: every file is reached by its real bytes (`PathBytes`).
@Suite struct FileNameThumbnailTests {
  /// Latin-1 `café.jpg`.
  static let latin1 = PathBytes.string(
    fileSystemBytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))

  /// The freedesktop spec's rule for the key: the MD5 of the file's URI, whose path is
  /// its bytes percent-encoded (RFC 2396). Worked out apart from glib: Python's
  /// `hashlib.md5(b"file:///home/jens/photos/caf%E9.png").hexdigest()`.
  @Test func theCacheKeyIsTheMD5OfTheURIOfTheRealBytes() {
    let path =
      "/home/jens/photos/"
      + PathBytes.string(fileSystemBytes: Array("caf".utf8) + [0xE9] + Array(".png".utf8))
    #expect(ThumbnailDiskCache.uri(forPath: path) == "file:///home/jens/photos/caf%E9.png")
    let cache = ThumbnailDiskCache(root: "/cache")
    #expect(
      cache.thumbnailPath(for: path, flavor: .normal)
        == "/cache/normal/9aeec89e930a1dcb5eaaddcf427828a4.png")
    // The UTF-8 name is another file, with another key.
    #expect(
      ThumbnailDiskCache.uri(forPath: "/home/jens/photos/café.png")
        == "file:///home/jens/photos/caf%C3%A9.png")
  }

  @Test func theURIResolvesDotsByNameAndKeepsLinks() {
    #expect(ThumbnailDiskCache.uri(forPath: "/a/./b/../c d.png") == "file:///a/c%20d.png")
    #expect(ThumbnailDiskCache.tidied("/a//b/") == "/a/b")
    #expect(ThumbnailDiskCache.tidied("/../x") == "/x")
  }

  @Test func aPictureNamedInLatin1DecodesAndItsThumbnailIsStoredAndRead() async throws {
    let fixture = FolderFixture()
    let path = fixture.file(
      "pics/" + Self.latin1, Fixtures.jpeg(Fixtures.scene(width: 320, height: 160)))
    let decoder = ImageDecoder()
    let decoded = try decoder.decode(path: path)
    #expect(decoded.image.width == 320 && decoded.image.height == 160)
    #expect(try decoder.metadata(path: path).originalWidth == 320)
    #expect(decoder.problem(path: path) == nil)
    #expect(ArtDiskCache.identity(path: path) != nil)
    #expect(FileReader.modificationTime(path: path) != nil)

    let cache = ThumbnailDiskCache(root: fixture.path("cache/thumbnails"))
    #expect(cache.store(Fixtures.quadrants(width: 8, height: 4), path: path, flavor: .normal))
    #expect(
      cache.load(path: path, flavor: .normal)?.image == Fixtures.quadrants(width: 8, height: 4))
    let stored = try #require(cache.thumbnailPath(for: path, flavor: .normal))
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: stored)))
    let uri = PNGTextChunks.read(bytes)["Thumb::URI"]
    #expect(uri == "file://" + fixture.root + "/pics/caf%E9.jpg")

    // And the pipeline draws it.
    let result = await ThumbnailPipelineTests().runAlone(
      ThumbnailRequest(path: path, size: TileSize(columns: 20, rows: 10)),
      cache: ThumbnailDiskCache(root: fixture.path("cache2"), isEnabled: false))
    guard case .art(let art, let metadata, _)? = result else {
      Issue.record("expected cell art, got \(String(describing: result))")
      return
    }
    #expect(art.size == TileSize(columns: 20, rows: 10))
    #expect(metadata?.originalWidth == 320)
  }
}
