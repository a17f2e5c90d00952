import Foundation
import Gallery
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The system's own file systems are never read nor watched, however they are reached: a
/// link to `/proc/self` would lead over the whole disk through `/proc/*/root`. Naming one
/// is a clear error. And links to folders are not followed when the setting says so.
@Suite struct SystemFolderTests {
  /// A library of one JPEG with links to `/proc/self` and `/sys`.
  static func library() -> FolderFixture {
    let fixture = FolderFixture()
    fixture.jpeg("lib/only.jpg")
    fixture.link("lib/self", to: "/proc/self")
    fixture.link("lib/sys", to: "/sys")
    return fixture
  }

  @Test func linksToProcAndSysGiveOnlyTheOnePictureAndAWarning() throws {
    let fixture = Self.library()
    let scanner = try LibraryScanner(folders: [fixture.path("lib")])
    // Bounded: a scan that wanders into /proc is stopped after a few hundred events.
    let cancellation = ScanCancellation()
    var library = Library()
    var events = 0
    scanner.scan(cancellation: cancellation) { event in
      events += 1
      if events > 300 { cancellation.cancel() }
      library.apply(event)
    }
    #expect(library.sections.flatMap(\.pictures).map(\.fileName) == ["only.jpg"])
    #expect(library.stats?.folders == 1)
    #expect(
      Set(library.warnings) == [
        .systemFolder(path: fixture.path("lib/self"), fileSystem: "proc"),
        .systemFolder(path: fixture.path("lib/sys"), fileSystem: "sysfs"),
      ])
    #expect(library.stats?.cancelled == false)
  }

  @Test func namingASystemFolderIsAClearError() {
    for (path, fileSystem) in [("/proc", "proc"), ("/proc/self", "proc"), ("/sys", "sysfs")] {
      #expect(throws: LibraryError.systemFolder(path: path, fileSystem: fileSystem)) {
        _ = try LibraryScanner(paths: [path])
      }
    }
    let message = LibraryError.systemFolder(path: "/proc", fileSystem: "proc").description
    #expect(message == "/proc: the system's own proc file system, not pictures (not shown)")
    #expect(FileSystemKind.of(path: "/proc") == .system("proc"))
    #expect(FileSystemKind.of(path: NSTemporaryDirectory()) != .system("proc"))
  }

  @Test func theProgramNamedProcSaysWhyAndExits() async throws {
    let gallery = try BuiltProduct.path("gallery")
    let home = FolderFixture()
    let outcome = try await Subprocess.run(
      [gallery, "--print", "--format", "plain", "--size", "40x8", "--no-cache", "/proc"],
      environment: ["HOME": home.root, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    #expect(outcome.status == 1)
    #expect(outcome.output.isEmpty)
    #expect(
      outcome.errors
        == "gallery: /proc: the system's own proc file system, not pictures (not shown)\n")
  }

  @Test(.enabled(if: MountTableProbe.type(of: "/dev") == "devtmpfs", "/dev is a devtmpfs"))
  func devtmpfsIsToldFromTmpfs() {
    #expect(FileSystemKind.of(path: "/dev") == .system("devtmpfs"))
    #expect(FileSystemKind.of(path: "/dev/shm") == .ordinary)
  }

  /// FUSE gives one magic number for a disk of the machine (NTFS or exFAT through
  /// ntfs-3g or exfat-fuse) and for a network's (sshfs): the mount table's type tells.
  @Test func aLocalDiskThroughFuseIsToldFromANetworksOne() {
    let local = "52 30 8:17 / /media/usb rw,relatime shared:1 - fuseblk /dev/sdb1 rw,user_id=0"
    let remote = "53 30 0:52 / /mnt/far rw,nosuid - fuse.sshfs me@far:/ rw,user_id=1000"
    let parsed = [local, remote].compactMap(MountTable.mount)
    #expect(parsed.map(\.type) == ["fuseblk", "fuse.sshfs"])
    #expect(parsed.map { MountTable.isLocalFuse(type: $0.type) } == [true, false])
    #expect(MountTable.isLocalFuse(type: "fuseblk.ntfs-3g"))
    #expect(MountTable.mount("not a mount line") == nil)
    // A FUSE file system on no mounted device is taken for a network's.
    #expect(FileSystemKind.kind(type: 0x6573_5546, device: dev_t(0xFFFF_FFFF)) == .network)
  }

  @Test func withoutFollowingLinksALinkedAlbumIsNotShown() throws {
    let fixture = FolderFixture()
    fixture.jpeg("lib/here.jpg")
    fixture.jpeg("elsewhere/Album/away.jpg")
    fixture.jpeg("elsewhere/single.jpg")
    fixture.link("lib/Album", to: fixture.path("elsewhere/Album"))
    fixture.link("lib/linked.jpg", to: fixture.path("elsewhere/single.jpg"))
    let followed = try LibraryScanner(folders: [fixture.path("lib")]).library()
    #expect(followed.sections.map(\.name) == ["lib", "Album"])
    let options = try GalleryOptions.parse(["--no-follow-links", fixture.path("lib")])
    guard case .run(let parsed) = options else {
      Issue.record("\(options)")
      return
    }
    #expect(!parsed.followsLinks)
    let scanner = try GalleryLaunch(options: parsed, unicode: true).scanner()
    let kept = scanner.library()
    #expect(kept.sections.map(\.name) == ["lib"])
    // A link to a picture is the picture, shown as it is.
    #expect(kept.sections.first?.pictures.map(\.fileName) == ["here.jpg", "linked.jpg"])
    #expect(kept.warnings.isEmpty)
    #expect(!ConfigFile(text: "follow-links = no").options.followsLinks)
    #expect(ConfigFile(text: "follow-links = yes").options.followsLinks)
    #expect(ConfigFile(text: "follow-links = maybe").problems.count == 1)
  }

  @Test func theWatcherWatchesNoSystemFolder() throws {
    let fixture = FolderFixture()
    fixture.jpeg("lib/only.jpg")
    fixture.link("lib/kernel", to: "/proc/sys/kernel")
    fixture.link("lib/sys", to: "/sys/kernel")
    let scanner = try LibraryScanner(folders: [fixture.path("lib")])
    let watcher = FolderWatcher(scanner: scanner) { _ in }
    _ = watcher.start()
    defer { watcher.stop() }
    let inotify = try #require(watcher.descriptors.first)
    let info = (try? String(contentsOfFile: "/proc/self/fdinfo/\(inotify)", encoding: .utf8)) ?? ""
    let watches = info.split(separator: "\n").filter { $0.hasPrefix("inotify wd:") }
    #expect(watches.count == 1, "\(info)")
  }
}

/// What `/proc/self/mountinfo` says a folder's file system is, to know whether a test
/// applies here.
private enum MountTableProbe {
  static func type(of point: String) -> String? {
    let table = (try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)) ?? ""
    for line in table.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count > 4, fields[4] == point, let dash = fields.firstIndex(of: "-"),
        dash + 1 < fields.count
      else { continue }
      return String(fields[dash + 1])
    }
    return nil
  }
}
