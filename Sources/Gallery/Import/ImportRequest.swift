/// An import the browser asks for: the card, where its pictures go, and how, as the
/// command line's `gallery import CARD --to DIR` would take it.
package struct ImportRequest: Hashable, Sendable {
  /// The folder holding `DCIM/`.
  package var card: String
  /// The destination as typed (`~` and a relative path are the runtime's to resolve).
  package var destination: String
  /// A second destination that gets the same copies (`import.backup`), nil for none.
  package var backup: String?
  /// The folders under the destination (`import.folders`).
  package var folders: ImportTemplate
  /// The new names (`import.rename`).
  package var names: ImportTemplate
  /// Whether the card's files copied and checked go to the Trash afterwards
  /// (`import.trash-source`).
  package var trashesSource: Bool

  package init(
    card: String, destination: String, backup: String? = nil,
    folders: ImportTemplate = .standardFolders, names: ImportTemplate = .standardName,
    trashesSource: Bool = false
  ) {
    self.card = card
    self.destination = destination
    self.backup = backup
    self.folders = folders
    self.names = names
    self.trashesSource = trashesSource
  }
}

/// What the configuration file says of imports (`import.to`, `import.backup`,
/// `import.folders`, `import.rename`): what the browser's import starts from.
package struct ImportSettings: Hashable, Sendable {
  /// The destination the prompt offers; nil offers `defaultDestination`.
  package var destination: String?
  package var backup: String?
  package var folders: ImportTemplate
  package var names: ImportTemplate
  /// Why the configuration's template cannot be used (`config line 4: import.folders:
  /// unknown field {yyy} …`): the browser's import refuses to begin rather than copy
  /// under the standard template; nil when both are good.
  package var problem: String?
  /// The home folder (`HOME`), which is never taken for a card, nor any folder above it;
  /// nil when unknown.
  package var home: String?
  /// Whether the card's files copied and checked go to the Trash (`import.trash-source`).
  package var trashesSource = false

  /// The destination offered when the configuration names none.
  package static let defaultDestination = "~/Pictures"

  package init(
    destination: String? = nil, backup: String? = nil,
    folders: ImportTemplate = .standardFolders, names: ImportTemplate = .standardName,
    problem: String? = nil, home: String? = nil
  ) {
    self.destination = destination
    self.backup = backup
    self.folders = folders
    self.names = names
    self.problem = problem
    self.home = home
  }
}
