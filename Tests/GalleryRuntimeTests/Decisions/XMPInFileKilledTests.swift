import Foundation
import Pictures
import SystemSupport
import TestSupport
import Testing
import XMPSidecars

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// A decision written inside a picture (`xmp-in-file`), killed at each step of its
/// rewrite: the name holds the old picture or the new one, whole, every time; killed at
/// its worst moment, with another program's save just swapped out to the temporary name,
/// the next scan puts that save in the Trash, whole, never unlinked.
///
/// Deterministic: `gallery-move-probe xmp-in-file` plays the other program and sends
/// itself SIGKILL at the steps asked (`RewriteTestSeam`).
@Suite struct XMPInFileKilledTests {
  private static func office() throws -> [UInt8] {
    let url = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/office-1.jpg")
    return [UInt8](try Data(contentsOf: url))
  }

  /// Runs the probe on `path` with `environment` added; its exit status.
  private static func run(
    _ fixture: FolderFixture, _ path: String, _ added: [String: String]
  ) async throws -> Int32 {
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = fixture.path("home")
    environment.merge(added) { $1 }
    let probe = try Subprocess.start(
      [try FaultRun.probe(), "xmp-in-file", path, "3"], environment: environment,
      output: fixture.path("probe.out"))
    return await Subprocess.exitStatus(of: probe)
  }

  @Test(arguments: [RewriteTestSeam.Step.read, .written, .swapping, .exchanged])
  func killedAtAnyStepTheNameHoldsTheOldOrTheNewPicture(step: RewriteTestSeam.Step)
    async throws
  {
    let fixture = FolderFixture()
    let original = try Self.office()
    let path = fixture.file("lib/a.jpg", original)
    let status = try await Self.run(fixture, path, ["GALLERY_PROBE_KILL_AT": "\(step)"])
    #expect(status == 128 + SIGKILL)
    let now = try #require(OnDisk.bytes(path))
    if now != original {
      // The new picture, whole: the decision inside, the scan's bytes to the end the same.
      #expect(EmbeddedDecision.read(picture: path)?.rating == StarRating(clamping: 3))
      let scan = try #require(original.firstRange(of: [0xFF, 0xDA])).lowerBound
      #expect(now.suffix(original.count - scan).elementsEqual(original[scan...]))
    }
    #expect(step != .exchanged || now != original, "exchanged: the new picture has the name")
    var scanner = try LibraryScanner(folders: [fixture.path("lib")])
    scanner.leftoverTrash = Trash(home: fixture.path("home"), dataHome: nil, uid: getuid())
    _ = scanner.library()
    #expect(OnDisk.names(fixture.path("lib")) == ["a.jpg"], "no leftover after a scan")
  }

  @Test func anotherSaveSwappedOutByAKilledWriteGoesToTheTrash() async throws {
    let fixture = FolderFixture()
    let original = try Self.office()
    let theirs = original + Array("their edit".utf8)
    let path = fixture.file("lib/a.jpg", original)
    let from = fixture.file("theirs.jpg", theirs)
    let status = try await Self.run(
      fixture, path,
      [
        "GALLERY_PROBE_SAVE_AT": "swapping", "GALLERY_PROBE_SAVE_FROM": from,
        "GALLERY_PROBE_KILL_AT": "exchanged",
      ])
    try #require(status == 128 + SIGKILL)
    // The name holds the gallery's new file, the temporary name their save.
    #expect(EmbeddedDecision.read(picture: path)?.rating == StarRating(clamping: 3))
    let leftovers = OnDisk.names(fixture.path("lib")).filter { $0 != "a.jpg" }
    try #require(leftovers.count == 1, "\(leftovers)")
    #expect(OnDisk.bytes(fixture.path("lib/" + leftovers[0])) == theirs)

    var scanner = try LibraryScanner(folders: [fixture.path("lib")])
    scanner.leftoverTrash = Trash(home: fixture.path("home"), dataHome: nil, uid: getuid())
    let library = scanner.library()
    #expect(library.stats?.leftoversRemoved == 1)
    #expect(OnDisk.names(fixture.path("lib")) == ["a.jpg"])
    let trash = fixture.path("home/.local/share/Trash/files/")
    #expect(OnDisk.bytes(trash + leftovers[0]) == theirs, "their save, whole")
  }
}
