extension FileActionError {
  /// The same error with the file `hidden` named `shown`: a step on a name of the
  /// gallery's own (the trash's `x.jpg.3`) says the name the user knows. Folders are
  /// left as they are.
  func naming(_ hidden: String, as shown: String) -> FileActionError {
    func named(_ path: String) -> String { path == hidden ? shown : path }
    switch self {
    case .exists(let path): return .exists(path: named(path))
    case .unreadable(let path, let reason): return .unreadable(path: named(path), reason: reason)
    case .cannotTurn(let path, let why): return .cannotTurn(path: named(path), why: why)
    case .changedSince(let path): return .changedSince(path: named(path))
    case .notFound(let path): return .notFound(path: named(path))
    case .notRegular(let path): return .notRegular(path: named(path))
    case .symbolicLink(let path): return .symbolicLink(path: named(path))
    case .noTrash(let path, let reason): return .noTrash(path: named(path), reason: reason)
    case .diskFull(let path, let operation):
      return .diskFull(path: named(path), operation: operation)
    case .changedMeanwhile(let path, let operation):
      return .changedMeanwhile(path: named(path), operation: operation)
    case .sourceKept(let path, let reason): return .sourceKept(path: named(path), reason: reason)
    case .cannotTakeNameSafely(let path, let operation):
      return .cannotTakeNameSafely(path: named(path), operation: operation)
    case .replacedSince(let path, let operation):
      return .replacedSince(path: named(path), operation: operation)
    case .goneSince(let path, let operation):
      return .goneSince(path: named(path), operation: operation)
    case .failed(let path, let operation, let reason):
      return .failed(path: named(path), operation: operation, reason: reason)
    case .readOnly, .permissionDenied, .folderMissing: return self
    }
  }
}
