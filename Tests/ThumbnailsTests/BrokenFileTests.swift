import Foundation
import Pictures
import SystemSupport
import TestSupport
import Testing

@testable import Thumbnails

/// Each broken file gives its own error; none crashes, hangs or allocates past the caps.
@Suite struct BrokenFileTests {
  let decoder = ImageDecoder()

  func error(_ path: String, decoder: ImageDecoder? = nil) -> ThumbnailError? {
    do {
      _ = try (decoder ?? self.decoder).decode(path: path, target: (64, 64))
      return nil
    } catch {
      return error
    }
  }

  @Test func zeroBytes() {
    let folder = Fixtures.makeFolder()
    #expect(error(Fixtures.write([], "empty.jpg", in: folder)) == .empty)
  }

  @Test func textNamedJPEG() {
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write(Array("hello, not a picture\n".utf8), "notes.jpg", in: folder)
    #expect(error(path) == .unsupportedFormat)
    #expect(ThumbnailError.unsupportedFormat.description.contains("JPEG, PNG, GIF"))
  }

  @Test func truncatedJPEGGivesWhatWasRecoveredMarkedPartial() throws {
    let folder = Fixtures.makeFolder()
    let full = Fixtures.jpeg(Fixtures.scene(width: 128, height: 96), kind: .baseline)
    let path = Fixtures.write(Array(full.prefix(full.count * 2 / 3)), "cut.jpg", in: folder)
    let decoded = try decoder.decode(path: path)
    #expect(decoded.isPartial)
    #expect(decoded.image.width == 128 && decoded.image.height == 96)
  }

  @Test func truncatedProgressiveJPEGIsPartial() throws {
    let folder = Fixtures.makeFolder()
    let full = Fixtures.jpeg(Fixtures.scene(width: 96, height: 64), kind: .progressive)
    let path = Fixtures.write(Array(full.prefix(full.count / 2)), "cut.jpg", in: folder)
    let decoded = try decoder.decode(path: path, target: (48, 32))
    #expect(decoded.isPartial)
    #expect(decoded.image.width == 48 && decoded.image.height == 32)
  }

  @Test func jpegSignatureFollowedByGarbageIsCorrupt() {
    let folder = Fixtures.makeFolder()
    let bytes: [UInt8] =
      [0xFF, 0xD8, 0xFF] + (0..<500).map { UInt8(($0 * 37) % 251) } + [0xFF, 0xD9]
    let path = Fixtures.write(bytes, "noise.jpg", in: folder)
    guard case .corrupt(let message) = error(path) else {
      Issue.record("expected .corrupt")
      return
    }
    #expect(!message.isEmpty)
  }

  @Test func pngWithADamagedChunkIsCorrupt() {
    let folder = Fixtures.makeFolder()
    var bytes = Fixtures.png(Fixtures.scene(width: 32, height: 32), kind: .rgb)
    bytes[bytes.count - 20] ^= 0xFF  // inside IDAT: its CRC no longer matches
    let path = Fixtures.write(bytes, "bad.png", in: folder)
    guard case .corrupt = error(path) else {
      Issue.record("expected .corrupt, got \(String(describing: error(path)))")
      return
    }
  }

  @Test func jpegCutInsideItsHeaderIsTruncated() {
    let folder = Fixtures.makeFolder()
    let full = Fixtures.jpeg(Fixtures.scene(width: 64, height: 64))
    let path = Fixtures.write(Array(full.prefix(40)), "stub.jpg", in: folder)
    #expect(error(path) == .truncated)
  }

  @Test func truncatedPNG() {
    let folder = Fixtures.makeFolder()
    let full = Fixtures.png(Fixtures.scene(width: 64, height: 64), kind: .rgb)
    let path = Fixtures.write(Array(full.prefix(full.count / 2)), "cut.png", in: folder)
    #expect(error(path) == .truncated)
  }

  @Test func enormousPNGHeaderIsRefusedBeforeAllocating() {
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write(
      Fixtures.pngHeader(width: 100_000, height: 100_000), "huge.png", in: folder)
    #expect(error(path) == .tooLarge(width: 100_000, height: 100_000, cap: .side(30_000)))
  }

