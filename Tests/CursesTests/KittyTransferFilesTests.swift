import Foundation
import TerminalKit
import Testing

@testable import Curses

/// The temporary files kitty pictures travel by: a private folder, a file named only when
/// whole, nothing left behind, and the folders of killed galleries deleted while a
/// running gallery's stays.
@Suite struct KittyTransferFilesTests {
  static func entries(_ path: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
  }

  @Test func filesAreWrittenInAPrivateFolderAndAllGoAtTheEnd() throws {
    let files = try #require(KittyTransferFiles())
    let folder = String(files.prefix.dropLast())
    let attributes = try FileManager.default.attributesOfItem(atPath: folder)
    #expect((attributes[.posixPermissions] as? Int) == 0o700)
    #expect(folder.contains("tty-graphics-protocol"), "kitty deletes what it read there")
    let picture = KittyFile(path: files.prefix + "0", bytes: [1, 2, 3, 4])
    #expect(files.write([picture]))
    #expect(FileManager.default.contents(atPath: picture.path) == Data([1, 2, 3, 4]))
    // A name taken already is never written over: the frame goes without its files.
    let second = KittyFile(path: files.prefix + "1", bytes: [9])
    #expect(!files.write([second, picture]))
    #expect(!FileManager.default.fileExists(atPath: second.path), "none of that frame's stays")
    files.sweep(limit: .zero)
    #expect(Self.entries(folder).isEmpty)
    #expect(files.write([KittyFile(path: files.prefix + "2", bytes: [5])]))
    files.removeAll()
    files.removeAll()
    #expect(!FileManager.default.fileExists(atPath: folder))
  }

  /// kitty reads the files in order, seconds behind when it draws slower than a video's
  /// frames come: a file it has not reached stays however old (were it deleted, that frame
  /// would be a black picture), and one it passed over goes once a later one is gone.
  @Test func aFileKittyHasNotReachedStaysAndOneItPassedOverGoes() throws {
    let files = try #require(KittyTransferFiles())
    defer { files.removeAll() }
    let folder = String(files.prefix.dropLast())
    let frames = (0..<4).map { KittyFile(path: files.prefix + "\($0)", bytes: [UInt8($0)]) }
    #expect(files.write(frames))
    let later = ContinuousClock.now + .seconds(10)
    files.sweep(now: later)
    #expect(Set(Self.entries(folder)) == ["0", "1", "2", "3"], "kitty has read none yet")
    #expect(files.unread == 4)
    // kitty read 0 and 2 (and deleted them), and could not read 1.
    unlink(frames[0].path)
    unlink(frames[2].path)
    files.sweep(now: later)
    #expect(Self.entries(folder) == ["3"], "1 was passed over; 3 not reached")
    #expect(files.unread == 1 && files.unreadFrames == 1)
    files.sweep(now: later + .seconds(60))
    #expect(Self.entries(folder).isEmpty, "a kitty that stopped reading")
  }

  /// A page of pictures is one frame of many files: how far behind kitty is counts frames.
  @Test func kittyIsBehindByFramesNotFiles() throws {
    let files = try #require(KittyTransferFiles())
    defer { files.removeAll() }
    let page = (0..<16).map { KittyFile(path: files.prefix + "page-\($0)", bytes: [1]) }
    #expect(files.write(page))
    #expect(files.unread == 16 && files.unreadFrames == 1)
    for index in 0..<3 {
      #expect(files.write([KittyFile(path: files.prefix + "video-\(index)", bytes: [2])]))
    }
    #expect(files.unreadFrames == 4)
    // kitty read the page and the first video frame.
    for file in page { unlink(file.path) }
    unlink(files.prefix + "video-0")
    files.sweep()
    #expect(files.unread == 2 && files.unreadFrames == 2)
  }

  /// The id of a process that has ended: it names no process.
  static func endedProcess() -> pid_t {
    var pid: pid_t = 0
    #expect(posix_spawn(&pid, "/bin/true", nil, nil, [nil], nil) == 0)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return pid
  }

  @Test func aKilledGallerysFolderGoesAndARunningOnesStays() throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-abandoned-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: parent) }
    let dead = Self.endedProcess()
    let killed = parent + "/" + KittyTransferFiles.namePrefix + "\(dead)-old"
    let running = parent + "/" + KittyTransferFiles.namePrefix + "\(dead)-live"
    // A gallery starting: its folder is made and not yet locked, and its process lives.
    let starting = parent + "/" + KittyTransferFiles.namePrefix + "\(getppid())-new"
    for folder in [killed, running, starting] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      #expect(FileManager.default.createFile(atPath: folder + "/3", contents: Data([1])))
    }
    let other = parent + "/unrelated"
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
    // A link named like a folder points elsewhere: never followed.
    let outside = parent + "/outside"
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: false)
    #expect(FileManager.default.createFile(atPath: outside + "/keep", contents: Data([7])))
    try FileManager.default.createSymbolicLink(
      atPath: parent + "/" + KittyTransferFiles.namePrefix + "\(dead)-link",
      withDestinationPath: outside)
    let held = open(running, O_RDONLY | O_DIRECTORY)
    #expect(held >= 0 && flock(held, LOCK_EX | LOCK_NB) == 0)
    defer { close(held) }

    let removed = KittyTransferFiles.removeAbandoned(in: parent)
    #expect(removed == TerminalLeftovers(found: 1, removed: 1))
    #expect(!FileManager.default.fileExists(atPath: killed))
    #expect(Self.entries(running) == ["3"])
    #expect(Self.entries(starting) == ["3"])
    #expect(FileManager.default.fileExists(atPath: other))
    #expect(Self.entries(outside) == ["keep"])
  }

  @Test func aDeadGallerysProbeFileGoesAndALiveOnesStays() async throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-probes-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: parent) }
    let pid = Self.endedProcess()
    let prefix = parent + "/" + KittyTransferFiles.namePrefix
    let dead = prefix + "\(pid)-a1-probe"
    let live = prefix + "\(getppid())-b2-probe"
    let mine = prefix + "\(getpid())-c3-probe"
    for file in [dead, live, mine] {
      #expect(FileManager.default.createFile(atPath: file, contents: Data([0, 0, 0, 0])))
    }
    // A link named like a dead one's probe file: the link may go, never what it points to.
    let target = parent + "/target"
    #expect(FileManager.default.createFile(atPath: target, contents: Data([7])))
    try FileManager.default.createSymbolicLink(
      atPath: prefix + "\(pid)-d4-probe", withDestinationPath: target)
    #expect(KittyTransferFiles.owner(ofName: KittyTransferFiles.namePrefix + "12-x-probe") == 12)
    #expect(KittyTransferFiles.owner(ofName: KittyTransferFiles.namePrefix + "12-x") == 12)
    #expect(KittyTransferFiles.owner(ofName: KittyTransferFiles.namePrefix + "x-12-probe") == nil)

    let removed = KittyTransferFiles.removeAbandoned(in: parent)
    #expect(removed == TerminalLeftovers(found: 2, removed: 1))
    #expect(!FileManager.default.fileExists(atPath: dead))
    #expect(FileManager.default.fileExists(atPath: live))
    #expect(FileManager.default.fileExists(atPath: mine))
    #expect(FileManager.default.contents(atPath: target) == Data([7]))
  }
}
