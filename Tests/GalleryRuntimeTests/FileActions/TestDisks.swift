import Foundation
import SystemSupport
import TestSupport

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// A tmpfs and an ext4 file system, for the tests that must hold on both (names of 255
/// bytes): `/dev/shm` and the temporary folder when they are those (as on most Linux
/// machines), else a tmpfs and an ext4 loop image mounted for the test (as root, with
/// `mkfs.ext4`). Elsewhere the tests are skipped.
enum TestDisks {
  /// The file system types' magic numbers (`statfs`'s `f_type`).
  static let tmpfsMagic: UInt32 = 0x0102_1994
  static let ext4Magic: UInt32 = 0xEF53

  /// The `f_type` of the file system holding `path`, nil when it cannot be had.
  static func type(of path: String) -> UInt32? { FileSystemKind.type(ofPath: path) }

  /// Runs `body` with a new folder on a tmpfs and one on an ext4, each removed after;
  /// false when neither is to be had here.
  static func withTmpfsAndExt4(_ body: (_ tmpfs: String, _ ext4: String) async throws -> Void)
    async throws -> Bool
  {
    if OtherDisk.isAvailable, type(of: OtherDisk.root) == tmpfsMagic,
      type(of: NSTemporaryDirectory()) == ext4Magic
    {
      let tmpfs = OtherDisk.fixture()
      let ext4 = FolderFixture()
      // The folders are removed when the fixtures go: not before the body is done.
      defer { withExtendedLifetime((tmpfs, ext4)) {} }
      try await body(tmpfs.root, ext4.root)
      return true
    }
    return try await mounted(body)
  }

  /// A tmpfs and an ext4 loop image mounted in the temporary folder for `body`.
  private static func mounted(_ body: (_ tmpfs: String, _ ext4: String) async throws -> Void)
    async throws -> Bool
  {
    guard geteuid() == 0 else { return false }
    let place = FolderFixture()
    // Removed last, once both are unmounted.
    defer { withExtendedLifetime(place) {} }
    let tmpfs = place.folder("tmpfs")
    let ext4 = place.folder("ext4")
    let image = place.file("ext4.img", [])
    guard truncate(image, 32 << 20) == 0,
      try await Subprocess.run(["mkfs.ext4", "-q", "-F", image]).status == 0,
      try await Subprocess.run(["mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", tmpfs])
        .status == 0
    else { return false }
    defer { _ = umount2(tmpfs, Int32(MNT_DETACH)) }
    guard try await Subprocess.run(["mount", "-o", "loop", image, ext4]).status == 0 else {
      return false
    }
    defer { _ = umount2(ext4, Int32(MNT_DETACH)) }
    // A folder of its own in each: a new ext4 holds `lost+found`.
    let folders = [tmpfs + "/test", ext4 + "/test"]
    for folder in folders { mkdir(folder, 0o755) }
    try await body(folders[0], folders[1])
    return true
  }
}
