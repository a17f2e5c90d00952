import DiffableData
import Foundation
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - Pure: applying changes, ordering, snapshots, parsing

private let day = Date(timeIntervalSince1970: 1_700_000_000)

private func picture(_ path: String, size: Int64 = 10, date: Date = day) -> Picture {
  Picture(
    path: path, fileName: PathName.lastComponent(path), byteSize: size, modificationDate: date,
    format: .png)
}

private func section(_ folder: String, name: String, _ names: [String]) -> LibrarySection {
  LibrarySection(
    name: name, folder: URL(fileURLWithPath: folder, isDirectory: true),
    pictures: names.map { picture(folder + "/" + $0) })
}

@Suite struct LibraryApplyingTests {
  let fixture = FolderFixture()
  let root: String
  let ordering: SectionOrdering
  let library: Library

  init() throws {
    root = fixture.folder("photos")
    fixture.folder("photos/a")
    ordering = SectionOrdering(roots: [try ScanRoot(resolving: root)])
    library = Library(sections: [
      section(root, name: "photos", ["img1.png", "img10.png"]),
      section(root + "/a", name: "a", ["x.png"]),
    ])
  }

  private func arrival(_ path: String, size: Int64 = 10, date: Date = day)
    -> FolderChanges.Arrival?
  {
    ordering.place(ofFolder: PathName.parent(path)).map {
      FolderChanges.Arrival(picture: picture(path, size: size, date: date), place: $0)
    }
  }

