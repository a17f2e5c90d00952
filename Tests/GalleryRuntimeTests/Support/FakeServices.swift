import Dispatch
import Foundation
import Gallery
import Pictures
import SystemSupport

@testable import GalleryRuntime

/// A scan that finds what the test gives it: each section of `library`, handed over on
/// the caller's thread while the scan starts (the inbox takes posts from any thread), then
/// the end, at once or when the test calls `finishScan()`; a rescan finds `rescanned`.
final class FakeScanner: PictureScanning {
  let roots: [ScanRoot]
  private let library: Library
  private let rescanned: Library
  private let holdsFinished: Bool
  private let state = Locked(
    (
      scans: 0, rescans: 0, watcher: FakeWatcher?.none,
      finish: (@Sendable () -> Void)?.none
    ))

  /// A scanner finding `library`, and `rescanned` (`library` when nil) when the whole
  /// library is scanned again; with `holdsFinished`, the scan ends only at `finishScan()`.
  init(
    library: Library, roots: [ScanRoot] = [], rescanned: Library? = nil,
    holdsFinished: Bool = false
  ) {
    self.library = library
    self.roots = roots
    self.rescanned = rescanned ?? library
    self.holdsFinished = holdsFinished
  }

  /// Ends a scan held by `holdsFinished`, from another thread, as the scan's own would.
  func finishScan() {
    guard let finish = state.withLock({ $0.finish }) else { return }
    DispatchQueue.global().async { finish() }
  }

  /// How often the scan started, and how often the whole library was scanned again.
  var scans: Int { state.withLock { $0.scans } }
  var rescans: Int { state.withLock { $0.rescans } }
  /// The watcher the loop made, once it has.
  var madeWatcher: FakeWatcher? { state.withLock { $0.watcher } }

  func startScan(_ handler: @escaping @Sendable (ScanEvent) -> Void) -> ScanCancellation {
    state.withLock { $0.scans += 1 }
    for section in library.sections { handler(.section(section)) }
    let stats = library.stats ?? ScanStats()
    if holdsFinished {
      state.withLock { $0.finish = { handler(.finished(stats)) } }
    } else {
      handler(.finished(stats))
    }
    return ScanCancellation()
  }

  func library(cancellation: ScanCancellation) -> Library {
    state.withLock { $0.rescans += 1 }
    return rescanned
  }

  func watcher(onChanges: @escaping @Sendable (FolderChanges) -> Void) -> any FolderWatching {
    let watcher = FakeWatcher(onChanges: onChanges)
    state.withLock { $0.watcher = watcher }
    return watcher
  }
}

/// A watcher whose batches the test sends.
final class FakeWatcher: FolderWatching {
  private let onChanges: @Sendable (FolderChanges) -> Void
  private let running = Locked(false)

  init(onChanges: @escaping @Sendable (FolderChanges) -> Void) { self.onChanges = onChanges }

  var isRunning: Bool { running.withLock { $0 } }
  func start() -> [WatchWarning] {
    running.withLock { $0 = true }
    return []
  }
  func stop() { running.withLock { $0 = false } }

  /// Hands `changes` to the loop as the real watcher's thread would.
  func send(_ changes: FolderChanges) {
    DispatchQueue.global().async { [onChanges] in onChanges(changes) }
  }

  /// Hands `changes` to the loop's inbox before returning (from the test's thread), so
  /// the next step surely has it.
  func sendNow(_ changes: FolderChanges) { onChanges(changes) }
}

/// Actions on files that touch no file: each action is recorded and answered with the
/// report `answer` makes of it, from another thread.
final class FakeFileActions: FileActing {
  private let answer: @Sendable (FileAction) -> FileActionReport
  private let received = Locked<[FileAction]>([])

  init(answer: @escaping @Sendable (FileAction) -> FileActionReport) { self.answer = answer }

  /// Every action the loop handed over, in order.
  var actions: [FileAction] { received.withLock { $0 } }

  func perform(_ action: FileAction, deliver: @escaping @Sendable (FileActionReport) -> Void) {
    received.withLock { $0.append(action) }
    let report = answer(action)
    DispatchQueue.global().async { deliver(report) }
  }
}

/// A runner of the user's commands that runs nothing: it records each run and answers
/// with `summary`.
final class FakeCommands: CommandRunning {
  let summary: String
  private let runs = Locked<[String]>([])

  init(summary: String) { self.summary = summary }

  /// What ran, as `command NAME` or `key-handler KEY PATHS…`.
  var ran: [String] { runs.withLock { $0 } }

