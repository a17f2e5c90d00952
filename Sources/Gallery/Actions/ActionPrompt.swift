/// The status line's prompt of an action on files while it is open: a folder to move or
/// copy to, a new name, a confirmation, a choice for names taken, or the key for the key
/// handler.
public struct ActionPrompt: Hashable, Sendable {
  /// What the prompt asks for, with what it acts on (fixed when it opens).
  public enum Kind: Hashable, Sendable {
    /// A folder to move the files to.
    case moveTo([String])
    /// A folder to copy the files to.
    case copyTo([String])
    /// A new name for the picture (its companions follow).
    case rename(Picture)
    /// Whether to trash the pictures: asked whenever they are not just the focused one.
    case confirmTrash(PictureFiles)
    /// What to do with the names taken.
    case conflict(NameConflict)
    /// The key to run the key handler with, on the paths; the focused picture's path.
    case keyHandler([String])
  }

  /// What the prompt asks for.
  public internal(set) var kind: Kind
  /// The text typed, for the prompts that take text.
  public internal(set) var text: String
  /// The folders a Tab found when it found more than one (their names), shown under
  /// the prompt's text until the next key.
  public internal(set) var completions: [String] = []
  /// Which of the recent folders Up brought in (0 the last used), nil for typed text.
  var recentIndex: Int?
  /// The text typed before Up brought in a recent folder, back at Down.
  var typed = ""

  init(_ kind: Kind, text: String = "") {
    self.kind = kind
    self.text = text
  }

  /// Whether the prompt takes text (a folder, a name) rather than one key.
  public var takesText: Bool {
    switch kind {
    case .moveTo, .copyTo, .rename: true
    case .confirmTrash, .conflict, .keyHandler: false
    }
  }

  /// Whether the text is a folder (Tab completes it, Up and Down go through the recent
  /// ones).
  public var takesFolder: Bool {
    switch kind {
    case .moveTo, .copyTo: true
    default: false
    }
  }
}