  @Test func enormousJPEGHeaderIsRefused() throws {
    // A real JPEG whose SOF claims 60000×60000: past the side cap of 30,000.
    var bytes = Fixtures.jpeg(Fixtures.scene(width: 16, height: 16))
    let sof = try #require(
      (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
    bytes[sof + 5] = 0xEA
    bytes[sof + 6] = 0x60
    bytes[sof + 7] = 0xEA
    bytes[sof + 8] = 0x60
    let folder = Fixtures.makeFolder()
    #expect(
      error(Fixtures.write(bytes, "huge.jpg", in: folder))
        == .tooLarge(width: 60_000, height: 60_000, cap: .side(30_000)))
  }

  @Test func megapixelCapCountsPixelsNotSides() {
    let limits = DecodeLimits(maxPixels: 100, maxSide: 1000)
    let small = ImageDecoder(limits: limits)
    let bytes = Fixtures.png(Fixtures.quadrants(width: 20, height: 10), kind: .rgb)
    #expect(throws: ThumbnailError.tooLarge(width: 20, height: 10, cap: .pixels(100))) {
      try small.decode(bytes: bytes)
    }
  }

  @Test func fileOverTheSizeCap() {
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write([UInt8](repeating: 0xFF, count: 5000), "big.jpg", in: folder)
    let capped = ImageDecoder(limits: DecodeLimits(maxFileBytes: 4096))
    #expect(error(path, decoder: capped) == .fileTooLarge(bytes: 5000, limit: 4096))
  }

  @Test func directoryNamedPNG() {
    let folder = Fixtures.makeFolder()
    let path = folder + "/x.png"
    mkdir(path, 0o755)
    #expect(error(path) == .isDirectory(path))
  }

  /// On a thread of its own with a deadline: a decoder that opened the FIFO would wait
  /// for a writer for ever.
  @Test func fifoNamedJPEGNeverBlocks() async throws {
    let folder = Fixtures.makeFolder()
    let path = folder + "/x.jpg"
    #expect(mkfifo(path, 0o644) == 0)
    let found = await Waiting.onOwnThread(within: .seconds(20)) { [self] in error(path) }
    #expect(found != nil, "the decode did not return: it waits on the FIFO")
    #expect(found == .some(.notRegularFile(path)))
  }

  @Test func deviceIsNotRead() {
    #expect(error("/dev/zero") == .notRegularFile("/dev/zero"))
  }

  @Test func symlinkLoop() {
    let folder = Fixtures.makeFolder()
    let a = folder + "/a.jpg"
    let b = folder + "/b.jpg"
    symlink(b, a)
    symlink(a, b)
    #expect(error(a) == .symlinkLoop(a))
  }

  @Test func missingFile() {
    #expect(error("/nonexistent/picture.jpg") == .notFound("/nonexistent/picture.jpg"))
  }

  /// A link that is there, to nothing: not "No such file" of a name the user sees listed.
  @Test func aDanglingLinkNamesItsMissingTarget() {
    let folder = Fixtures.makeFolder()
    let link = folder + "/gone.jpg"
    symlink("../elsewhere/nowhere.jpg", link)
    #expect(error(link) == .danglingLink(path: link, target: "../elsewhere/nowhere.jpg"))
  }

  @Test func symlinkToAPictureIsFollowed() throws {
    let folder = Fixtures.makeFolder()
    let target = Fixtures.write(
      Fixtures.png(Fixtures.quadrants(width: 4, height: 4), kind: .rgb), "p.png", in: folder)
    symlink(target, folder + "/link.jpg")
    #expect(try decoder.decode(path: folder + "/link.jpg").image.width == 4)
  }

  @Test func anUnreadableFileSaysWhyInTheSystemsWords() {
    let error = ThumbnailError(
      FileReadError.unreadable(SystemError(code: EACCES)), path: "a", limit: 1 << 20)
    #expect(error == .unreadable(path: "a", reason: "Permission denied"))
    #expect(error.description == "Cannot read a: Permission denied")
    #expect(
      ThumbnailError(FileReadError.unreadable(SystemError(code: ELOOP)), path: "a", limit: 1)
        == .symlinkLoop("a"))
  }
}
