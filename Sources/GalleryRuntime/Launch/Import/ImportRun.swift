import FoundationEssentials
import Gallery
import LibraryIndex
import Pictures
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery import SOURCE... --to DIR`: copies the pictures of a card into dated folders,
/// without a screen, and ends with one line (`ImportSummary`).
///
/// First the plan (`ImportSources`, then `ImportPlan`: which files, their groups, their
/// folders and names), then each group in turn: skipped where every file's content hash
/// is among those the library index keeps under the destination (imported before), else
/// given its names (`ImportPlacement`) and copied (`ImportCopy`: checked, then put in
/// place), to the backup too; each group's hashes kept in the index at once, under the
/// card's file and under its copies, so a second run of the same card reads nothing of
/// it but the index. The card is never written.
///
/// A destination that fills up, turns read-only or vanishes, and a card pulled out, stop
/// the run with what was done counted; Ctrl-C stops it between files. Each copy is whole
/// under its name or absent, so the same import run again finishes the work.
package struct ImportRun: Sendable {
  /// How the run ended, as the process's exit status.
  package enum Status: Int32, Sendable {
    /// Every file copied or already imported.
    case done = 0
    /// Some files failed, or the run stopped at a destination's or the card's failure.
    case someFailed = 1
    /// A source or destination is missing, not a folder, or not writable.
    case badUsage = 2
    /// Ctrl-C.
    case interrupted = 130
  }

  let launch: GalleryLaunch
  let console: IndexRun.Console
  let stopping: StopFlag

  package init(launch: GalleryLaunch, console: IndexRun.Console, stopping: StopFlag = StopFlag()) {
    self.launch = launch
    self.console = console
    self.stopping = stopping
  }

  /// Runs to the end; the exit status.
  package func run() -> Status {
    let options = launch.options
    let folders: ImportEngine.Folders
    switch ImportEngine.resolve(
      sources: options.paths,
      destinations: [
        options.importDestination, options.importSkipsBackup ? nil : options.importBackup,
      ]
      .compactMap { $0 },
      dryRun: options.dryRun, home: launch.environment["HOME"])
    {
    case .success(let resolved): folders = resolved
    case .failure(let problem):
      say("gallery: import: " + TextSanitizer.sanitize(problem.sentence))
      return .badUsage
    }
    var index: PictureIndex?
    if options.useCache {
      let opening = PictureIndex.open(at: PictureIndex.defaultPath(environment: launch.environment))
      index = opening.index
      if let notice = opening.notice { say("gallery: " + TextSanitizer.sanitize(notice.sentence)) }
    }
    defer { index?.close() }

    let engine = ImportEngine(
      folders: folders, includeHidden: options.includeHidden, index: index,
      folderTemplate: options.importFolders, nameTemplate: options.importNames)
    for notice in engine.notices { say("gallery: " + TextSanitizer.sanitize(notice)) }
    if stopping.isSet {
      say("gallery: import: stopped while reading the card; nothing was copied")
      return .interrupted
    }
    var copier = engine.copier(
      index: index, dryRun: options.dryRun, verifyFromDisk: options.verifyFromDisk)
    let progress = Locked(
      ImportProgress(totalFiles: engine.plan.fileCount, totalBytes: engine.plan.byteCount))
    // A dry run's lines go to standard output, which may be the same terminal.
    let bar = ImportBar(console: console, unicode: launch.unicode, progress: progress)
    if !options.dryRun {
      copier.progress = progress
      bar.start()
    }
    defer { bar.stop() }
    let console = self.console
    let stop = engine.run(
      &copier, stopping: { stopping.isSet },
      planned: { file in
        let source = TextSanitizer.sanitize(file.source)
        console.output(
          file.target.map { source + " -> " + TextSanitizer.sanitize($0) + "\n" }
            ?? source + ": already imported\n")
      })
    bar.stop()
    for notice in copier.notices { say("gallery: " + TextSanitizer.sanitize(notice)) }
    for failure in copier.summary.failures {
      say("gallery: import: " + TextSanitizer.sanitize(failure))
    }
    if let stop {
      say("gallery: import: " + TextSanitizer.sanitize(copier.summary.stoppedLine(because: stop)))
      return stop == "interrupted" ? .interrupted : .someFailed
    }
    console.output(copier.summary.line(dryRun: options.dryRun) + "\n")
    var status: Status = copier.summary.failures.isEmpty ? .done : .someFailed
    if options.importTrashesSource, !options.dryRun {
      let trashed = ImportSourceTrash.run(
        engine.plan, checked: copier.checkedEverywhere, unchanged: copier.isUnchanged,
        trash: .ofThisUser(environment: launch.environment), at: Date(),
        stopping: { stopping.isSet })
      for failure in trashed.failures { say("gallery: import: " + failure) }
      console.output(trashed.line + "\n")
      if !trashed.failures.isEmpty { status = .someFailed }
    }
    return status
  }

  private func say(_ line: String) { console.errors(line + "\n") }

  /// Why a destination cannot be written into, or a source read.
  struct DestinationProblem: Error, Hashable {
    let sentence: String
  }

  /// `folder` as an absolute path when it is a folder this user may write into (a dry
  /// run only reads it).
  static func destination(_ folder: String, dryRun: Bool) -> Result<String, DestinationProblem> {
    let path = NamedFiles.absolute(folder, in: SystemPaths.currentDirectory())
    guard let status = try? FileStatus.target(path) else {
      return .failure(
        DestinationProblem(
          sentence: "the destination \(path) does not exist: make it first (mkdir -p)"))
    }
    guard FileStatus.kind(status) == S_IFDIR else {
      return .failure(DestinationProblem(sentence: "the destination \(path) is not a folder"))
    }
    if !dryRun, PathBytes.withFileSystemRepresentation(path, { access($0, W_OK) }) != 0 {
      let reason = SystemError.current()
      let words =
        reason.code == EROFS ? "is on a read-only disk" : "cannot be written (\(reason.reason))"
      return .failure(DestinationProblem(sentence: "the destination \(path) \(words)"))
    }
    // Its links resolved as the sources' are, so the two compare.
    let resolved = try? ScanRoot(resolving: path)
    return .success(resolved?.path ?? path)
  }

  /// A destination inside a source (the card is never written, and its copies would be
  /// found on the next import): the sentence, nil when apart.
  static func overlap(sources: [String], destinations: [String]) -> String? {
    for source in sources {
      for destination in destinations {
        if destination == source || destination.hasPrefix(source + "/") {
          return "the destination \(destination) is inside the folder imported, \(source)"
        }
      }
    }
    return nil
  }
}
