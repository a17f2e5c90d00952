import Dispatch
import FoundationEssentials
import Gallery
import Pictures
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the pictures under one or more folders and reports them as sections.
///
/// Each root folder gives, in this order: a section of the pictures directly inside it,
/// named after it; then one section per sub-folder in natural order, each followed by
/// its own nested folders as `Parent/Child` sections (depth first). Folders with no
/// pictures give no section. Hidden names are skipped unless `includeHidden`; symbolic
/// links are followed (links to folders not when `followsLinks` is false), and a folder
/// reached twice (a loop, or two links to one folder) is scanned once and reported as a
/// warning. A folder on one of the system's own file systems (`/proc`, `/sys`, …) is
/// never read, however it is reached: a warning. Files are recognised by their first
/// bytes, not their names.
///
/// The scan is synchronous in `scan(cancellation:_:)`; `start(on:_:)` and `events()`
/// run it in the background. Cost: one `readdir` pass per folder and four system
/// calls per file, then an O(n log n) natural sort per folder.
package struct LibraryScanner: Sendable {
  /// The folders to scan, in display order.
  package let roots: [ScanRoot]
  /// Pictures named one by one (absolute paths), shown first as one section
  /// (`NamedFiles`); they are read by the scan, not before it.
  package let namedFiles: [String]
  /// Whether hidden files and folders (names starting with a dot) are included.
  package let includeHidden: Bool
  /// Whether symbolic links to folders are followed (`--no-follow-links` turns it off).
  package let followsLinks: Bool
  /// Where a dead gallery's rewrite or move leftover goes (`PartialFile`): this user's
  /// Trash, which the launch sets; without one it stays.
  package var leftoverTrash: Trash?
  /// Whether the first `FolderReader.headBytes` of a folder's files are asked for
  /// (`ReadAhead`) before they are sniffed one by one: for a card, whose every small
  /// reading waits on the device. Off for the browser, whose folders are mostly in the
  /// page cache already, where it would only add system calls.
  package var readsHeadsAhead = false

  /// A scanner over `roots`, after the section of `namedFiles`.
  package init(
    roots: [ScanRoot], namedFiles: [String] = [], includeHidden: Bool = false,
    followsLinks: Bool = true
  ) {
    self.roots = roots
    self.namedFiles = namedFiles
    self.includeHidden = includeHidden
    self.followsLinks = followsLinks
  }

  /// A scanner over what the command line names: each folder is a root, each other path
  /// a picture of the named section, and `listed` (read from a list) are pictures too.
  ///
  /// A path that does not exist is a missing picture when its name looks like one
  /// (`.jpg`, `.heic`, …), shown as broken; otherwise it is an error, as a mistyped
  /// folder should be.
  ///
  /// - Throws: `LibraryError` for the first path that is neither a folder nor a picture.
  package init(
    paths: [String], listed: [String] = [], includeHidden: Bool = false,
    followsLinks: Bool = true, currentDirectory: String = SystemPaths.currentDirectory()
  ) throws(LibraryError) {
    var roots: [ScanRoot] = []
    var files: [String] = []
    for path in paths {
      let absolute = NamedFiles.absolute(path, in: currentDirectory)
      var status = stat()
      let exists = PathBytes.withFileSystemRepresentation(absolute) { stat($0, &status) } == 0
      if exists && status.st_mode & S_IFMT == S_IFDIR {
        roots.append(try ScanRoot(resolving: path, currentDirectory: currentDirectory))
      } else if exists || ImageFormat(fileName: path) != nil {
        files.append(absolute)
      } else {
        // Not there, and not named like a picture: report it as the folder it was
        // probably meant to be.
        _ = try ScanRoot(resolving: path, currentDirectory: currentDirectory)
      }
    }
    files += listed.map { NamedFiles.absolute($0, in: currentDirectory) }
    self.init(
      roots: roots, namedFiles: files, includeHidden: includeHidden, followsLinks: followsLinks)
  }

  /// A scanner over folders named on the command line, each checked first.
  ///
  /// - Throws: `LibraryError` for the first path that is missing or not a folder.
  package init(
    folders: [String], includeHidden: Bool = false,
    currentDirectory: String = SystemPaths.currentDirectory()
  ) throws(LibraryError) {
    var roots: [ScanRoot] = []
    for folder in folders {
      roots.append(try ScanRoot(resolving: folder, currentDirectory: currentDirectory))
    }
    self.init(roots: roots, includeHidden: includeHidden)
  }

  /// Scans on the calling thread, reporting each event to `handler` as it happens.
  ///
  /// `handler` sees sections in display order and `finished` last, exactly once.
  package func scan(
    cancellation: ScanCancellation = ScanCancellation(), _ handler: (ScanEvent) -> Void
  ) {
    withoutActuallyEscaping(handler) { report in
      var walk = Walk(
        includeHidden: includeHidden, followsLinks: followsLinks, cancellation: cancellation,
        report: report)
      walk.leftoverTrash = leftoverTrash
      walk.readsHeadsAhead = readsHeadsAhead
      if let section = NamedFiles.section(namedFiles, currentDirectory: "/") {
        walk.stats.pictures += section.pictures.count
        report(.section(section))
      }
      for root in roots {
        if cancellation.isCancelled { break }
        walk.scan(root)
      }
      walk.stats.cancelled = cancellation.isCancelled
      report(.finished(walk.stats))
    }
  }

  /// Scans everything and returns the whole library at once.
  package func library(cancellation: ScanCancellation = ScanCancellation()) -> Library {
    var library = Library()
    scan(cancellation: cancellation) { library.apply($0) }
    return library
  }

  /// Starts the scan on `queue` and returns at once; `handler` is called on that queue.
  ///
  /// - Returns: the flag that stops the scan.
  @discardableResult
  package func start(
    on queue: DispatchQueue = .global(qos: .userInitiated),
    _ handler: @escaping @Sendable (ScanEvent) -> Void
  ) -> ScanCancellation {
    let cancellation = ScanCancellation()
    queue.async { self.scan(cancellation: cancellation, handler) }
    return cancellation
  }

  /// The scan's events as an asynchronous sequence, scanned on a background queue.
  ///
  /// The stream ends after `finished`; ending the iteration early cancels the scan.
  package func events() -> AsyncStream<ScanEvent> {
    AsyncStream { continuation in
      let cancellation = start { event in
        continuation.yield(event)
        if case .finished = event { continuation.finish() }
      }
      continuation.onTermination = { _ in cancellation.cancel() }
    }
  }
}

