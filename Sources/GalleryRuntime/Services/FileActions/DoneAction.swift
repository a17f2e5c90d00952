import Gallery
import Pictures

/// An action on files that was done, as undo needs it: what went where, and how to know
/// a file was not changed since.
enum DoneAction: Sendable {
  /// Files moved to the Trash, and where each went; then their sidecars.
  case trashed([TrashedFile], sidecars: [TrashedSidecar])
  /// Files moved or renamed: paths before and after, and what each was after; then the
  /// sidecars taken along.
  case moved([MovedFile], renamed: Bool, sidecars: [CarriedSidecar])
  /// Copies made, and what each was when made: undo trashes only a copy that is still
  /// the one made, and the sidecars copied with the copies it trashes.
  case copied([MadeCopy])
  /// Pictures turned; undo gives each back as it was, or turns it back.
  case turned([TurnedFile], PictureTurn)
}

/// A file moved or renamed, and the file that then had the new name: undo moves back
/// only that one.
struct MovedFile: Sendable, Hashable {
  let change: PathChange
  /// Nil when it could not be looked at after the move; undo then refuses.
  let version: FileVersion?
}

/// A file a turn rewrote: what takes it back to its old bytes and time, and the file the
/// turn left, which only those edits may take back.
struct TurnedFile: Sendable, Hashable {
  let path: String
  /// Nil when the turn changed too much to keep (`ByteEdits.largest`).
  let edits: ByteEdits?
  /// The file as it was before the turn: its modification time comes back with its bytes.
  let old: FileVersion
  /// The file the turn left under the name.
  let written: FileVersion
}

/// A copy the gallery made, and the file it was when made: undo trashes only that one.
struct MadeCopy: Sendable, Hashable {
  let path: String
  let version: FileVersion
  /// For a sidecar copied with pictures, the copies it belongs to: it goes to the Trash
  /// once none of them is left, whatever it holds since (a rating given to the copy is
  /// the copy's), and stays while one is kept. Empty for a picture's file.
  var owners: [String] = []
}

/// A sidecar taken along with a moved or renamed picture (`PictureSidecars`): undo takes
/// it back with its picture.
struct CarriedSidecar: Sendable, Hashable {
  let change: PathChange
  /// A stem's sidecar another file still owns, copied rather than moved.
  let copied: Bool
  /// The copy as made, when copied: undo puts it in the Trash only while it is that one.
  let version: FileVersion?
  /// The old paths of the picture files it belongs to.
  let owners: [String]
}

/// A sidecar put in the Trash with its picture: undo brings it back with its picture.
struct TrashedSidecar: Sendable, Hashable {
  let file: TrashedFile
  /// The paths of the picture files it belongs to.
  let owners: [String]
}