  @Test func arrivalsKeepNaturalOrder() throws {
    var changes = FolderChanges(ordering: ordering)
    changes.arrived = [try #require(arrival(root + "/img2.png"))]
    let updated = library.applying(changes).library
    #expect(updated.sections[0].pictures.map(\.fileName) == ["img1.png", "img2.png", "img10.png"])
    #expect(updated.sections[1] == library.sections[1])
  }

  @Test func removalsDropPicturesAndEmptySections() {
    var changes = FolderChanges(ordering: ordering)
    changes.removed = [root + "/img1.png", root + "/a/x.png", root + "/not-shown.png"]
    let updated = library.applying(changes).library
    #expect(updated.sections.map(\.name) == ["photos"])
    #expect(updated.sections[0].pictures.map(\.fileName) == ["img10.png"])
  }

  @Test func aRemovedFolderTakesItsNestedSectionsAlong() {
    let nested = Library(
      sections: library.sections + [section(root + "/a/b", name: "a/b", ["y.png"])])
    var changes = FolderChanges(ordering: ordering)
    changes.removed = [root + "/a"]
    let updated = nested.applying(changes).library
    #expect(updated.sections.map(\.name) == ["photos"])
  }

  @Test func aFolderWithAFirstPictureBecomesASectionInNaturalOrder() throws {
    var changes = FolderChanges(ordering: ordering)
    changes.arrived = [
      try #require(arrival(root + "/img10/p.png")),
      try #require(arrival(root + "/img2/q.png")),
      try #require(arrival(root + "/a/b/r.png")),
      try #require(arrival(root + "/A0/s.png")),
    ]
    let updated = library.applying(changes).library
    // Root first, then depth first in natural order ("a" before "A0", "img2" before "img10").
    #expect(updated.sections.map(\.name) == ["photos", "a", "a/b", "A0", "img2", "img10"])
    #expect(updated.sections.map(\.id) == updated.sections.map(\.folder.path))
  }

  @Test func rewrittenPicturesAreReportedOnlyWhenTheirContentChanged() throws {
    var changes = FolderChanges(ordering: ordering)
    changes.arrived = [
      try #require(arrival(root + "/img10.png", size: 99)),
      try #require(arrival(root + "/img1.png")),  // same size and time: untouched
    ]
    let update = library.applying(changes)
    #expect(update.rewritten == [root + "/img10.png"])
    #expect(update.library.sections[0].pictures.map(\.byteSize) == [10, 99])
  }

  @Test func aPathRemovedAndArrivedInOneBatchEndsUpShown() throws {
    var changes = FolderChanges(ordering: ordering)
    changes.removed = [root + "/a"]
    changes.arrived = [try #require(arrival(root + "/a/z.png"))]
    let updated = library.applying(changes).library
    #expect(updated.sections.map(\.name) == ["photos", "a"])
    #expect(updated.sections[1].pictures.map(\.fileName) == ["z.png"])
  }

  @Test func snapshotDifferenceListsInsertedDeletedAndReloadedPictures() throws {
    var changes = FolderChanges(ordering: ordering)
    changes.arrived = [
      try #require(arrival(root + "/img2.png")),
      try #require(arrival(root + "/img10.png", size: 50)),
    ]
    changes.removed = [root + "/a/x.png"]
    let update = library.applying(changes)
    let old = library.pictureSnapshot()
    let new = update.library.pictureSnapshot(reloading: update.rewritten)
    #expect(new.sectionIdentifiers == [root])
    #expect(new.itemIdentifiers == [root + "/img1.png", root + "/img2.png", root + "/img10.png"])
    let difference = new.difference(from: old)
    #expect(difference.deletedSections == [1])
    #expect(difference.insertedItems == [SnapshotIndexPath(item: 1, section: 0)])
    #expect(difference.reloadedItems == [SnapshotIndexPath(item: 2, section: 0)])
    var source = DiffableDataSource(snapshot: old)
    let applied = source.apply(new)
    #expect(applied == difference)
    #expect(source.indexPath(for: root + "/img10.png") == SnapshotIndexPath(item: 2, section: 0))
  }
}

@Suite struct SectionOrderingTests {
  let fixture = FolderFixture()

  @Test func namedSubfoldersKeepTheirOrderAndTheRootIsNotShown() throws {
    let root = fixture.folder("assets")
    fixture.folder("assets/Office")
    fixture.folder("assets/Kitchen")
    let ordering = SectionOrdering(roots: [
      try ScanRoot(resolving: root, subfolders: ["Office", "Kitchen"])
    ])
    #expect(ordering.place(ofFolder: root) == nil)
    #expect(ordering.place(ofFolder: root + "/Other") == nil)
    let office = try #require(ordering.place(ofFolder: root + "/Office"))
    let kitchen = try #require(ordering.place(ofFolder: root + "/Kitchen"))
    let nested = try #require(ordering.place(ofFolder: root + "/Office/Zed"))
    #expect(office < nested && nested < kitchen)
    #expect(nested.name == "Office/Zed")
  }

  @Test func foldersOutsideTheRootsHaveNoPlace() throws {
    let root = fixture.folder("photos")
    let ordering = SectionOrdering(roots: [try ScanRoot(resolving: root)])
    #expect(ordering.place(ofFolder: root + "-other") == nil)
    #expect(ordering.place(ofFolder: root)?.name == "photos")
  }
}

@Suite struct InotifyRecordTests {
  private func record(watch: Int32, mask: UInt32, cookie: UInt32 = 0, name: [UInt8], padTo: Int)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    for value in [UInt32(bitPattern: watch), mask, cookie, UInt32(padTo)] {
      withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
    bytes += name + [UInt8](repeating: 0, count: padTo - name.count)
    return bytes
  }

  @Test func parsesPaddedNamesAndFolderEvents() {
    let bytes =
      record(watch: 3, mask: 0x100, name: Array("a.png".utf8), padTo: 16)
      + record(watch: 4, mask: 0x400, name: [], padTo: 0)
    let records = bytes.withUnsafeBytes { InotifyRecord.parse($0) }
    #expect(records.map(\.watch) == [3, 4])
    #expect(records.map(\.mask) == [0x100, 0x400])
    #expect(records.map(\.name) == ["a.png", nil])
  }

  @Test func aTruncatedOrOverlongRecordIsDroppedWithoutReadingPastTheBuffer() {
    let whole = record(watch: 1, mask: 2, name: Array("x".utf8), padTo: 8)
    let cut = whole + Array(record(watch: 2, mask: 2, name: Array("y".utf8), padTo: 8).prefix(20))
    #expect(cut.withUnsafeBytes { InotifyRecord.parse($0) }.map(\.watch) == [1])
    var lying = record(watch: 5, mask: 2, name: Array("z".utf8), padTo: 8)
    lying[12] = 200  // claims a 200-byte name in an 8-byte field
    #expect(lying.withUnsafeBytes { InotifyRecord.parse($0) }.isEmpty)
    #expect([UInt8](repeating: 0, count: 10).withUnsafeBytes { InotifyRecord.parse($0) }.isEmpty)
  }

  /// Kept with its bytes, as the scan keeps it (`PathBytes`), not left out.
  @Test func aNameThatIsNotUTF8KeepsItsBytes() {
    let name: [UInt8] = [0x66, 0xFF, 0xFE]
    let bytes = record(watch: 1, mask: 2, name: name, padTo: 8)
    let records = bytes.withUnsafeBytes { InotifyRecord.parse($0) }
    #expect(records.count == 1)
    #expect(records.first?.name.map { PathBytes.fileSystemBytes($0) } == name)
    #expect(records.first?.name.map { TextSanitizer.sanitize($0) } == "f\\xFF\\xFE")
  }
}

// MARK: - Live: real folders, a real watcher

/// A shown folder `shown` (with `outside` next to it, not shown), its scan, a watcher
/// started over it, and a recorder applying each batch.
private final class LiveFixture {
  let files = FolderFixture()
  let shown: String
  let outside: String
  let recorder: WatchRecorder
  let watcher: FolderWatcher
  let warnings: [WatchWarning]

  init(includeHidden: Bool = false, prepare: (FolderFixture) -> Void = { _ in }) throws {
    shown = files.folder("shown")
    outside = files.folder("outside")
    files.png("shown/first.png")
    prepare(files)
    let scanner = try LibraryScanner(folders: [shown], includeHidden: includeHidden)
    recorder = WatchRecorder(library: scanner.library())
    watcher = FolderWatcher(scanner: scanner, onChanges: recorder.handler)
    warnings = watcher.start()
  }

  // `stop` waits for the watcher's thread: on a thread of its own, never the pool's.
  deinit { Waiting.startThread { [watcher] in watcher.stop() } }

  func contains(_ relative: String) -> Bool {
    recorder.picturePaths.contains(files.path(relative))
  }
}

@Suite(.serialized) struct FolderWatcherTests {
  @Test func anAddedPictureAppearsWithinASecond() async throws {
    let live = try LiveFixture()
    #expect(live.warnings.isEmpty)
    live.files.jpeg("shown/second.jpg")
    let added = live.files.path("shown/second.jpg")
    let (met, elapsed) = await live.recorder.wait { library in
      library.sections.contains { $0.pictures.contains { $0.path == added } }
    }
    #expect(met)
    #expect(elapsed < 1.0)
  }

  @Test func aFileWrittenInPlaceCountsOnceClosedNotWhileEmpty() async throws {
    let live = try LiveFixture()
    let path = live.files.path("shown/slow.png")
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    #expect(file >= 0)
    // While the new file is empty and open, a later picture goes through on its own.
    live.files.png("shown/marker.png")
    #expect(await live.recorder.wait { _ in live.contains("shown/marker.png") }.met)
    #expect(!live.contains("shown/slow.png"))
    let bytes = FolderFixture.pngBytes
    #expect(bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == bytes.count)
    close(file)
    #expect(await live.recorder.wait { _ in live.contains("shown/slow.png") }.met)
    let arrived = live.recorder.library.sections.first?.pictures.first { $0.path == path }
    #expect(arrived?.byteSize == Int64(bytes.count))
  }

  /// A picture whose name is not UTF-8 (Latin-1 `caf\xE9.jpg`) arrives with its name's
  /// bytes kept, and goes when it is removed.
  @Test func aPictureNamedInLatin1ArrivesAndLeaves() async throws {
    let live = try LiveFixture()
    let relative = "shown/" + FolderFixture.name(Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
    live.files.jpeg(relative)
    #expect(await live.recorder.wait { _ in live.contains(relative) }.met)
    let arrived = live.recorder.batches.flatMap(\.arrived).map(\.picture)
    #expect(arrived.first { $0.path == live.files.path(relative) }?.format == .jpeg)
    #expect(live.recorder.library.warnings.isEmpty)
    _ = PathBytes.withFileSystemRepresentation(live.files.path(relative)) { unlink($0) }
    #expect(await live.recorder.wait { _ in !live.contains(relative) }.met)
    #expect(live.contains("shown/first.png"))
  }

  @Test func aRemovedPictureDisappears() async throws {
    let live = try LiveFixture { $0.png("shown/gone.png") }
    #expect(live.contains("shown/gone.png"))
    unlink(live.files.path("shown/gone.png"))
    #expect(await live.recorder.wait { _ in !live.contains("shown/gone.png") }.met)
    #expect(live.contains("shown/first.png"))
  }

  @Test func aRenamedPictureMoves() async throws {
    let live = try LiveFixture { $0.png("shown/img10.png") }
    rename(live.files.path("shown/img10.png"), live.files.path("shown/img2.png"))
    #expect(
      await live.recorder.wait { _ in
        live.contains("shown/img2.png") && !live.contains("shown/img10.png")
      }.met)
    #expect(
      live.recorder.library.sections.first?.pictures.map(\.fileName) == ["first.png", "img2.png"])
  }

  @Test func picturesMovedInAndOutOfTheFolderComeAndGo() async throws {
    let live = try LiveFixture { $0.png("outside/in.png") }
    rename(live.files.path("outside/in.png"), live.files.path("shown/in.png"))
    #expect(await live.recorder.wait { _ in live.contains("shown/in.png") }.met)
    rename(live.files.path("shown/first.png"), live.files.path("outside/first.png"))
    #expect(await live.recorder.wait { _ in !live.contains("shown/first.png") }.met)
    #expect(!live.recorder.picturePaths.contains { $0.hasPrefix(live.outside) })
  }

  /// The burst is gathered by the watcher's settle rule (`WatchTiming`): a batch goes out
  /// once no event came for `settleMilliseconds`, or `maximumMilliseconds` after its first
  /// event. So it may be cut only where the writing paused that long, or once for each
  /// `maximumMilliseconds` the writing took; on a quiet machine that is one batch. A slow
  /// machine (a sanitizer, a loaded CI) writes slower and earns the cuts its pauses allow,
  /// and a watcher held up by other work (its thread not run for a while) earns the cuts
  /// its own lateness allows: the time its last batch came after the writing ended and the
  /// settle wait. Never a failure from load. How soon the batches come is for the
  /// benchmarks to tell.
  @Test func aBurstOfAHundredPicturesArrivesInAFewBatches() async throws {
    let live = try LiveFixture()
    // A file's event comes when it is closed, within its `png` call: the stamps around the
    // calls bound the pauses between the events from above.
    var writes: [(start: ContinuousClock.Instant, end: ContinuousClock.Instant)] = []
    for index in 1...100 {
      let start = ContinuousClock.now
      live.files.png("shown/burst\(index).png")
      writes.append((start, .now))
    }
    #expect(await live.recorder.wait(seconds: 20) { $0.pictureCount == 101 }.met)
    // Half the settle time and half the longest batch: the watcher reads its clock a
    // moment after it last read the queue, and may be held up in between.
    let timing = WatchTiming()
    let quiet = Duration.milliseconds(timing.settleMilliseconds) / 2
    let pauses = zip(writes, writes.dropFirst()).filter { $0.start.duration(to: $1.end) >= quiet }
    let longest = Duration.milliseconds(timing.maximumMilliseconds) / 2
    let span = writes[0].start.duration(to: writes[writes.count - 1].end)
    // The watcher's lateness: how long after the writing and the settle wait its last
    // batch came; each stretch of it as long as a pause or a batch could have cut one.
    let settle = Duration.milliseconds(timing.settleMilliseconds)
    let lateness = max(
      .zero,
      (live.recorder.lastArrival.map { writes[writes.count - 1].end.duration(to: $0) } ?? .zero)
        - settle)
    let allowed = 1 + pauses.count + Int((span + lateness) / longest) + Int(lateness / quiet)
    #expect(
      live.recorder.batches.count <= allowed,
      """
      \(live.recorder.batches.count) batches; the writing (\(span), \(pauses.count) pauses) \
      and the watcher's lateness (\(lateness)) allow \(allowed)
      """
    )
    let names = live.recorder.library.sections.first?.pictures.map(\.fileName) ?? []
    #expect(names.prefix(3) == ["burst1.png", "burst2.png", "burst3.png"])
    #expect(names.last == "first.png")
  }

