import TerminalKit

extension FileActionError {
  /// One sentence for the status line, such as "IMG_1.JPG: the disk is full: nothing
  /// moved": the file or folder by its last name, control characters and bytes that are
  /// not UTF-8 shown escaped (`TextSanitizer`), then what was left undone.
  package var message: String {
    switch self {
    case .exists(let path):
      "\(name(path)) already exists: nothing done"
    case .unreadable(let path, let reason):
      "\(name(path)) cannot be read (\(clean(reason))): nothing done"
    case .cannotTurn(let path, let why):
      "\(name(path)) cannot be turned: \(clean(why.message))"
    case .changedSince(let path):
      "\(name(path)) has changed since: not undone"
    case .notFound(let path):
      "\(name(path)) no longer exists: nothing done"
    case .notRegular(let path):
      "\(name(path)) is not a file: nothing done"
    case .symbolicLink(let path):
      "\(name(path)) is a symbolic link: nothing done"
    case .noTrash(let path, let reason):
      "\(name(path)): no trash can be used on this file system (\(clean(reason))): nothing done"
    case .readOnly(let folder, let operation):
      "\(name(folder)) is read-only: \(operation.nothingDone)"
    case .permissionDenied(let folder, let operation):
      "\(name(folder)): permission denied: \(operation.nothingDone)"
    case .diskFull(let path, let operation):
      "\(name(path)): the disk is full: \(operation.nothingDone)"
    case .folderMissing(let folder, let operation):
      "\(name(folder)) does not exist: \(operation.nothingDone)"
    case .changedMeanwhile(let path, let operation):
      "\(name(path)) was changed by another program meanwhile: \(operation.nothingDone)"
    case .sourceKept(let path, let reason):
      "\(name(path)) was copied, but the original stays (\(clean(reason)))"
    case .cannotTakeNameSafely(let path, let operation):
      "\(name(path)): this file system cannot take a name without risk of replacing one: "
        + operation.nothingDone
    case .replacedSince(let path, let operation):
      switch operation {
      case .restore: "\(name(path)) is no longer the one in the Trash: not put back"
      case .rename: "\(name(path)) is no longer the file renamed so: not renamed back"
      default:
        "\(name(path)) is no longer the file \(operation.pastParticiple) there: "
          + "not \(operation.pastParticiple) back"
      }
    case .goneSince(let path, let operation):
      switch operation {
      case .restore: "\(name(path)) is no longer in the Trash: not put back"
      default: "\(name(path)) is no longer there: not \(operation.pastParticiple) back"
      }
    case .failed(let path, let operation, let reason):
      "\(name(path)) could not be \(operation.pastParticiple) (\(clean(reason)))"
    }
  }

  private func name(_ path: String) -> String { clean(PathName.lastComponent(path)) }

  private func clean(_ text: String) -> String { TextSanitizer.sanitize(text) }
}
