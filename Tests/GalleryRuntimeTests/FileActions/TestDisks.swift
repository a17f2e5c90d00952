import Foundation
import SystemSupport
import TerminalKit
import TestSupport

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Two file systems that take names of 255 bytes, for the tests that must hold across
/// disks with the longest names: `/dev/shm` and the temporary folder, when they are on
/// different devices (a tmpfs and an ext4 on most Linux machines, two tmpfs where `/tmp`
/// is one). Elsewhere the tests are skipped (`isAvailable`).
enum TestDisks {
  /// Whether the two disks are to be had here.
  static let isAvailable: Bool =
    OtherDisk.isAvailable && longestName(OtherDisk.root) >= 255
    && longestName(NSTemporaryDirectory()) >= 255

  /// The longest name the file system of `folder` takes (`NAME_MAX`), 0 when unknown.
  static func longestName(_ folder: String) -> Int {
    max(0, PathBytes.withFileSystemRepresentation(folder) { pathconf($0, Int32(_PC_NAME_MAX)) })
  }

  /// Runs `body` with a new folder on each disk, each removed after; `isAvailable` must
  /// be true.
  static func withTwoDisks(_ body: (_ shared: String, _ temporary: String) async throws -> Void)
    async throws
  {
    let shared = OtherDisk.fixture()
    let temporary = FolderFixture()
    // The folders are removed when the fixtures go: not before the body is done.
    defer { withExtendedLifetime((shared, temporary)) {} }
    try await body(shared.root, temporary.root)
  }
}
