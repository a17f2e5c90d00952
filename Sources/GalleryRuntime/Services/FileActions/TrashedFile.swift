/// A file in a trash can, as `Trash.trash` left it: enough to put it back, and to know
/// it is still the one put there.
package struct TrashedFile: Hashable, Sendable {
  /// The absolute path it had.
  let original: String
  /// Its path in the trash's `files/` folder.
  let file: String
  /// Its `.trashinfo` file's path in the trash's `info/` folder.
  let info: String
  /// The file as it went in: once the Trash is emptied, another file can take the same
  /// name there, and is not this one.
  let version: FileVersion
  /// The `Path=` line its info file holds (`TrashInfo.pathLine`).
  let pathLine: String
}
