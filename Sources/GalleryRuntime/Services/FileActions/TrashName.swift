import TerminalKit

/// The names a trashed file may take in a trash can: its own, then `NAME.2`, `NAME.3`…
/// while one is taken, each short enough for its `.trashinfo` name to fit.
enum TrashName {
  /// The longest name a folder entry may have, in bytes (Linux's `NAME_MAX`).
  private static let longest = 255

  /// The `number`th name to try for `name` (the first is `name` itself).
  static func candidate(_ name: String, number: Int) -> String {
    let suffix = number == 1 ? "" : ".\(number)"
    let room = longest - suffix.utf8.count - ".trashinfo".utf8.count
    let bytes = PathBytes.fileSystemBytes(name)
    // Cut by bytes: a cut through a character leaves bytes that are not UTF-8, which the
    // names' text keeps exactly (`PathBytes`). The original name is in the info file.
    let kept = bytes.count > room ? PathBytes.string(fileSystemBytes: bytes.prefix(room)) : name
    return kept + suffix
  }
}
