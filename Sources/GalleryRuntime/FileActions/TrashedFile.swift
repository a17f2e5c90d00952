/// A file in a trash can, as `Trash.trash` left it: enough to put it back.
package struct TrashedFile: Hashable, Sendable {
  /// The absolute path it had.
  let original: String
  /// Its path in the trash's `files/` folder.
  let file: String
  /// Its `.trashinfo` file's path in the trash's `info/` folder.
  let info: String
}
