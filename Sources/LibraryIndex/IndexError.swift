/// Why the library index could not do what it was asked, in words a user understands.
///
/// The index is a cache: none of these stops the gallery, which reads the files instead.
/// What the index did about each (rebuilt, bypassed, kept read-only) is an `IndexNotice`.
package enum IndexError: Error, Hashable, Sendable {
  /// The file is not an SQLite database, or its pages are damaged.
  case corrupt(path: String)
  /// Another program held the file longer than the index waits.
  case locked(path: String)
  /// A newer gallery's index: a schema this one does not know.
  case foreignVersion(path: String, version: Int)
  /// An older schema that cannot be rebuilt, the file being read-only.
  case oldVersion(path: String, version: Int)
  /// The file or its folder cannot be written.
  case readOnly(path: String)
  /// The file cannot be opened or made at all.
  case cannotOpen(path: String, reason: String)
  /// Another failure of SQLite's (a full disk, an I/O error).
  case failed(path: String, reason: String)

  /// The index file the error is about.
  package var path: String {
    switch self {
    case .corrupt(let path), .locked(let path), .readOnly(let path): path
    case .foreignVersion(let path, _), .oldVersion(let path, _): path
    case .cannotOpen(let path, _), .failed(let path, _): path
    }
  }

  /// What went wrong, as one sentence.
  package var sentence: String {
    switch self {
    case .corrupt(let path): "The library index \(path) is damaged."
    case .locked(let path): "The library index \(path) is busy in another program."
    case .foreignVersion(let path, let version):
      "The library index \(path) was made by a newer gallery (version \(version))."
    case .oldVersion(let path, let version):
      "The library index \(path) is an older version (\(version)) and cannot be rewritten."
    case .readOnly(let path): "The library index \(path) cannot be written."
    case .cannotOpen(let path, let reason): "The library index \(path) cannot be opened: \(reason)."
    case .failed(let path, let reason): "The library index \(path) failed: \(reason)."
    }
  }
}
