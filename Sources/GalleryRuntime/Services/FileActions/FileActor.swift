import Dispatch
import FoundationEssentials
import Gallery
import Pictures
import SystemSupport
import TerminalKit
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// Carries out the actions on files (`FileAction`) one after another on a queue of its
/// own, and keeps what it did for undo for the rest of the session.
///
/// Nothing is ever unlinked but the gallery's own temporary files (and a move's source
/// once its copy is whole and flushed at the destination), and nothing is replaced: a
/// name taken is a question, a refusal or a new name (`SafeMove`, `Trash`).
///
/// `package` for the fault-injection probe (`gallery-move-probe`), which runs its actions
/// in a process of its own to kill it at random moments.
package final class FileActor: Sendable {
  private let queue = DispatchQueue(label: "gallery.file-actions", qos: .userInitiated)
  let journal = Locked<[DoneAction]>([])
  /// Where the shown folders' sections go: a file arriving in one is shown at once.
  let ordering: SectionOrdering
  /// The home folder, for `~`.
  let home: String
  let trash: Trash
  /// When a file goes to the Trash (the tests fix it).
  let now: @Sendable () -> Date
  /// What the tests do between the steps of a turn's rewrite; nil in the program.
  let rewriteSeam: RewriteTestSeam?

  package init(
    ordering: SectionOrdering, home: String, trash: Trash,
    now: @escaping @Sendable () -> Date = { Date() }, rewriteSeam: RewriteTestSeam? = nil
  ) {
    self.ordering = ordering
    self.home = home
    self.trash = trash
    self.now = now
    self.rewriteSeam = rewriteSeam
  }

  /// Carries `action` out on the actor's queue and hands the report to `deliver` there.
  package func perform(
    _ action: FileAction, deliver: @escaping @Sendable (FileActionReport) -> Void
  ) {
    queue.async { deliver(self.carryOut(action)) }
  }

  /// Carries `action` out now, on the caller's thread.
  package func carryOut(_ action: FileAction) -> FileActionReport {
    let kept = undoable
    var report = carryOutNow(action)
    report.isUndoable = undoable > kept
    return report
  }

  private func carryOutNow(_ action: FileAction) -> FileActionReport {
    switch action {
    case .trash(let paths): trashFiles(paths)
    case .move(let paths, let folder, let choice):
      place(paths, in: folder, conflicts: choice, copying: false)
    case .copy(let paths, let folder, let choice):
      place(paths, in: folder, conflicts: choice, copying: true)
    case .rename(let changes): rename(changes)
    case .turn(let paths, let turn): self.turn(paths, turn)
    case .undo: undo()
    }
  }

  /// How many actions undo can take back.
  var undoable: Int { journal.withLock { $0.count } }

  private func remember(_ done: DoneAction) { journal.withLock { $0.append(done) } }

  private var emptyChanges: FolderChanges { FolderChanges(ordering: ordering) }

  /// The changes that show `paths` gone and `arrived` there now. An arrival another
  /// program deleted (or emptied) since the action is gone as well: the folder's watcher
  /// may have reported that already, and this report, applied after it, must not bring
  /// the picture back.
  func changes(removed: [String], arrived: [String]) -> FolderChanges {
    var changes = emptyChanges
    changes.removed = Set(removed).subtracting(arrived)
    for path in arrived {
      guard let place = ordering.place(ofFolder: PathName.parent(path)) else { continue }
      guard let picture = sniffPicture(at: path) else {
        changes.removed.insert(path)
        continue
      }
      changes.arrived.append(FolderChanges.Arrival(picture: picture, place: place))
    }
    return changes
  }

  /// ` (and 2 more not done: the first, why)` for a summary, empty when all went well.
  private static func failures(_ errors: [FileActionError], of total: Int) -> String {
    guard let first = errors.first else { return "" }
    return errors.count >= total ? first.message : "; \(errors.count) not done: \(first.message)"
  }

  // MARK: Trash

  private func trashFiles(_ paths: [String]) -> FileActionReport {
    var trashed: [TrashedFile] = []
    var sidecars: [TrashedSidecar] = []
    var errors: [FileActionError] = []
    let date = now()
    for picture in Self.groupedByPicture(paths) {
      // The picture first, then its sidecars, with a note until they follow (`SidecarNote`).
      let note = SidecarNote.write(trashing: picture)
      let before = trashed.count
      for path in picture {
        do throws(FileActionError) {
          trashed.append(try trash.trash(path, at: date))
        } catch {
          errors.append(error)
        }
      }
      let gone = trashed[before...].map(\.original)
      trashSidecars(of: gone, at: date, into: &sidecars, errors: &errors)
      SidecarNote.remove(note)
    }
    let gone = trashed.map(\.original)
    if !trashed.isEmpty { remember(.trashed(trashed, sidecars: sidecars)) }
    let changes = changes(removed: gone, arrived: [])
    guard !trashed.isEmpty else {
      return FileActionReport(
        changes: changes, summary: Self.failures(errors, of: paths.count), isFailure: true)
    }
    return FileActionReport(
      changes: changes,
      summary: "\(FolderTarget.pictures(gone)) moved to the Trash · U undoes"
        + Self.failures(errors, of: paths.count),
      isFailure: !errors.isEmpty, trashed: gone)
  }

  // MARK: Moving and copying

  /// Moves or copies `paths` into the folder `text` names, a pair's files together; a
  /// name taken there asks (`.ask`), skips the picture or takes a free name for all its
  /// files (`IMG_1 (2).JPG`, `IMG_1 (2).CR2`). A move takes the pictures' sidecars along
  /// (`PictureSidecars`) and a copy copies them, so the copy keeps its stars and its edit
  /// history; a sidecar's name taken there counts as the picture's: the picture's free
  /// name decides its sidecars' too.
  private func place(
    _ paths: [String], in text: String, conflicts choice: NameConflictChoice, copying: Bool
  ) -> FileActionReport {
    let verb = copying ? "copied" : "moved"
    let base = PathName.parent(paths.first ?? home)
    let folder = FolderTarget.resolve(text, from: base, home: home)
    let shownFolder = FolderTarget.shown(folder, home: home)
    let made: [String]
    do throws(FileActionError) {
      made = try SafeMove.makeFolder(folder)
    } catch {
      return FileActionReport(changes: emptyChanges, summary: error.message, isFailure: true)
    }
    var done: [PathChange] = []
    // Nothing is left of an action that moved nothing: not the folder made for it.
    defer { if done.isEmpty { SafeMove.removeMadeFolders(made) } }
    // The pictures, as groups of the files of one stem in one folder.
    let groups = Self.groupedByPicture(
      paths.filter { PathName.parent($0) != folder || copying })
    guard !groups.isEmpty else {
      return FileActionReport(
        changes: emptyChanges, summary: "already in \(shownFolder): nothing moved")
    }
    func destination(_ path: String, suffix: String) -> String {
      let name = PathName.lastComponent(path)
      guard !suffix.isEmpty else { return PathName.join(folder, name) }
      let stem = FileName.stem(of: name)
      return PathName.join(folder, stem + suffix + FileName.suffix(of: name))
    }
    // The names a file takes: its own and its sidecars'.
    func names(_ path: String, suffix: String) -> [String] {
      let target = destination(path, suffix: suffix)
      return [target] + PictureSidecars.namesNeeded(for: PathChange(from: path, to: target))
    }
    func isTaken(_ group: [String], suffix: String) -> Bool {
      group.contains { names($0, suffix: suffix).contains(where: SafeMove.exists) }
    }
    let taken = groups.filter { isTaken($0, suffix: "") }
    if !taken.isEmpty && choice == .ask {
      // Counted as pictures, a pair's files together, as the prompts count them.
      let pictures = FolderTarget.pictures(taken.flatMap { $0 })
      let action: FileAction =
        copying
        ? .copy(paths, to: folder, conflicts: .ask) : .move(paths, to: folder, conflicts: .ask)
      return FileActionReport(
        changes: emptyChanges,
        summary: "\(pictures.pictureCount == 1 ? "a name is" : "names are") taken",
        conflict: NameConflict(action: action, taken: pictures, folder: shownFolder))
    }
    var copies: [MadeCopy] = []
    var sidecars: [CarriedSidecar] = []
    var errors: [FileActionError] = []
    var skipped = 0
    for group in groups {
      var suffix = ""
      if isTaken(group, suffix: "") {
        if choice == .skip {
          skipped += 1
          continue
        }
        var number = 2
        while isTaken(group, suffix: " (\(number))") { number += 1 }
        suffix = " (\(number))"
      }
      let before = done.count
      // Left until the sidecars follow: a kill in between has the next scan finish.
      let note =
        copying
        ? nil
        : SidecarNote.write(
          for: group.map { PathChange(from: $0, to: destination($0, suffix: suffix)) },
          beside: group[0])
      for path in group {
        let target = destination(path, suffix: suffix)
        do throws(FileActionError) {
          if copying {
            try SafeMove.copy(path, to: target)
            if let copy = Self.madeCopy(target) { copies.append(copy) }
          } else {
            try SafeMove.move(path, to: target)
          }
          done.append(PathChange(from: path, to: target))
        } catch {
          errors.append(error)
        }
      }
      // The picture's files first, then its sidecars.
      if copying {
        Self.copySidecars(of: Array(done[before...]), into: &copies, errors: &errors)
      } else {
        Self.carrySidecars(
          of: Array(done[before...]), operation: .move, into: &sidecars, errors: &errors)
      }
      SidecarNote.remove(note)
    }
    if copying, !copies.isEmpty { remember(.copied(copies)) }
    if !copying, !done.isEmpty {
      remember(.moved(Self.moved(done), renamed: false, sidecars: sidecars))
    }
    let changes = changes(removed: copying ? [] : done.map(\.from), arrived: done.map(\.to))
    var summary =
      done.isEmpty
      ? (errors.isEmpty ? "nothing \(verb)" : Self.failures(errors, of: errors.count))
      : "\(verb) \(FolderTarget.pictures(done.map(\.from))) to \(shownFolder)"
        + Self.newNames(done) + " · U undoes" + Self.failures(errors, of: paths.count)
    if skipped > 0 { summary += "; \(skipped) skipped (names taken)" }
    return FileActionReport(
      changes: changes, renamed: copying ? [] : done, summary: summary,
      isFailure: !errors.isEmpty,
      folderUsed: done.isEmpty ? nil : FolderTarget.typed(folder, home: home))
  }

  /// What a summary adds for the pictures that took a free name (`k`): ` as IMG_1 (2).JPG`
  /// for one picture, `; 2 under new names: b (2).jpg, …` among more; empty when every
  /// file kept its name.
  static func newNames(_ done: [PathChange]) -> String {
    let renamed = FolderTarget.pictures(
      done.filter { PathName.lastComponent($0.from) != PathName.lastComponent($0.to) }.map(\.to))
    guard let first = renamed.pictures.first else { return "" }
    if FolderTarget.pictures(done.map(\.from)).pictureCount == 1 { return " as \(renamed)" }
    let count = renamed.pictureCount
    let name = PictureFiles(pictures: [first])
    return count == 1
      ? "; 1 under a new name: \(name)" : "; \(count) under new names: \(name), …"
  }

  /// The files now at the moves' new names, for undo's check that each is still there.
  static func moved(_ changes: [PathChange]) -> [MovedFile] {
    changes.map { MovedFile(change: $0, version: FileVersion.at($0.to)) }
  }

  /// The copy at `path` as it is now, for undo's check that it is still the one made.
  static func madeCopy(_ path: String) -> MadeCopy? {
    FileVersion.at(path).map { MadeCopy(path: path, version: $0) }
  }

  // MARK: Renaming

  /// Renames a picture's files in their folder, all or none: a name taken refuses the
  /// rename, and a file that fails takes back those renamed before it. The sidecars are
  /// renamed to match, after the files (`PictureSidecars`), and a sidecar's name taken
  /// refuses the rename as the picture's would; a sidecar that fails is said, and the
  /// files keep their new names.
  private func rename(_ changes: [PathChange]) -> FileActionReport {
    guard !changes.isEmpty else {
      return FileActionReport(changes: emptyChanges, summary: "nothing renamed")
    }
    let needed = changes.flatMap { [$0.to] + PictureSidecars.namesNeeded(for: $0) }
    if let taken = needed.first(where: SafeMove.exists) {
      let name = TextSanitizer.sanitize(PathName.lastComponent(taken))
      return FileActionReport(
        changes: emptyChanges, summary: "\(name) is taken: not renamed", isFailure: true)
    }
    var done: [PathChange] = []
    let note = SidecarNote.write(for: changes, beside: changes[0].from)
    defer { SidecarNote.remove(note) }
    for change in changes {
      do throws(FileActionError) {
        try SafeMove.move(change.from, to: change.to, operation: .rename)
        done.append(change)
      } catch {
        for back in done.reversed() {
          try? SafeMove.move(back.to, to: back.from, operation: .rename)
        }
        return FileActionReport(changes: emptyChanges, summary: error.message, isFailure: true)
      }
    }
    var sidecars: [CarriedSidecar] = []
    var errors: [FileActionError] = []
    Self.carrySidecars(of: done, operation: .rename, into: &sidecars, errors: &errors)
    remember(.moved(Self.moved(done), renamed: true, sidecars: sidecars))
    // A pair by both its files (`IMG_1 (JPG + DNG)`), as undo names it.
    let oldName = PictureFiles(pictures: [done.map(\.from)])
    let newName = PictureFiles(pictures: [done.map(\.to)])
    return FileActionReport(
      changes: self.changes(removed: done.map(\.from), arrived: done.map(\.to)), renamed: done,
      summary: "renamed \(oldName) to \(newName) · U undoes"
        + Self.failures(errors, of: Int.max),
      isFailure: !errors.isEmpty)
  }

  // MARK: Turning

  /// Turns each picture by rewriting its orientation tag, or a PNG by its pixels
  /// (`LosslessTurn`). A pair's other file (the raw of a RAW+JPEG pair) turns with it when
  /// its format carries the tag, and is left as it is otherwise; a picture that cannot be
  /// turned says why. A turn that takes a file back to how it was before this session's
  /// turns of it gives it its old bytes back (`turnBackToBefore`).
  ///
  /// Undoing (`undoing`: what the turn did), a file still as the turn left it gets its
  /// old bytes and modification time back exactly; one changed since is turned back.
  func turn(_ paths: [String], _ turn: PictureTurn, undoing done: [TurnedFile]? = nil)
    -> FileActionReport
  {
    var turned: [TurnedFile] = []
    var errors: [FileActionError] = []
    let firsts = Set(Self.firstOfEachPicture(paths))
    for path in paths {
      do throws(FileActionError) {
        if let done, let record = done.first(where: { $0.path == path }) {
          try Self.turnBack(record, by: turn, seam: rewriteSeam)
          turned.append(record)
        } else if let back = try turnBackToBefore(path, turn) {
          turned.append(back)
        } else {
          turned.append(try Self.turnFile(path, turn, seam: rewriteSeam))
        }
      } catch {
        // A companion whose format keeps no orientation is no failure of the picture's.
        if firsts.contains(path) || !error.isUnturnable { errors.append(error) }
      }
    }
    let undoing = done != nil
    if !turned.isEmpty, !undoing { remember(.turned(turned, turn)) }
    let paths = turned.map(\.path)
    let changes = changes(removed: [], arrived: paths)
    guard !turned.isEmpty else {
      return FileActionReport(
        changes: changes, summary: Self.failures(errors, of: errors.count), isFailure: true)
    }
    let label = undoing ? "turned back" : turn.label
    return FileActionReport(
      changes: changes,
      summary: "\(label): \(FolderTarget.pictures(paths))" + (undoing ? "" : " · U undoes")
        // Something turned: a failure, a damaged raw beside its JPEG too, is one not done.
        + Self.failures(errors, of: Int.max),
      isFailure: !errors.isEmpty)
  }

  /// `paths` as the pictures they are: the files of one stem in one folder together, in
  /// the order of their first file.
  static func groupedByPicture(_ paths: [String]) -> [[String]] {
    var groups: [[String]] = []
    var groupIndex: [String: Int] = [:]
    for path in paths {
      let key = FileName.pictureKey(ofPath: path)
      if let index = groupIndex[key] {
        groups[index].append(path)
      } else {
        groupIndex[key] = groups.count
        groups.append([path])
      }
    }
    return groups
  }

  /// The first path of each picture among `paths` (the shown file comes first).
  private static func firstOfEachPicture(_ paths: [String]) -> [String] {
    var seen = Set<String>()
    return paths.filter { path in
      seen.insert(FileName.pictureKey(ofPath: path)).inserted
    }
  }

  /// The largest file turned: raw files run to a hundred megabytes.
  static let largestTurned: Int64 = 1 << 30

  /// Rewrites the file at `path` turned by `turn`, replacing it in one step, when the
  /// name still holds the file read (`FileRewrite`); what undo needs to take it back.
  static func turnFile(_ path: String, _ turn: PictureTurn, seam: RewriteTestSeam? = nil)
    throws(FileActionError) -> TurnedFile
  {
    let old = try FileRewrite.read(path, limit: largestTurned, seam: seam)
    let turned: [UInt8]
    do throws(OrientationRewriteError) {
      turned = try LosslessTurn.turning(old.bytes, by: turn)
    } catch {
      throw .cannotTurn(path: path, why: error)
    }
    let written = try FileRewrite.replace(path, with: turned, expected: old, seam: seam)
    return TurnedFile(
      path: path, edits: ByteEdits(from: turned, to: old.bytes), old: FileVersion(old.status),
      written: written)
  }

  /// Takes the turn `done` back: the old bytes and time exactly when the file is still
  /// the one the turn wrote, else a turn by `inverse` (another program changed it since,
  /// and its change stays).
  static func turnBack(_ done: TurnedFile, by inverse: PictureTurn, seam: RewriteTestSeam?)
    throws(FileActionError)
  {
    if let edits = done.edits, FileVersion.at(done.path) == done.written {
      let now = try FileRewrite.read(done.path, limit: largestTurned, seam: seam)
      if FileVersion(now.status) == done.written, let old = edits.undoing(now.bytes) {
        try FileRewrite.replace(
          done.path, with: old, expected: now, modified: .exactly(done.old.modified),
          seam: seam)
        return
      }
    }
    _ = try turnFile(done.path, inverse, seam: seam)
  }
}
