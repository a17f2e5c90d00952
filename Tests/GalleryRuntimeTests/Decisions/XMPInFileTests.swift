import Foundation
import Gallery
import Pictures
import SystemSupport
import TerminalKit
import TestSupport
import Testing
import XMPSidecars

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `xmp-in-file`: a decision written into the picture's own XMP packet through the
/// rewrite a turn uses (`PictureXMPWriter`, `FileRewrite`): put in place whole, never
/// over another program's save, no temporary file left, a sidecar already there kept in
/// step, and a picture that cannot take it refused with what to do.
@Suite struct XMPInFileTests {
  static let picked = CullingDecision(
    rating: StarRating(clamping: 4), flag: .picked, labels: [.red])

  /// The office picture, a JPEG without XMP.
  static func office() throws -> [UInt8] {
    let asset = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/office-1.jpg")
    return [UInt8](try Data(contentsOf: asset))
  }

  static func writer(seam: RewriteTestSeam? = nil) -> PictureXMPWriter {
    PictureXMPWriter(store: SidecarStore(), inFile: true, seam: seam)
  }

  @Test func theDecisionGoesInsideWithNoSidecarAndNoTemporaryFile() throws {
    let files = FolderFixture()
    let path = files.file("a.jpg", try Self.office())
    var before = stat()
    #expect(lstat(path, &before) == 0)
    try Self.writer().write(Self.picked, picture: path)
    #expect(OnDisk.names(files.root) == ["a.jpg"])
    let reading = try #require(try SidecarStore().readKept(picture: path))
    #expect(reading.decision == Self.picked)
    #expect(reading.source == path)
    // The write's own modification time: the file changed.
    var after = stat()
    #expect(lstat(path, &after) == 0)
    #expect(after.st_mtim.tv_sec > before.st_mtim.tv_sec)
    #expect(after.st_mode == before.st_mode)
  }

  @Test func withTheSettingOffASidecarIsWritten() throws {
    let files = FolderFixture()
    let original = try Self.office()
    let path = files.file("a.jpg", original)
    try PictureXMPWriter(store: SidecarStore(), inFile: false).write(Self.picked, picture: path)
    #expect(OnDisk.bytes(path) == original)
    #expect(OnDisk.names(files.root) == ["a.jpg", "a.jpg.xmp"])
  }

  @Test func aSidecarAlreadyThereIsKeptInStep() throws {
    let files = FolderFixture()
    let path = files.file("a.jpg", try Self.office())
    try SidecarStore().write(
      CullingDecision(rating: StarRating(clamping: 1), flag: .none, labels: []), picture: path)
    try Self.writer().write(Self.picked, picture: path)
    #expect(OnDisk.names(files.root) == ["a.jpg", "a.jpg.xmp"])
    #expect(EmbeddedDecision.read(picture: path) == Self.picked)
    #expect(try SidecarStore().read(picture: path)?.decision == Self.picked)
  }

  @Test func aHEICKeepsItsDecisionInASidecar() throws {
    let files = FolderFixture()
    let heic: [UInt8] = [0, 0, 0, 24] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 12)
    let path = files.file("b.heic", heic)
    try Self.writer().write(Self.picked, picture: path)
    #expect(OnDisk.bytes(path) == heic)
    #expect(OnDisk.names(files.root) == ["b.heic", "b.heic.xmp"])
  }

  @Test func aPictureBehindASymbolicLinkKeepsItsDecisionInASidecar() throws {
    let files = FolderFixture()
    let original = try Self.office()
    let target = files.file("real/a.jpg", original)
    let link = files.path("a.jpg")
    #expect(symlink(target, link) == 0)
    try Self.writer().write(Self.picked, picture: link)
    #expect(OnDisk.bytes(target) == original)
    #expect(try SidecarStore().read(picture: link)?.decision == Self.picked)
  }

  /// A file that cannot take the packet (damaged, extended XMP, a packet too large) is
  /// left as it is, and its decision goes to a sidecar: never lost for want of room.
  @Test func aFileThatCannotTakeItKeepsItsDecisionInASidecar() throws {
    let files = FolderFixture()
    let bytes = Array("not a picture at all".utf8)
    let path = files.file("c.jpg", bytes)
    try Self.writer().write(Self.picked, picture: path)
    #expect(OnDisk.bytes(path) == bytes)
    #expect(OnDisk.names(files.root) == ["c.jpg", "c.jpg.xmp"])
    #expect(try SidecarStore().read(picture: path)?.decision == Self.picked)
    let sentence = SidecarSentences.notWritten(
      path, .notInPicture(path: path, .damaged), others: 0)
    #expect(
      sentence
        == "c.jpg: decision not saved · set xmp-in-file = no to keep its decisions in a "
        + "sidecar · it is damaged or not of the format its name says")
  }

  /// Another program saving the picture at each step of the write: its save stays whole
  /// under the name, the gallery says so, and only its own temporary file goes.
  @Test(arguments: [RewriteTestSeam.Step.read, .written, .swapping])
  func anotherProgramsSaveIsNeverLost(step: RewriteTestSeam.Step) throws {
    let files = FolderFixture()
    let original = try Self.office()
    let path = files.file("a.jpg", original)
    let theirs = original + Array("their edit".utf8)
    let saved = Locked(false)
    let temporary = files.path(".other-program.tmp")
    let seam = RewriteTestSeam { now in
      guard now == step, !saved.withLock({ $0 }) else { return }
      saved.withLock { $0 = true }
      #expect(FileManager.default.createFile(atPath: temporary, contents: Data(theirs)))
      #expect(rename(temporary, path) == 0)
    }
    #expect(
      throws: XMPSidecarError.pictureNotRewritten(
        path: path,
        reason: "a.jpg was changed by another program meanwhile: the picture is unchanged")
    ) {
      try Self.writer(seam: seam).write(Self.picked, picture: path)
    }
    #expect(saved.withLock { $0 })
    #expect(OnDisk.bytes(path) == theirs, "their version, whole, under the name")
    #expect(OnDisk.names(files.root) == ["a.jpg"], "no temporary file left")
  }

  @Test func theKeeperWritesInsideWhenTheSettingIsOn() throws {
    let files = FolderFixture()
    let path = files.file("k.jpg", try Self.office())
    let keeper = SidecarKeeper(store: SidecarStore(), inFile: true)
    let failure = Locked<String?>(nil)
    keeper.write([FileDecision(path: path, decision: Self.picked)]) { sentence in
      failure.withLock { $0 = sentence }
    }
    keeper.waitForWrites()
    #expect(failure.withLock { $0 } == nil)
    #expect(OnDisk.names(files.root) == ["k.jpg"])
    #expect(EmbeddedDecision.read(picture: path) == Self.picked)
  }
}
