import Pictures

/// What the user asked to be done to files: the runtime carries it out (never unlinking,
/// never overwriting) and answers with a `FileActionReport`.
///
/// Paths are every file a picture is: a pair's files (RAW+JPEG, a Live Photo) go
/// together.
package enum FileAction: Hashable, Sendable {
  /// To the Trash of the freedesktop.org specification, where a file manager restores
  /// them.
  case trash([String])
  /// Into `folder` (made when missing; a relative path is taken from the pictures'
  /// folder, `~` is the home folder); a name taken there is settled by `conflicts`.
  case move([String], to: String, conflicts: NameConflictChoice)
  /// Copies into `folder`, as for a move.
  case copy([String], to: String, conflicts: NameConflictChoice)
  /// New names in the same folder, a pair's files together (`IMG_1.JPG` and
  /// `IMG_1.CR2` to `beach.JPG` and `beach.CR2`).
  case rename([PathChange])
  /// A quarter turn or a flip, written into the files' orientation tags (every pixel
  /// and the metadata kept).
  case turn([String], PictureTurn)
  /// Takes back the last action of the session that is not yet undone.
  case undo

  /// Whether decisions wait while it runs: it may take a picture's name away (a trash, a
  /// move, a rename, an undo) or rewrite it (a turn). A copy leaves the pictures as they
  /// are, and a long one to another disk holds nothing up.
  package var holdsDecisions: Bool {
    if case .copy = self { return false }
    return true
  }
}

/// A file's path before and after a move or rename.
package struct PathChange: Hashable, Sendable {
  package let from: String
  package let to: String

  package init(from: String, to: String) {
    self.from = from
    self.to = to
  }
}

/// What to do when a name is taken in the folder a move or copy goes to: never replace
/// what is there.
package enum NameConflictChoice: Hashable, Sendable {
  /// Find out first: the report then names the taken names and the state asks.
  case ask
  /// Leave those pictures where they are.
  case skip
  /// Give them a free name (`IMG_1 (2).jpg`).
  case keepBoth
}
