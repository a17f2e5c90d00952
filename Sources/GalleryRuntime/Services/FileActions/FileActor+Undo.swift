import Gallery
import Pictures
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

extension FileActor {
  /// Takes back the last action not yet undone: trashed files come back from the Trash,
  /// moved and renamed files go back to their names, copies go to the Trash (those still
  /// as they were made), turned pictures turn back. The sidecars of a picture that came
  /// back come back after it (`takeBack`, `restore`). A name taken meanwhile, or a file
  /// gone, leaves that file as it is, and the summary says so; a trashed file another
  /// program already put back (the very file, by its version) is said to be back.
  func undo() -> FileActionReport {
    guard let last = takeLast() else {
      return FileActionReport(
        changes: FolderChanges(ordering: ordering), summary: "nothing to undo")
    }
    switch last {
    case .trashed(let files, let sidecars):
      var restored: [String] = []
      var alreadyBack: [String] = []
      var errors: [FileActionError] = []
      var notes: [PartialFile.Writing] = []
      for file in files.reversed() {
        // Put back by another program (a file manager, `trash-restore`): the very file
        // trashed holds its name again, and nothing is touched.
        if FileVersion.at(file.original) == file.version {
          alreadyBack.append(file.original)
          continue
        }
        // Its sidecars come back after it, with a note until they do (`SidecarNote`).
        if let note = SidecarNote.write(restoring: sidecars, of: file.original) {
          notes.append(note)
        }
        do throws(FileActionError) {
          try trash.restore(file)
          restored.append(file.original)
        } catch {
          errors.append(error)
        }
      }
      restore(sidecars, of: Set(restored + alreadyBack), errors: &errors)
      notes.forEach(SidecarNote.remove)
      let changes = changes(removed: [], arrived: restored + alreadyBack)
      let back = FolderTarget.pictures(alreadyBack)
      if restored.isEmpty && errors.isEmpty {
        return FileActionReport(
          changes: changes, summary: "nothing to undo: \(back) \(back.isOrAre) already back")
      }
      var report = undone(
        "put back \(FolderTarget.pictures(restored)) from the Trash", count: restored.count,
        errors: errors, changes: changes)
      if !alreadyBack.isEmpty {
        report.summary += "; \(back) \(back.isOrAre) already back"
      }
      return report
    case .moved(let moves, let renamed, let sidecars):
      var back: [PathChange] = []
      var errors: [FileActionError] = []
      let operation: FileOperation = renamed ? .rename : .move
      var notes: [PartialFile.Writing] = []
      for moved in moves.reversed() {
        let move = moved.change
        if let note = SidecarNote.write(
          for: [PathChange(from: move.to, to: move.from)], beside: move.from)
        {
          notes.append(note)
        }
        do throws(FileActionError) {
          // Only the file the action left at the new name goes back.
          guard let version = moved.version else {
            throw .replacedSince(path: move.to, operation: operation)
          }
          try SafeMove.move(move.to, to: move.from, operation: operation, expected: version)
          back.append(PathChange(from: move.to, to: move.from))
        } catch {
          if case .notFound(let path) = error, path == move.to {
            errors.append(.goneSince(path: move.to, operation: operation))
          } else {
            errors.append(error)
          }
        }
      }
      takeBack(sidecars, of: Set(back.map(\.to)), operation: operation, errors: &errors)
      notes.forEach(SidecarNote.remove)
      let what = FolderTarget.pictures(back.map(\.to))
      return undone(
        renamed ? "renamed \(what) back" : "moved \(what) back", count: back.count,
        errors: errors,
        changes: changes(removed: back.map(\.from), arrived: back.map(\.to)), renamed: back)
    case .copied(let copies):
      var trashed: [String] = []
      var errors: [FileActionError] = []
      let date = now()
      for copy in copies.reversed() where copy.owners.isEmpty {
        // A copy changed since it was made is the user's now.
        guard Self.madeCopy(copy.path) == copy else {
          errors.append(.changedSince(path: copy.path))
          continue
        }
        do throws(FileActionError) {
          _ = try trash.trash(copy.path, at: date)
          trashed.append(copy.path)
        } catch {
          errors.append(error)
        }
      }
      // The copies' sidecars follow their pictures, whatever they hold now, once no copy
      // they belong to is left (one kept as changed keeps them).
      let gone = Set(trashed)
      var sidecars: [String] = []
      for copy in copies.reversed()
      where !copy.owners.isEmpty
        && copy.owners.allSatisfy({ gone.contains($0) || !SafeMove.exists($0) })
      {
        do throws(FileActionError) {
          _ = try trash.trash(copy.path, at: date)
          sidecars.append(copy.path)
        } catch {
          if case .notFound = error { continue }
          errors.append(error)
        }
      }
      let made = FolderTarget.pictures(trashed)
      let what = made.pictureCount == 1 ? "the copy \(made)" : made.counted("copy", "copies")
      var report = undone(
        "\(what) moved to the Trash", count: trashed.count, errors: errors,
        changes: changes(removed: trashed + sidecars, arrived: []))
      report.trashed = trashed
      return report
    case .turned(let files, let turn):
      var report = self.turn(files.map(\.path), turn.inverse, undoing: files)
      report.summary = "undone: " + report.summary
      return report
    }
  }

  private func takeLast() -> DoneAction? { journal.withLock { $0.popLast() } }

  private func undone(
    _ summary: String, count: Int, errors: [FileActionError], changes: FolderChanges,
    renamed: [PathChange] = []
  ) -> FileActionReport {
    guard count > 0 else {
      return FileActionReport(
        changes: changes, summary: "not undone: " + (errors.first?.message ?? "nothing left"),
        isFailure: true)
    }
    let failed = errors.first.map { "; \(errors.count) left as they are: \($0.message)" } ?? ""
    return FileActionReport(
      changes: changes, renamed: renamed, summary: "undone: " + summary + failed,
      isFailure: !errors.isEmpty)
  }
}