  /// A text file named like a picture arrives as a broken picture (no format); one named
  /// otherwise and hidden files do not arrive.
  @Test func nonPicturesAndHiddenFilesAreIgnored() async throws {
    let live = try LiveFixture()
    live.files.text("shown/notes.png")
    live.files.text("shown/notes.txt")
    live.files.png("shown/.secret.png")
    live.files.png("shown/after.png")
    #expect(await live.recorder.wait { _ in live.contains("shown/after.png") }.met)
    #expect(await live.recorder.wait { _ in live.contains("shown/notes.png") }.met)
    let arrived = live.recorder.batches.flatMap(\.arrived).map(\.picture)
    #expect(arrived.first { $0.fileName == "notes.png" }?.format == nil)
    #expect(!arrived.contains { $0.fileName == "notes.txt" || $0.fileName == ".secret.png" })
    #expect(live.recorder.picturePaths.count == 3)
  }

  @Test func hiddenFilesArriveWhenIncluded() async throws {
    let live = try LiveFixture(includeHidden: true)
    live.files.png("shown/.secret.png")
    #expect(await live.recorder.wait { _ in live.contains("shown/.secret.png") }.met)
  }

  @Test func aRewrittenPictureIsReported() async throws {
    let live = try LiveFixture()
    live.files.file("shown/first.png", FolderFixture.pngBytes + [1, 2, 3, 4])
    #expect(await live.recorder.wait { _ in !live.recorder.rewritten.isEmpty }.met)
    #expect(live.recorder.rewritten == [live.files.path("shown/first.png")])
  }