  func run(_ command: UserCommand, focused: String, marked: [String], terminal: Int32?)
    -> (summary: String, isFailure: Bool)
  {
    runs.withLock { $0.append("command \(command.name)") }
    return (summary, false)
  }

  func runKeyHandler(key: String, paths: [String], terminal: Int32?)
    -> (summary: String, isFailure: Bool)
  {
    runs.withLock { $0.append((["key-handler", key] + paths).joined(separator: " ")) }
    return (summary, false)
  }

  func keyHandlerProblem(paths: [String]) -> String? { nil }
}

/// A reader of pictures' details that gives every file asked for `details`, from another
/// thread, one batch a file (held until `release()` when `holds`), and records what it
/// was asked and whether it was stopped.
final class FakeDetails: PictureDetailsReading {
  let details: PictureDetails
  private let holds: Bool
  private let record = Locked(
    (
      asked: [FileStamp](), stops: 0,
      held: [@Sendable () -> Void](),
      prunes: [(roots: [String], seen: Set<String>)](), forgotten: [[String]]()
    ))

  init(details: PictureDetails, holds: Bool = false) {
    self.details = details
    self.holds = holds
  }

  /// Every file asked for, in order.
  var stamps: [FileStamp] { record.withLock { $0.asked } }
  /// How often the loop stopped it.
  var stops: Int { record.withLock { $0.stops } }

  func read(_ stamps: [FileStamp], deliver: @escaping @Sendable (PictureDetailsBatch) -> Void) {
    let details = self.details
    let send: @Sendable () -> Void = {
      DispatchQueue.global().async {
        for stamp in stamps { deliver(PictureDetailsBatch([stamp.path: details])) }
      }
    }
    let now = record.withLock { record -> Bool in
      record.asked += stamps
      if holds { record.held.append(send) }
      return !holds
    }
    if now { send() }
  }

  /// Delivers the batches held.
  func release() {
    let held = record.withLock { record in
      defer { record.held = [] }
      return record.held
    }
    for send in held { send() }
  }

  func stop() { record.withLock { $0.stops += 1 } }

  /// Every prune asked for, in order.
  var prunes: [(roots: [String], seen: Set<String>)] { record.withLock { $0.prunes } }
  /// Every list of paths forgotten, in order.
  var forgotten: [[String]] { record.withLock { $0.forgotten } }

  func prune(under roots: [String], keeping seen: Set<String>) {
    record.withLock { $0.prunes.append((roots, seen)) }
  }

  func forget(_ paths: [String]) { record.withLock { $0.forgotten.append(paths) } }
}

/// A migration of favourites that gives the test's events, running `onMigrate` when the
/// loop asks for it, and counts how often it did.
final class FakeFavorites: FavoritesMigrating {
  private let migrated: [GalleryEvent]
  private let onMigrate: @Sendable () -> Void
  private let record = Locked(0)

  init(migrated: [GalleryEvent] = [], onMigrate: @escaping @Sendable () -> Void = {}) {
    self.migrated = migrated
    self.onMigrate = onMigrate
  }

  /// How often the loop migrated.
  var migrations: Int { record.withLock { $0 } }

  func migrate() -> [GalleryEvent] {
    record.withLock { $0 += 1 }
    onMigrate()
    return migrated
  }
}

/// A state file kept in memory: `load` gives the test's events, each save is recorded,
/// and a save of the order fails with `failure` when one is given.
final class FakeStateFile: StateFileKeeping {
  private let loaded: [GalleryEvent]
  private let failure: StateFileError?
  private let record = Locked((orders: [PictureOrder](), folders: [[String]](), finishes: 0))

  init(loaded: [GalleryEvent] = [], failure: StateFileError? = nil) {
    self.loaded = loaded
    self.failure = failure
  }

  /// Every order saved, in order.
  var orders: [PictureOrder] { record.withLock { $0.orders } }
  /// Every list of recent folders saved, in order.
  var recentFolders: [[String]] { record.withLock { $0.folders } }
  /// How often the loop waited for the saves.
  var finishes: Int { record.withLock { $0.finishes } }

  func load() -> [GalleryEvent] { loaded }

  func save(_ order: PictureOrder, report: @escaping @Sendable (StateFileError) -> Void) {
    record.withLock { $0.orders.append(order) }
    if let failure { DispatchQueue.global().async { report(failure) } }
  }

  func save(
    recentFolders folders: [String], report: @escaping @Sendable (StateFileError) -> Void
  ) {
    record.withLock { $0.folders.append(folders) }
  }

  func finish() { record.withLock { $0.finishes += 1 } }
}
