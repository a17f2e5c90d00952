import Foundation
import Pictures
import TestSupport
import Testing

@testable import Thumbnails

/// The hashes the pipeline makes from the copies it decodes anyway: taken once, and near
/// the hash of the file decoded for it alone.
@Suite struct LikenessTapTests {
  @Test func aDecodedThumbnailLeavesItsHashForTheReader() throws {
    let folder = Fixtures.makeFolder()
    let scene = MadeScene(kind: .landscape, seed: 3)
    let path = Fixtures.write(
      MadeJPEG.encode(scene.render(width: 640, height: 480), width: 640, height: 480, quality: 90),
      "burst.jpg", in: folder)
    let tap = LikenessTap()
    var configuration = ThumbnailConfiguration(
      diskCache: ThumbnailDiskCache(root: folder + "/thumbnails"), threadCount: 1)
    configuration.likenessTap = tap
    let pipeline = ThumbnailPipeline(configuration: configuration) { _, _ in }
    defer { pipeline.shutdown() }
    _ = try pipeline.smallCopy(path: path, box: (width: 100, height: 100))
    let fromThumbnail = try #require(tap.take(path))
    #expect(tap.take(path) == nil, "taken once")
    let fromFile = try LikenessHasher().hash(path: path).get()
    #expect(fromThumbnail.distance(to: fromFile) <= 4)
  }

  @Test func aPictureTooSmallLeavesNone() {
    let tap = LikenessTap()
    tap.record(
      path: "/p/a.png", image: PixelImage(width: 20, height: 20, filledWith: (1, 2, 3, 255)),
      identity: nil)
    #expect(tap.take("/p/a.png") == nil)
  }

  /// A hash made before the file changed is never taken for the file changed: the reader
  /// decodes it again (a turned picture has another look).
  @Test func aHashOfAnOlderVersionIsNotTaken() throws {
    let folder = Fixtures.makeFolder()
    let scene = MadeScene(kind: .landscape, seed: 5)
    let bytes = MadeJPEG.encode(
      scene.render(width: 320, height: 240), width: 320, height: 240, quality: 90)
    let path = Fixtures.write(bytes, "turned.jpg", in: folder)
    let tap = LikenessTap()
    let image = try ImageDecoder().decode(path: path).image
    tap.record(path: path, image: image, identity: ArtDiskCache.identity(path: path))
    // Rewritten another size: another identity.
    try Data(bytes + [0, 0]).write(to: URL(fileURLWithPath: path))
    #expect(tap.take(path) == nil)
    tap.record(path: path, image: image, identity: ArtDiskCache.identity(path: path))
    tap.forget(path)
    #expect(tap.take(path) == nil, "forgotten when the pipeline hears of the change")
    tap.record(path: path, image: image, identity: ArtDiskCache.identity(path: path))
    #expect(tap.take(path) != nil)
  }
}
