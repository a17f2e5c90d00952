import Foundation
import Pictures
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// A turn killed at its worst moment: another program saved the picture just after the
/// turn's last look, the exchange swapped that save out to the temporary name, and the
/// gallery died before it looked at it and swapped it back. The next scan of the folder
/// (as the next start does) puts the other program's save in the Trash, whole: never
/// unlinked as a leftover.
///
/// Deterministic: `gallery-move-probe turn` plays the other program at the step
/// `swapping` and sends itself SIGKILL at `exchanged` (`RewriteTestSeam`).
@Suite struct TurnKilledTests {
  private static func asset(_ name: String) throws -> [UInt8] {
    let url = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/" + name)
    return [UInt8](try Data(contentsOf: url))
  }

  @Test func anotherSaveSwappedOutByAKilledTurnGoesToTheTrash() async throws {
    let probe = try FaultRun.probe()
    let fixture = FolderFixture()
    let original = try Self.asset("office-1.jpg")
    let theirs = try Self.asset("office-10.jpg") + Array("their edit".utf8)
    let path = fixture.file("lib/a.jpg", original)
    let from = fixture.file("theirs.jpg", theirs)
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = fixture.path("home")
    environment["GALLERY_PROBE_SAVE_AT"] = "swapping"
    environment["GALLERY_PROBE_SAVE_FROM"] = from
    environment["GALLERY_PROBE_KILL_AT"] = "exchanged"
    let turner = try Subprocess.start(
      [probe, "turn", path], environment: environment, output: fixture.path("turn.out"))
    let status = await Subprocess.exitStatus(of: turner)
    try #require(
      status == 128 + SIGKILL,
      "\(String(decoding: OnDisk.bytes(fixture.path("turn.out")) ?? [], as: UTF8.self))")
    // Killed between the exchange and the look: the name holds the turn of the old
    // content, the temporary name the other program's save.
    let turned = try OrientationRewrite.turning(original, by: .right)
    #expect(OnDisk.bytes(path) == turned)
    let leftovers = OnDisk.names(fixture.path("lib")).filter { $0 != "a.jpg" }
    try #require(leftovers.count == 1, "\(leftovers)")
    let leftover = leftovers[0]
    #expect(leftover.hasPrefix(".a.jpg.gallery-turning-\(turner)-"))
    #expect(OnDisk.bytes(fixture.path("lib/" + leftover)) == theirs)

    var scanner = try LibraryScanner(folders: [fixture.path("lib")])
    scanner.leftoverTrash = Trash(home: fixture.path("home"), dataHome: nil, uid: getuid())
    let library = scanner.library()
    #expect(library.stats?.leftovers == 1)
    #expect(library.stats?.leftoversRemoved == 1)
    #expect(OnDisk.names(fixture.path("lib")) == ["a.jpg"])
    let trash = fixture.path("home/.local/share/Trash")
    #expect(OnDisk.names(trash + "/files") == [leftover])
    #expect(OnDisk.names(trash + "/info") == [leftover + ".trashinfo"])
    #expect(OnDisk.bytes(trash + "/files/" + leftover) == theirs, "their save, whole")
    let info = String(
      decoding: OnDisk.bytes(trash + "/info/" + leftover + ".trashinfo") ?? [], as: UTF8.self)
    #expect(info.contains("Path="), "\(info)")
  }
}
