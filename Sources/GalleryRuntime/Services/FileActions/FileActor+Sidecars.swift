import FoundationEssentials
import Gallery
import Glibc
import SystemSupport

extension FileActor {
  /// Takes the sidecars of the files `done` moved (one picture's) to the names their
  /// new names decide (`PictureSidecars`); adds what it did to `carried`, what failed to
  /// `errors`. A sidecar gone since the look is no failure: nothing is left to take.
  static func carrySidecars(
    of done: [PathChange], operation: FileOperation, into carried: inout [CarriedSidecar],
    errors: inout [FileActionError]
  ) {
    for carry in PictureSidecars.carries(for: done) {
      let change = carry.change
      do throws(FileActionError) {
        if carry.shared {
          try SafeMove.copy(change.from, to: change.to)
        } else {
          try SafeMove.move(change.from, to: change.to, operation: operation)
        }
        carried.append(
          CarriedSidecar(
            change: change, copied: carry.shared,
            version: carry.shared ? FileVersion.at(change.to) : nil, owners: carry.owners))
      } catch {
        if case .notFound = error { continue }
        errors.append(error)
      }
    }
  }

  /// Copies the sidecars of the files `done` copied (one picture's) to the names their
  /// copies' names decide, each noted in `copies` with the picture copies it belongs to,
  /// for undo. A sidecar gone since the look is no failure.
  static func copySidecars(
    of done: [PathChange], into copies: inout [MadeCopy], errors: inout [FileActionError]
  ) {
    let copyOf = Dictionary(done.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
    for carry in PictureSidecars.carries(for: done) {
      do throws(FileActionError) {
        try SafeMove.copy(carry.change.from, to: carry.change.to)
        if var copy = madeCopy(carry.change.to) {
          copy.owners = carry.owners.compactMap { copyOf[$0] }
          copies.append(copy)
        }
      } catch {
        if case .notFound = error { continue }
        errors.append(error)
      }
    }
  }

  /// Puts the sidecars of the files `pictures` (one picture's, already in the Trash) in
  /// the Trash too, each with its own `.trashinfo`.
  func trashSidecars(
    of pictures: [String], at date: Date, into trashed: inout [TrashedSidecar],
    errors: inout [FileActionError]
  ) {
    for sidecar in PictureSidecars.trashable(after: pictures) {
      do throws(FileActionError) {
        let file = try trash.trash(sidecar.path, at: date)
        trashed.append(TrashedSidecar(file: file, owners: sidecar.owners))
      } catch {
        if case .notFound = error { continue }
        errors.append(error)
      }
    }
  }

  /// Undo's part for sidecars moved with pictures: those of a picture now back (`back`,
  /// the pictures' old paths) go back too; a copy made for a picture goes to the Trash
  /// while it is still the copy made, and stays when changed since (the user's now).
  ///
  /// A moved sidecar goes back whatever it holds now: the editors and the gallery save a
  /// sidecar as a new file under its name, and it is the picture's whichever they wrote.
  func takeBack(
    _ sidecars: [CarriedSidecar], of back: Set<String>, operation: FileOperation,
    errors: inout [FileActionError]
  ) {
    let date = now()
    for sidecar in sidecars.reversed() where !back.isDisjoint(with: sidecar.owners) {
      let change = sidecar.change
      do throws(FileActionError) {
        if sidecar.copied {
          guard let made = sidecar.version, FileVersion.at(change.to) == made else {
            throw .changedSince(path: change.to)
          }
          _ = try trash.trash(change.to, at: date)
        } else {
          try SafeMove.move(change.to, to: change.from, operation: operation)
        }
      } catch {
        if case .notFound(let path) = error, path == change.to { continue }
        errors.append(error)
      }
    }
  }

  /// Undo's part for sidecars trashed with pictures: those of a picture now back
  /// (`back`, the pictures' paths) come back from the Trash too.
  func restore(
    _ sidecars: [TrashedSidecar], of back: Set<String>, errors: inout [FileActionError]
  ) {
    for sidecar in sidecars where !back.isDisjoint(with: sidecar.owners) {
      let file = sidecar.file
      if FileVersion.at(file.original) == file.version { continue }
      do throws(FileActionError) {
        try trash.restore(file)
      } catch {
        errors.append(error)
      }
    }
  }
}