  @Test func newSubfoldersBecomeSectionsInNaturalOrder() async throws {
    let live = try LiveFixture { $0.png("shown/img5/a.png") }
    live.files.folder("shown/img10")
    live.files.png("shown/img10/b.png")
    // A folder with pictures already in it, moved in whole.
    live.files.png("outside/img2/c.png")
    live.files.png("outside/img2/deep/d.png")
    rename(live.files.path("outside/img2"), live.files.path("shown/img2"))
    let expected = ["shown", "img2", "img2/deep", "img5", "img10"]
    #expect(await live.recorder.wait { $0.sections.map(\.name) == expected }.met)
    #expect(live.recorder.library.sections.map(\.name) == expected)
    // Still watched after the move: a later picture in the nested folder shows up.
    live.files.png("shown/img2/deep/e.png")
    #expect(await live.recorder.wait { _ in live.contains("shown/img2/deep/e.png") }.met)
  }

  @Test func anEmptyFolderPresentAtStartGainsASectionWithItsFirstPicture() async throws {
    let live = try LiveFixture { $0.folder("shown/empty/inner") }
    live.files.png("shown/empty/inner/p.png")
    #expect(await live.recorder.wait { $0.sections.map(\.name) == ["shown", "empty/inner"] }.met)
  }

  @Test func aRenamedFolderMovesItsSectionAndStaysWatched() async throws {
    let live = try LiveFixture { $0.png("shown/old/a.png") }
    rename(live.files.path("shown/old"), live.files.path("shown/new"))
    #expect(await live.recorder.wait { $0.sections.map(\.name) == ["shown", "new"] }.met)
    #expect(live.contains("shown/new/a.png"))
    live.files.png("shown/new/b.png")
    #expect(await live.recorder.wait { _ in live.contains("shown/new/b.png") }.met)
    #expect(!live.recorder.picturePaths.contains { $0.contains("/old/") })
  }