/// The state of one scan: counts, the folders already shown, the chain of folders it
/// is inside (for loop detection), and where events go.
private struct Walk {
  let includeHidden: Bool
  let followsLinks: Bool
  let cancellation: ScanCancellation
  let report: (ScanEvent) -> Void
  var leftoverTrash: Trash?
  var readsHeadsAhead = false
  var stats = ScanStats()
  var shown: [FileIdentity: String] = [:]
  var ancestors: Set<FileIdentity> = []

  init(
    includeHidden: Bool, followsLinks: Bool, cancellation: ScanCancellation,
    report: @escaping (ScanEvent) -> Void
  ) {
    self.includeHidden = includeHidden
    self.followsLinks = followsLinks
    self.cancellation = cancellation
    self.report = report
  }

  mutating func scan(_ root: ScanRoot) {
    guard let only = root.subfolders else {
      folder(root.path, sectionName: root.name, childPrefix: "", includePictures: true)
      return
    }
    for name in only {
      if cancellation.isCancelled { return }
      let path = PathName.join(root.path, name)
      guard SystemPaths.isFolder(path) else {
        report(.warning(.missingFolder(path: path)))
        continue
      }
      folder(path, sectionName: name, childPrefix: name + "/", includePictures: true)
    }
  }

  /// Reads `path`, reports its section, then walks its sub-folders depth first.
  mutating func folder(
    _ path: String, sectionName: String, childPrefix: String, includePictures: Bool
  ) {
    if cancellation.isCancelled { return }
    let contents: FolderContents
    switch FolderReader.contents(
      of: path, includeHidden: includeHidden, followsLinks: followsLinks,
      cancellation: cancellation, leftoverTrash: leftoverTrash, readsHeadsAhead: readsHeadsAhead)
    {
    case .failure(let error):
      report(.warning(.unreadableFolder(path: path, reason: error.reason)))
      return
    case .success(let read): contents = read
    }
    if case .system(let fileSystem) = contents.fileSystem {
      report(.warning(.systemFolder(path: path, fileSystem: fileSystem)))
      return
    }
    if ancestors.contains(contents.identity) {
      report(.warning(.symlinkLoop(path: path)))
      return
    }
    if let first = shown[contents.identity] {
      report(.warning(.duplicateFolder(path: path, shownAs: first)))
      return
    }
    shown[contents.identity] = path
    stats.folders += 1
    stats.pictures += contents.pictures.count
    stats.ignoredFiles += contents.ignored
    stats.skipped.add(contents.skipped)
    stats.unreadableFiles += contents.unreadable
    stats.hiddenSkipped += contents.hidden
    stats.leftovers += contents.leftovers
    stats.leftoversRemoved += contents.leftoversRemoved
    if contents.pictures.isEmpty, !contents.skipped.isEmpty {
      stats.foldersWithoutPictures.append(
        SkippedFolder(name: sectionName, skipped: contents.skipped))
    }
    if includePictures, !contents.pictures.isEmpty {
      let pictures = NaturalOrder.sorted(contents.pictures, by: \.fileName)
      let folder = URL(fileURLWithPath: path, isDirectory: true)
      report(
        .section(
          LibrarySection(
            name: sectionName, folder: folder, pictures: pictures, skipped: contents.skipped)))
    }
    ancestors.insert(contents.identity)
    for name in NaturalOrder.sorted(contents.subfolders, by: { $0 }) {
      folder(
        PathName.join(path, name), sectionName: childPrefix + name,
        childPrefix: childPrefix + name + "/", includePictures: true)
    }
    ancestors.remove(contents.identity)
  }
}
