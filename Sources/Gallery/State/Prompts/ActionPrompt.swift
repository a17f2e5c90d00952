/// The status line's prompt of an action on files while it is open: a folder to move or
/// copy to, a new name, a confirmation, a choice for names taken, or the key for the key
/// handler.
package struct ActionPrompt: Hashable, Sendable {
  /// What the prompt asks for, with what it acts on (fixed when it opens).
  package enum Kind: Hashable, Sendable {
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
    /// The folder the card's pictures are imported into.
    case importTo(card: String)
    /// Whether to stop the import under way, and quit after it when `quitting`.
    case stopImport(quitting: Bool)
  }

  /// What the prompt asks for.
  package let kind: Kind
  /// How the prompt names what it acts on when the files alone would not say it:
  /// `3 rejected pictures in Office`; nil to name the files (`3 pictures`).
  package let subject: String?
  /// The text typed, for the prompts that take text.
  package private(set) var text: String
  /// The folders a Tab found when it found more than one (their names), shown under
  /// the prompt's text until the next key.
  package private(set) var completions: [String] = []
  /// Which of the recent folders Up brought in (0 the last used), nil for typed text.
  private var recentIndex: Int?
  /// The text typed before Up brought in a recent folder, back at Down.
  private var typed = ""

  init(_ kind: Kind, text: String = "", subject: String? = nil) {
    self.kind = kind
    self.text = text
    self.subject = subject
  }

  /// Whether the prompt takes text (a folder, a name) rather than one key.
  package var takesText: Bool {
    switch kind {
    case .moveTo, .copyTo, .rename, .importTo: true
    case .confirmTrash, .conflict, .keyHandler, .stopImport: false
    }
  }

  /// Whether the text is a folder (Tab completes it, Up and Down go through the recent
  /// ones).
  package var takesFolder: Bool {
    switch kind {
    case .moveTo, .copyTo, .importTo: true
    default: false
    }
  }

  /// The text as the user edited it: no recent folder is brought in any more.
  mutating func edit(_ edited: String) {
    text = edited
    recentIndex = nil
  }

  /// A key came: the folders a Tab listed go.
  mutating func clearCompletions() { completions = [] }

  /// The folder Tab completed `text` to; `names`, when given, the folders it found,
  /// listed under the text.
  mutating func complete(to completed: String, listing names: [String]? = nil) {
    text = completed
    if let names { completions = names }
  }

  /// Up brings in the folder used before the one shown (of `recent`, the last used
  /// first), Down the one after, and past the last used the text typed.
  mutating func stepRecent(older: Bool, recent: [String]) {
    guard !recent.isEmpty else { return }
    if recentIndex == nil { typed = text }
    let next = older ? (recentIndex.map { $0 + 1 } ?? 0) : (recentIndex ?? 0) - 1
    if next < 0 {
      recentIndex = nil
      text = typed
    } else {
      let index = min(next, recent.count - 1)
      recentIndex = index
      text = recent[index]
    }
  }
}