  @Test func aLinkLoopingBackIsNotFollowedTwice() async throws {
    let live = try LiveFixture()
    live.files.link("shown/again", to: live.shown)
    live.files.link("shown/pic.png", to: live.files.path("shown/first.png"))
    #expect(await live.recorder.wait { _ in live.contains("shown/pic.png") }.met)
    #expect(live.recorder.library.sections.map(\.name) == ["shown"])
    #expect(!live.recorder.picturePaths.contains { $0.contains("/again/") })
  }

  @Test func aDeletedFolderLosesItsSection() async throws {
    let live = try LiveFixture {
      $0.png("shown/doomed/a.png")
      $0.png("shown/doomed/nested/b.png")
    }
    #expect(live.recorder.library.sections.count == 3)
    try FileManager.default.removeItem(atPath: live.files.path("shown/doomed"))
    #expect(await live.recorder.wait { $0.sections.map(\.name) == ["shown"] }.met)
  }

  @Test func aDeletedRootEmptiesTheLibrary() async throws {
    let live = try LiveFixture()
    try FileManager.default.removeItem(atPath: live.shown)
    #expect(await live.recorder.wait { $0.sections.isEmpty }.met)
  }

  /// The kernel's queue is filled while the watcher's thread is held in a delivery, until
  /// the kernel says it is full (below); the watcher, let go, finds the overflow record
  /// and asks for a rescan.
  @Test func aQueueOverflowAsksForARescan() async throws {
    let files = FolderFixture()
    let shown = files.folder("shown")
    let first = files.png("shown/a.png")
    let second = files.png("shown/b.png")
    let scanner = try LibraryScanner(folders: [shown])
    let recorder = WatchRecorder(library: scanner.library())
    let entered = TestSignal()
    // Only the watcher's own thread waits on the gate, never the test: a semaphore may.
    let gate = DispatchSemaphore(value: 0)
    let watcher = FolderWatcher(scanner: scanner) { changes in
      // Hold the watcher's thread inside its first delivery while the kernel queue fills.
      entered.signal()
      gate.wait()
      recorder.handler(changes)
    }
    defer {
      for _ in 0..<16 { gate.signal() }
      Waiting.startThread { watcher.stop() }
    }
    #expect(watcher.start().isEmpty)
    let inotify = try #require(watcher.descriptors.first, "the watcher's inotify descriptor")
    files.png("shown/c.png")
    #expect(await entered.wait(timeout: .seconds(20)))
    // Nothing reads the queue now. Events go on until the bytes it holds stop growing: a
    // full queue ends with the overflow record and drops whatever comes after it. Two
    // files in turn, so the kernel cannot merge an event into the one before it. The
    // count is not guessed from max_queued_events, and a slow machine only takes longer.
    func queued() -> Int32 {
      var bytes: Int32 = 0
      return ioctl(inotify, UInt(FIONREAD), &bytes) == 0 ? bytes : -1
    }
    var full = false
    var index = 0
    let deadline = ContinuousClock.now + .seconds(60)
    while !full && ContinuousClock.now < deadline {
      let before = queued()
      for _ in 0..<512 {
        chmod(first, index % 2 == 0 ? 0o600 : 0o644)
        chmod(second, index % 2 == 0 ? 0o600 : 0o644)
        index += 1
      }
      full = before > 0 && queued() == before
    }
    #expect(full, "the kernel's queue filled (\(queued()) bytes after \(index) pairs of events)")
    for _ in 0..<16 { gate.signal() }
    #expect(
      await Waiting.until(timeout: .seconds(20)) { recorder.batches.contains { $0.needsRescan } })
  }

  /// The watcher's own descriptors, told apart from any other test's by identity: after
  /// `stop` each is closed, or its number names another file (it was closed and reused).
  @Test func stopEndsTheThreadPromptlyAndClosesItsDescriptors() async throws {
    let files = FolderFixture()
    let shown = files.folder("shown")
    files.folder("shown/sub")
    let scanner = try LibraryScanner(folders: [shown])
    let watcher = FolderWatcher(scanner: scanner) { _ in }
    #expect(watcher.start().isEmpty)
    #expect(watcher.isRunning)
    let held = watcher.descriptors
    let kinds = held.map(Self.kind(of:))
    #expect(kinds.filter { $0 == "anon_inode:inotify" }.count == 1)
    #expect(kinds.filter { $0.hasPrefix("pipe:") }.count == 2)
    let identities = held.map { ($0, Self.identity(of: $0)) }
    // Timed on a thread of its own: `stop` waits for the watcher's thread to end.
    let stopping = await Waiting.onOwnThread {
      let start = Date()
      watcher.stop()
      return Date().timeIntervalSince(start)
    }
    #expect(stopping < 0.5)
    #expect(!watcher.isRunning)
    #expect(watcher.descriptors.isEmpty)
    for (descriptor, identity) in identities {
      let now = Self.identity(of: descriptor)
      #expect(now == nil || now != identity, "descriptor \(descriptor) still open")
    }
    watcher.stop()  // a second stop does nothing
  }

  /// What a descriptor names, as `/proc/self/fd` shows it.
  static func kind(of descriptor: Int32) -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"))
      ?? ""
  }

  /// The device and inode a descriptor names, nil when it is closed.
  static func identity(of descriptor: Int32) -> [UInt64]? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return [UInt64(status.st_dev), UInt64(status.st_ino), UInt64(status.st_mode)]
  }

  @Test func noBatchIsDeliveredAfterStop() async throws {
    let live = try LiveFixture()
    let watcher = live.watcher
    await Waiting.onOwnThread { watcher.stop() }
    live.files.png("shown/late.png")
    // Give a running watcher time to settle and deliver, then check nothing came.
    let (met, _) = await live.recorder.wait(seconds: 0.4) { _ in live.contains("shown/late.png") }
    #expect(!met)
    #expect(live.recorder.batches.isEmpty)
  }
}
