/// What a file action was doing when it failed: its status-line message ends with what
/// was left undone.
package enum FileOperation: Hashable, Sendable {
  case move
  case rename
  case copy
  case trash
  case restore
  case turn
  /// A culling decision written into a picture's own XMP packet (`xmp-in-file`).
  case writeXMP
  case makeFolder

  /// The end of a failure's message, saying the user's files are as they were.
  var nothingDone: String {
    switch self {
    case .move: "nothing moved"
    case .rename: "not renamed"
    case .copy: "nothing copied"
    case .trash: "nothing put in the trash"
    case .restore: "nothing restored"
    case .turn, .writeXMP: "the picture is unchanged"
    case .makeFolder: "no folder made"
    }
  }

  /// The verb of "… could not be moved".
  var pastParticiple: String {
    switch self {
    case .move: "moved"
    case .rename: "renamed"
    case .copy: "copied"
    case .trash: "put in the trash"
    case .restore: "restored"
    case .turn: "turned"
    case .writeXMP: "written"
    case .makeFolder: "created"
    }
  }
}
