import Gallery
import SystemSupport
import TerminalKit

#if os(Linux)
  import Dispatch
  import FoundationEssentials
  import Glibc

  /// The watcher's thread: polls inotify and the wake pipe, gathers events into a batch
  /// of dirty paths, and resolves and delivers the batch once it has settled.
  ///
  /// After `start` every property is touched only by the loop's own thread (the thread
  /// is started after the initial watches are added), hence the unchecked sendability.
  final class WatchLoop: @unchecked Sendable {
    private let inotify: Int32
    private let wake: Int32
    private let ordering: SectionOrdering
    private let includeHidden: Bool
    private let followsLinks: Bool
    private let timing: WatchTiming
    private let deliver: @Sendable (FolderChanges) -> Void
    private var folders = WatchedFolders()
    private var dirty: Set<String> = []
    private var overflowed = false
    private var warnings: [WatchWarning] = []
    private var unwatchedForLimit = 0
    private var firstEvent: UInt64?
    private var lastEvent: UInt64 = 0

    /// Events that change what a folder shows; `IN_ONLYDIR` refuses anything else.
    static let mask =
      UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO)
      | UInt32(IN_CLOSE_WRITE) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
      | UInt32(IN_ATTRIB) | UInt32(IN_ONLYDIR)

    init(
      inotify: Int32, wake: Int32, ordering: SectionOrdering, includeHidden: Bool,
      followsLinks: Bool, timing: WatchTiming,
      deliver: @escaping @Sendable (FolderChanges) -> Void
    ) {
      self.inotify = inotify
      self.wake = wake
      self.ordering = ordering
      self.includeHidden = includeHidden
      self.followsLinks = followsLinks
      self.timing = timing
      self.deliver = deliver
    }

    /// Watches every shown folder (all folders under the roots, empty ones too, so a
    /// first picture in one is seen) and returns the problems met. Runs before the thread.
    func watchRoots() -> [WatchWarning] {
      var ignored = FolderChanges(ordering: ordering)
      for root in ordering.roots {
        if let named = root.subfolders {
          for name in named {
            follow(PathName.join(root.path, name), reading: false, into: &ignored)
          }
        } else {
          follow(root.path, reading: false, into: &ignored)
        }
      }
      return takeWarnings()
    }

    /// Runs until the wake pipe is readable, then closes the inotify descriptor and the
    /// pipe's read end.
    func run() {
      let capacity = 64 * 1024
      let buffer = UnsafeMutableRawBufferPointer.allocate(
        byteCount: capacity, alignment: MemoryLayout<Int32>.alignment)
      defer {
        buffer.deallocate()
        close(inotify)
        close(wake)
      }
      while true {
        var descriptors = [
          pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
          pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, timeout())
        if ready < 0 {
          if errno == EINTR { continue }
          return
        }
        if descriptors[1].revents != 0 { return }
        let events = descriptors[0].revents
        if events & Int16(POLLIN) != 0 { readEvents(into: buffer) }
        if events & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return }
        if isDue() { flush() }
      }
    }

    // MARK: Events

    private func readEvents(into buffer: UnsafeMutableRawBufferPointer) {
      while true {
        let count = read(inotify, buffer.baseAddress, buffer.count)
        guard count > 0 else { return }  // EAGAIN: drained
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
        for record in InotifyRecord.parse(bytes) { handle(record) }
      }
    }

    private func handle(_ record: InotifyRecord) {
      if record.has(UInt32(IN_Q_OVERFLOW)) {
        overflowed = true
        markPending()
        return
      }
      guard let folder = folders.path(of: record.watch) else { return }
      if record.has(UInt32(IN_IGNORED)) {
        // The kernel dropped the watch: the folder is gone or on an unmounted disk.
        folders.remove(record.watch)
        dirty.insert(folder)
        markPending()
        return
      }
      if record.has(UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) {
        dirty.insert(folder)
        markPending()
        return
      }
      guard let name = record.name else { return }
      if !includeHidden, name.hasPrefix(".") { return }
      let path = PathName.join(folder, name)
      if record.has(UInt32(IN_CREATE)), !record.has(UInt32(IN_ISDIR)) {
        // A new file is still empty; it counts once closed after writing. A symbolic
        // link is complete at once and never written, so it counts now.
        var status = stat()
        let found = PathBytes.withFileSystemRepresentation(path) { lstat($0, &status) }
        guard found == 0, status.st_mode & S_IFMT == S_IFLNK else { return }
      }
      dirty.insert(path)
      markPending()
    }

    private func markPending() {
      let now = DispatchTime.now().uptimeNanoseconds
      if firstEvent == nil { firstEvent = now }
      lastEvent = now
    }

    /// Milliseconds until the pending batch is due, or -1 (wait forever) when none is.
    private func timeout() -> Int32 {
      guard let first = firstEvent else { return -1 }
      let settle = lastEvent + UInt64(timing.settleMilliseconds) * 1_000_000
      let limit = first + UInt64(timing.maximumMilliseconds) * 1_000_000
      let due = min(settle, limit)
      let now = DispatchTime.now().uptimeNanoseconds
      guard due > now else { return 0 }
      return Int32(clamping: (due - now + 999_999) / 1_000_000)
    }

    private func isDue() -> Bool { firstEvent != nil && timeout() == 0 }

    // MARK: Resolving a batch

    /// Looks at each dirty path as it is now and delivers what changed.
    private func flush() {
      firstEvent = nil
      var changes = FolderChanges(ordering: ordering)
      changes.needsRescan = overflowed
      overflowed = false
      let paths = dirty.sorted()
      dirty = []
      var present: [(path: String, status: stat)] = []
      // Gone paths first: a folder renamed within the batch is unwatched under its old
      // name before it is watched under its new one.
      for path in paths {
        var status = stat()
        if PathBytes.withFileSystemRepresentation(path, { stat($0, &status) }) == 0 {
          present.append((path, status))
        } else {
          changes.removed.insert(path)
          // A folder moved away keeps its watch (a deleted one lost it with IN_IGNORED).
          if folders.isWatched(path: path) { unwatch(atOrBelow: path) }
        }
      }
      for (path, status) in present {
        switch status.st_mode & S_IFMT {
        case S_IFDIR where !followsLinks && Self.isLink(path):
          // A link to a folder made since: not followed when links are not.
          continue
        case S_IFDIR:
          // A folder that appeared, or moved here, is read whole, even when some of it is
          // still watched: an earlier batch may have reported it gone while it was away,
          // and what it holds is known only by reading it. Pictures already shown arrive
          // unchanged (`Library.applying` keeps them as they are).
          follow(path, reading: true, into: &changes)
        case S_IFREG:
          guard let place = ordering.place(ofFolder: PathName.parent(path)) else { continue }
          if let picture = sniffPicture(at: path) {
            changes.arrived.append(FolderChanges.Arrival(picture: picture, place: place))
          } else {
            changes.removed.insert(path)
          }
        default:
          changes.removed.insert(path)
        }
      }
      changes.warnings = takeWarnings()
      if !changes.isEmpty { deliver(changes) }
    }

    /// Watches `path` and the folders inside it; when `reading`, also reports their
    /// pictures as arrivals (a folder that appeared while watching).
    private func follow(_ path: String, reading: Bool, into changes: inout FolderChanges) {
      guard let place = ordering.place(ofFolder: path), watch(path) else { return }
      var subfolders: [String]
      if reading {
        switch FolderReader.contents(
          of: path, includeHidden: includeHidden, followsLinks: followsLinks,
          cancellation: ScanCancellation())
        {
        case .failure(let error):
          // Gone since its watch was added (moved on, or deleted): no warning, a look in
          // the next batch.
          if error.code == ENOENT || error.code == ENOTDIR {
            lookAgain(at: path)
          } else {
            warnings.append(.cannotWatch(path: path, reason: error.reason))
          }
          return
        case .success(let contents):
          for picture in contents.pictures {
            changes.arrived.append(FolderChanges.Arrival(picture: picture, place: place))
          }
          subfolders = contents.subfolders
        }
      } else {
        subfolders = subfolderNames(
          of: path, includeHidden: includeHidden, followsLinks: followsLinks)
      }
      for name in subfolders {
        follow(PathName.join(path, name), reading: reading, into: &changes)
      }
    }

    /// Watches the folder at `path`, or finds it watched there already; false when it is
    /// not a folder, cannot be watched, or is watched under another path where it is
    /// still found (a link back into the tree: followed once).
    private func watch(_ path: String) -> Bool {
      var status = stat()
      let found = PathBytes.withFileSystemRepresentation(path) { stat($0, &status) }
      guard found == 0, status.st_mode & S_IFMT == S_IFDIR else {
        lookAgain(at: path)
        return false
      }
      let identity = FileIdentity(status)
      // A folder watched already was looked at when it was added: nothing more to ask.
      if let watched = folders.watch(of: identity) {
        if watched.path == path { return true }
        // A watch follows its folder through renames, so the path it was added under may
        // be stale: the folder (or one above it) moved here since. Then the watch belongs
        // to this path now (found by `WatchingChurnTests`: a folder moved back and forth
        // faster than the batches kept its subfolders' watches under the other name, and
        // their pictures never came back).
        var other = stat()
        let stillThere = PathBytes.withFileSystemRepresentation(watched.path) {
          stat($0, &other) == 0
        }
        if stillThere, FileIdentity(other) == identity { return false }
        folders.remove(watched.descriptor)
      }
      // Never into the system's own file systems (`/proc`, `/sys`), as the scan never.
      if case .system = FileSystemKind.of(path: path, device: status.st_dev) { return false }
      let descriptor = PathBytes.withFileSystemRepresentation(path) {
        inotify_add_watch(inotify, $0, Self.mask)
      }
      guard descriptor >= 0 else {
        let error = SystemError.current()
        switch error.code {
        case ENOSPC: unwatchedForLimit += 1
        case ENOENT, ENOTDIR: lookAgain(at: path)
        default: warnings.append(.cannotWatch(path: path, reason: error.reason))
        }
        return false
      }
      folders.insert(descriptor, path: path, identity: identity)
      return true
    }

    /// Puts `path` in the next batch: a folder being followed went away (moved,
    /// deleted, replaced) between being listed and being read. Its parent's events
    /// report the move, but not always the contents: a folder moved away and back is
    /// still watched under its old path, and what was not read before it left would
    /// never be. Looked at afresh, it is followed again if it is there, dropped if not.
    private func lookAgain(at path: String) {
      dirty.insert(path)
      markPending()
    }

    /// Whether `path` is a symbolic link.
    private static func isLink(_ path: String) -> Bool {
      var status = stat()
      let found = PathBytes.withFileSystemRepresentation(path) { lstat($0, &status) }
      return found == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    private func unwatch(atOrBelow path: String) {
      for descriptor in folders.descriptors(atOrBelow: path) {
        inotify_rm_watch(inotify, descriptor)
        folders.remove(descriptor)
      }
    }

    private func takeWarnings() -> [WatchWarning] {
      var taken = warnings
      if unwatchedForLimit > 0 { taken.append(.limitReached(count: unwatchedForLimit)) }
      warnings = []
      unwatchedForLimit = 0
      return taken
    }
  }
#endif
