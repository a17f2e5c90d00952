import Pictures

/// Why a file action (moving, copying, the trash, turning a picture) did nothing, or less
/// than asked.
///
/// Every case but `sourceKept` means the user's files are exactly as they were: the
/// actions check, write aside and then take a free name in one step, so a failure at any
/// point leaves at most one of the gallery's own temporary files behind.
package enum FileActionError: Error, Hashable, Sendable {
  /// The name is taken: nothing done, nothing replaced.
  case exists(path: String)
  /// The file could not be opened or read; `reason` is the system's.
  case unreadable(path: String, reason: String)
  /// The orientation rewriter cannot turn the picture, and says why.
  case cannotTurn(path: String, why: OrientationRewriteError)
  /// Undoing finds the file changed since the action, and leaves it.
  case changedSince(path: String)
  /// The file is gone.
  case notFound(path: String)
  /// A folder, device, FIFO or socket where a picture was expected.
  case notRegular(path: String)
  /// A symbolic link where the file itself must be rewritten.
  case symbolicLink(path: String)
  /// Neither the home trash nor one at the top of the file's file system can be used;
  /// the gallery then never deletes instead, nor copies to another disk.
  case noTrash(path: String, reason: String)
  /// The folder is on a read-only file system (`EROFS`).
  case readOnly(folder: String, operation: FileOperation)
  /// The folder may not be written to (`EACCES`, `EPERM`).
  case permissionDenied(folder: String, operation: FileOperation)
  /// No space or quota left for the copy (`ENOSPC`, `EDQUOT`); the partial copy is gone.
  case diskFull(path: String, operation: FileOperation)
  /// The destination folder (or, on restoring, the original one) does not exist.
  case folderMissing(folder: String, operation: FileOperation)
  /// Another program wrote the file, or gave its name to another file, while the action
  /// was under way; what the action had written is dropped.
  case changedMeanwhile(path: String, operation: FileOperation)
  /// The copy is whole at the destination but the original could not be removed: both
  /// names now hold the file.
  case sourceKept(path: String, reason: String)
  /// A file system that can neither rename without replacing nor make a hard link, so no
  /// name can be taken safely.
  case cannotTakeNameSafely(path: String, operation: FileOperation)
  /// Undo finds another file where the action left one (the Trash emptied and another
  /// file trashed under the same name; a file saved over a moved one's new name), and
  /// leaves that file and everything of it as they are. `path` is the name the user
  /// knows: for the Trash, the original one.
  case replacedSince(path: String, operation: FileOperation)
  /// Undo finds no file where the action left one; `path` as for `replacedSince`.
  case goneSince(path: String, operation: FileOperation)
  /// Any other failed system call, with the system's words for it.
  case failed(path: String, operation: FileOperation, reason: String)

  /// True only for `cannotTurn` because the format keeps no orientation the gallery can
  /// write: a RAW companion of a turned picture is then skipped without a word.
  var isUnturnable: Bool {
    guard case .cannotTurn(_, let why) = self else { return false }
    return why.isFormatsLimit
  }
}
