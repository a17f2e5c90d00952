import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a gallery killed with SIGKILL leaves, tidied by the next start: the temporary
/// file of a move killed half-way (by the scan of that folder), and the terminal probe's
/// file of one killed while it starts (by the next start, off the main thread); a running
/// process's files stay, and `--diagnose` counts what it removed.
@Suite(.serialized) struct LeftoversEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// Where the probe's files go: `/dev/shm` when there is one to write, else `/tmp`.
  static let probeFolder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
  static let probePrefix = "tty-graphics-protocol-gallery-"

  static func names(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  /// The probe files of process `pid` in the probe folder.
  static func probeFiles(of pid: pid_t) -> [String] {
    names(probeFolder).filter {
      $0.hasPrefix("\(probePrefix)\(pid)-") && $0.hasSuffix("-probe")
    }
  }

  /// Whether `/dev/shm` is a writable folder on another disk than the temporary folder,
  /// so a move from it copies.
  static let shmIsAnotherDisk: Bool = {
    var shared = stat()
    var local = stat()
    guard stat("/dev/shm", &shared) == 0, stat(NSTemporaryDirectory(), &local) == 0,
      access("/dev/shm", W_OK) == 0
    else { return false }
    return shared.st_dev != local.st_dev
  }()

  static func bytes(_ path: String) -> [UInt8]? {
    (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) }
  }

  @Test(.enabled(if: shmIsAnotherDisk, "/dev/shm is a disk of its own"))
  func aMoveKilledHalfWayIsTidiedByTheNextStartInThatFolder() async throws {
    let shm = FolderFixture(in: "/dev/shm")
    let disk = FolderFixture()
    let probe = try BuiltProduct.path("gallery-move-probe")
    let gallery = try BuiltProduct.path("gallery")
    var random = SplitMix64(seed: 34)
    let words = (0..<(1 << 20)).map { _ in random.next() }
    let picture = words.withUnsafeBytes { [UInt8]($0) }
    let album = disk.folder("Album")
    disk.jpeg("Album/shown.jpg")
    // Killed with its temporary file made and half the picture written.
    let source = shm.file("big.jpg", picture)
    let pid = try Subprocess.start(
      [probe, "move", source, album + "/big.jpg"],
      environment: ["GALLERY_PROBE_KILL_AT_BYTES": "\(picture.count / 2)"])
    _ = await Subprocess.exitStatus(of: pid)
    let leftovers = Self.names(album).filter { $0.contains(".gallery-partial-\(pid)-") }
    try #require(leftovers.count == 1, "the kill left no temporary file: \(Self.names(album))")
    #expect(OnDisk.size(album + "/" + leftovers[0]) == picture.count / 2)
    // A running process's temporary file (this test's) stays.
    let live = ".shown.jpg.gallery-partial-\(getpid())-1"
    disk.file("Album/" + live, [1, 2, 3])

    let home = disk.folder("home")
    let shown = try await Subprocess.run(
      [gallery, "--print", "--format", "plain", "--size", "60x12", "--no-cache", album],
      environment: ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    #expect(shown.status == 0, "\(shown.errors)")
    #expect(shown.output.contains("shown.jpg"), "\(shown.output)")
    #expect(Self.names(album) == [live, "shown.jpg"])
    #expect(Self.bytes(source) == picture, "the picture is whole where it was")
  }

  @Test func aGalleryKilledWhileItStartsLeavesAProbeFileTheNextStartRemoves() async throws {
    let tmux = try await Tmux.start(width: 80, height: 24)
    defer { tmux.kill() }
    let library = tmux.directory.appendingPathComponent("lib")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    try Data(FolderFixture.jpegBytes).write(to: library.appendingPathComponent("a.jpg"))
    let binary = try BuiltProduct.path("gallery")
    // Killed where the probe's file exists (`GALLERY_TEST_TRAP`); `exec` keeps the
    // shell's process id, written first.
    let pidFile = tmux.directory.appendingPathComponent("pid").path
    try await tmux.runToCompletion(
      "sh -c 'echo $$ > \(pidFile); exec env GALLERY_TEST_TRAP=kill-after-probe-file"
        + " TERM=xterm-256color \(binary) --no-cache --graphics auto lib'; echo killed:$?")
    // 137: SIGKILL, which the trap sends only once the probe's file exists.
    #expect(try await tmux.capture().contains("killed:137"))
    let text = try String(contentsOfFile: pidFile, encoding: .utf8)
    let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    // The probe's folder is the machine's: a gallery another test starts meanwhile may
    // tidy the dead file first, which is what is asked of the next start anyway.
    let left = Self.probeFiles(of: pid)
    #expect(left.count <= 1)
    try await tmux.run("stty sane; clear")

    try await tmux.run("TERM=xterm-256color \(binary) --no-cache lib")
    try await tmux.waitUntil("the first frame") { E2E.isDrawn($0) }
    let gone = await Waiting.until(timeout: .seconds(10), interval: .milliseconds(20)) {
      left.allSatisfy { !OnDisk.exists(Self.probeFolder + "/" + $0) }
    }
    #expect(gone, "left: \(left)")
    try await tmux.sendKeys("q")
    try await tmux.waitUntilProgramExits()
  }

  @Test func diagnoseCountsWhatItRemoved() async throws {
    let tmux = try await Tmux.start(width: 200, height: 30)
    defer { tmux.kill() }
    let dead = DeadProcess.pid
    let fixture = FolderFixture(in: tmux.directory.path)
    let album = fixture.folder("album")
    fixture.jpeg("album/a.jpg")
    fixture.file("album/.a.jpg.gallery-partial-\(dead)-1", [1, 2, 3])
    fixture.file("album/.a.jpg.gallery-partial-\(dead)-2", [4])
    let probe = "\(Self.probeFolder)/\(Self.probePrefix)\(dead)-x1-probe"
    #expect(FileManager.default.createFile(atPath: probe, contents: Data([0, 0, 0, 0])))
    defer { unlink(probe) }
    let binary = try BuiltProduct.path("gallery")
    try await tmux.runToCompletion(
      "TERM=xterm-256color \(binary) --diagnose --graphics cells --theme dark \(album)")
    let screen = try await tmux.capture()
    // The probe's folder is the machine's: a gallery another test starts meanwhile may
    // tidy the dead probe file first, and then this one finds none.
    let counted = ["1 file for the terminal (1 removed)", "0 files for the terminal (0 removed)"]
    #expect(
      counted.contains {
        screen.contains(
          "leftovers of killed galleries: 2 temporary files in the folders named (2 removed), "
            + $0)
      }, "\(screen)")
    #expect(Self.names(album) == ["a.jpg"])
    #expect(!OnDisk.exists(probe))
  }
}

/// What the tests look at on disk.
private enum OnDisk {
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// The size of the file at `path`; nil when there is none.
  static func size(_ path: String) -> Int? {
    var status = stat()
    return lstat(path, &status) == 0 ? Int(status.st_size) : nil
  }
}
