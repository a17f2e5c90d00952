import Dispatch
import FoundationEssentials
import Gallery
import LibraryIndex
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The browser's import of a card, on a thread of its own, through the engine
/// `gallery import` runs (`ImportEngine`): the same checks, plan, copies and index, so
/// the same guarantees (every copy checked before it takes its name, no name replaced,
/// nothing copied twice).
///
/// The plan shown is kept until Enter starts it (its card is not read again); the
/// copier then finds the free names as the command line's does, when each group is
/// copied.
package final class CardImporter: CardImporting, @unchecked Sendable {
  /// The library index's file, nil without the index (`--no-cache`).
  let indexPath: String?
  let includeHidden: Bool
  /// The home folder: `~` in the destination, and where a relative one starts.
  let home: String
  /// Where the card's files copied and checked go when the request asks
  /// (`import.trash-source`); nil never takes them.
  let trash: Trash?
  /// Where the work runs, one step at a time; `planned` is touched only there.
  private let queue = DispatchQueue(label: "gallery.card-import", qos: .userInitiated)
  private var planned: Planned?
  private let stopping = Locked(StopFlag())

  /// A plan shown and waiting for Enter, with the index it read.
  private struct Planned {
    let request: ImportRequest
    let engine: ImportEngine
    let index: PictureIndex?
    /// What opening the index and reading the card noted.
    let notices: [String]
  }

  package init(indexPath: String?, includeHidden: Bool, home: String, trash: Trash? = nil) {
    self.indexPath = indexPath
    self.includeHidden = includeHidden
    self.home = home
    self.trash = trash
  }

  package func findCard(
    above folder: String, answer: @escaping @Sendable (GalleryEvent) -> Void
  ) {
    queue.async {
      // Home resolved as the scan's paths are, here rather than at start-up.
      let realHome = (try? ScanRoot(resolving: self.home))?.path ?? self.home
      answer(.cardFound(folder: folder, card: Self.card(above: folder, home: realHome)))
    }
  }

  /// The card `folder` lies on: the parent of a `DCIM` its path goes through, else the
  /// nearest of `folder` and its ancestors that holds a `DCIM` folder. The search stops
  /// at the mount point (a card's root is at most its file system's) and before the home
  /// folder or the root (`CardFolder.mayBeCard`).
  static func card(above folder: String, home: String?) -> String? {
    if let card = CardFolder.card(along: folder, home: home) { return card }
    var path = folder
    var device = Self.device(path)
    while CardFolder.mayBeCard(path, home: home) {
      let names = Folders.names(in: path)
      if names.contains(where: {
        $0.uppercased() == CardFolder.picturesFolder
          && SystemPaths.isFolder(PathName.join(path, $0))
      }) {
        return path
      }
      let parent = PathName.parent(path)
      let parentDevice = Self.device(parent)
      // `path` is a mount point (or one cannot be told): no card goes on above it.
      guard parent != path, let parentDevice, parentDevice == device else { return nil }
      path = parent
      device = parentDevice
    }
    return nil
  }

  /// The device a folder lies on, nil when it cannot be read.
  private static func device(_ path: String) -> UInt64? {
    var status = stat()
    guard PathBytes.withFileSystemRepresentation(path, { stat($0, &status) }) == 0 else {
      return nil
    }
    return UInt64(status.st_dev)
  }

  package func plan(_ request: ImportRequest, answer: @escaping @Sendable (GalleryEvent) -> Void) {
    queue.async { [self] in
      planned?.index?.close()
      planned = nil
      let destinations = [request.destination, request.backup].compactMap { $0 }.map {
        FolderTarget.resolve($0, from: home, home: home)
      }
      let folders: ImportEngine.Folders
      switch ImportEngine.resolve(
        sources: [request.card], destinations: destinations, dryRun: false, home: home)
      {
      case .success(let resolved): folders = resolved
      case .failure(let problem):
        answer(.importRefused(problem.sentence))
        return
      }
      let opening = indexPath.map { PictureIndex.open(at: $0) }
      let index = opening?.index
      let engine = ImportEngine(
        folders: folders, includeHidden: includeHidden, index: index,
        folderTemplate: request.folders, nameTemplate: request.names)
      let notices = Self.once((opening?.notice.map { [$0.sentence] } ?? []) + engine.notices)
      var copier = engine.copier(index: index, dryRun: true, verifyFromDisk: false)
      var entries: [ImportPreview.Entry] = []
      var listed: Set<String> = []
      let card = folders.roots.first?.path ?? request.card
      _ = engine.run(
        &copier, stopping: { false },
        planned: { file in
          // A file going to the backup too is listed once, where the destination has it.
          guard listed.insert(file.source).inserted else { return }
          entries.append(
            ImportPreview.Entry(
              source: Self.relative(file.source, to: [card]),
              target: file.target.map { Self.relative($0, to: folders.destinations) }))
        })
      planned = Planned(request: request, engine: engine, index: index, notices: notices)
      var preview = ImportPreview(
        request: request, destination: folders.destinations.first ?? "", entries: entries,
        summary: copier.summary, byteCount: engine.plan.byteCount)
      preview.notices = notices
      answer(.importPlanned(preview))
    }
  }

  package func start(answer: @escaping @Sendable (GalleryEvent) -> Void) {
    let stopping = StopFlag()
    self.stopping.withLock { $0 = stopping }
    queue.async { [self] in
      guard let planned else {
        // Nothing planned (a second Enter, say): the state is told the run is over.
        answer(
          .importFinished(
            ImportOutcome(
              summary: ImportSummary(), stopReason: "nothing was planned",
              destination: "", folders: []),
            shown: nil))
        return
      }
      self.planned = nil
      defer { planned.index?.close() }
      let engine = planned.engine
      var copier = engine.copier(index: planned.index, dryRun: false, verifyFromDisk: false)
      let progress = Locked(
        ImportProgress(totalFiles: engine.plan.fileCount, totalBytes: engine.plan.byteCount))
      copier.progress = progress
      // The progress is told a few times a second, within a long file too.
      let ticks = DispatchSource.makeTimerSource(queue: reporter)
      ticks.schedule(deadline: .now() + Self.reportInterval, repeating: Self.reportInterval)
      ticks.setEventHandler {
        answer(.importProgressed(progress.withLock { $0.report(at: Self.now()) }))
      }
      ticks.resume()
      let stop = engine.run(&copier, stopping: { stopping.isSet })
      ticks.cancel()
      reporter.sync {}
      answer(.importProgressed(progress.withLock { $0.report(at: Self.now()) }))
      let destination = engine.folders.destinations.first ?? ""
      // Nothing written (stopped at once, everything imported before, a full disk): the
      // view stays, rather than a scan of the whole destination (a library of years).
      let roots = copier.wroteFolders.compactMap { try? ScanRoot(resolving: $0) }
      let library =
        roots.isEmpty ? nil : LibraryScanner(roots: roots, includeHidden: includeHidden).library()
      var outcome = ImportOutcome(
        summary: copier.summary, stopReason: stop, destination: destination,
        folders: copier.wroteFolders)
      var notices = planned.notices + copier.notices
      if planned.request.trashesSource, stop == nil, let trash {
        let trashed = ImportSourceTrash.run(
          engine.plan, checked: copier.checkedEverywhere, unchanged: copier.isUnchanged,
          trash: trash, at: Date(), stopping: { stopping.isSet })
        outcome.sourceTrash = trashed.line
        notices += trashed.failures
      }
      outcome.notices = Self.once(notices)
      answer(.importFinished(outcome, shown: library))
    }
  }

  package func stop() { stopping.withLock { $0.set() } }

  package func cancel() {
    queue.async { [self] in
      planned?.index?.close()
      planned = nil
    }
  }

  /// The time between two progress reports: a few a second, as the command line's bar.
  static let reportInterval: DispatchTimeInterval = .milliseconds(250)

  /// Where the progress is told from while the work's thread copies.
  private let reporter = DispatchQueue(label: "gallery.card-import.progress")

  private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

  /// `sentences` without repeats, in their order.
  static func once(_ sentences: [String]) -> [String] {
    var seen: Set<String> = []
    return sentences.filter { seen.insert($0).inserted }
  }

  /// `path` relative to the first of `folders` it lies under, else whole.
  static func relative(_ path: String, to folders: [String]) -> String {
    for folder in folders where path.hasPrefix(folder + "/") {
      return String(path.dropFirst(folder.count + 1))
    }
    return path
  }
}
