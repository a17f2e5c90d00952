import Gallery
import LibraryIndex
import SystemSupport
import TerminalKit

/// One import's work, the same for `gallery import` and the browser's `I`: the sources
/// and destinations checked (`resolve`), the card read and planned (`ImportSources`,
/// `ImportPlan`), and the groups copied in order (`ImportCopier`, `ImportReadAhead`),
/// stopped between two groups when asked. What is said of it (standard error, the
/// status line) is the caller's.
struct ImportEngine {
  /// The folders an import reads and writes, checked before anything is read.
  struct Folders: Sendable, Hashable {
    /// The sources, their links resolved.
    var roots: [ScanRoot]
    /// The destination, then the backup, as absolute paths.
    var destinations: [String]
  }

  /// The sources and the destinations checked: each source a folder, each destination
  /// an existing folder this user may write into (a dry run only reads it), none inside
  /// a source. A destination starting with `~` is under `home` (the configuration
  /// file's `import.to = ~/Pictures`, which no shell expands). The sentence that says
  /// why not, as the command line prints it.
  static func resolve(
    sources: [String], destinations folders: [String], dryRun: Bool, home: String?
  ) -> Result<Folders, ImportRun.DestinationProblem> {
    var roots: [ScanRoot] = []
    for path in sources {
      do throws(LibraryError) {
        roots.append(try ScanRoot(resolving: path))
      } catch {
        return .failure(ImportRun.DestinationProblem(sentence: error.description))
      }
    }
    var destinations: [String] = []
    for typed in folders {
      var folder = typed
      if let home, !home.isEmpty, typed == "~" || typed.hasPrefix("~/") {
        // The file actions' reading of a typed folder; a relative one stays relative to
        // the working folder, as a shell's argument is.
        folder = FolderTarget.resolve(typed, from: "/", home: home)
      }
      switch ImportRun.destination(folder, dryRun: dryRun) {
      case .success(let path): destinations.append(path)
      case .failure(let problem): return .failure(problem)
      }
    }
    if let overlap = ImportRun.overlap(sources: roots.map(\.path), destinations: destinations) {
      return .failure(ImportRun.DestinationProblem(sentence: overlap))
    }
    return .success(Folders(roots: roots, destinations: destinations))
  }

  let folders: Folders
  let plan: ImportPlan
  /// The scan's warnings and the index's notices, as sentences.
  let notices: [String]

  /// Reads the card and plans it (`folderTemplate`'s folders, `nameTemplate`'s names).
  init(
    folders: Folders, includeHidden: Bool, index: PictureIndex?,
    folderTemplate: ImportTemplate, nameTemplate: ImportTemplate,
    cancellation: ScanCancellation = ScanCancellation()
  ) {
    self.folders = folders
    let sources = ImportSources(
      roots: folders.roots, includeHidden: includeHidden, index: index,
      cancellation: cancellation)
    notices = sources.notices
    plan = ImportPlan(
      sources.folders, facts: sources.facts, folderTemplate: folderTemplate,
      nameTemplate: nameTemplate)
  }

  /// A copier of this plan to the destinations, having learnt what the index knows.
  func copier(index: PictureIndex?, dryRun: Bool, verifyFromDisk: Bool) -> ImportCopier {
    var copier = ImportCopier(
      destinations: folders.destinations, index: index, dryRun: dryRun,
      sources: folders.roots.map(\.path))
    copier.verifyFromDisk = verifyFromDisk
    copier.summary.planned = plan.fileCount
    copier.learnKnownHashes(plan)
    return copier
  }

  /// Imports every group with `copier`, in order, until `stopping` says to stop between
  /// two; what was written is flushed, checked and named however it ends. Why it stopped
  /// before its end (`interrupted` when asked), nil when it did not. `planned` gets a dry
  /// run's files.
  func run(
    _ copier: inout ImportCopier, stopping: () -> Bool,
    planned: (ImportCopier.Planned) -> Void = { _ in }
  ) -> String? {
    var stop: String?
    var readAhead = ImportReadAhead()
    for (position, group) in plan.groups.enumerated() {
      if stopping() {
        stop = "interrupted"
        break
      }
      if !copier.dryRun {
        readAhead.reach(position, of: plan.groups) { copier.copies($0) }
      }
      if let reason = copier.importGroup(group, planned: planned) {
        stop = reason
        break
      }
    }
    if let reason = copier.finish() { stop = stop ?? reason }
    return stop
  }
}
