import TerminalKit

/// A message for the status line, by its cause: a warning worth a user's attention, or
/// the confirmation of an action (`isWarning` false), which the next key clears.
package enum StatusMessage: Hashable, Sendable, CustomStringConvertible {
  /// The favourites of an older gallery became decisions, or some could not.
  case favoritesMigrated(FavoritesMigration)
  /// The favourites file was damaged (set aside, or in the way).
  case favoritesFile(FavoritesWarning)
  /// Live updates are off or partial.
  case liveUpdates(WatchWarning)
  /// The pictures were put in an order.
  case sorted(PictureOrder)
  /// An order was chosen in the duplicates grouping, which keeps its own: the other
  /// groupings take it.
  case sortedElsewhere(PictureOrder)
  /// The state file (the order kept across runs) could not be read or written.
  case stateFile(StateFileError)
  /// Paths went to the clipboard.
  case copied(count: Int)
  /// Pictures went to the opener, or it failed.
  case opened(OpenOutcome)
  /// Lines of the configuration file were skipped.
  case config([ConfigProblem])
  /// The sections are now folders, or days, months or years taken.
  case grouped(SectionGrouping)
  /// The view leapt to a date (`T`): what was asked, and the section found when it is
  /// another (the nearest with pictures).
  case leapt(asked: String, nearest: String?)
  /// What a "go to date" prompt was given names no date, or there is nowhere to go.
  case noDate(String)
  /// An action on files is under way (`moving`).
  case acting(String)
  /// An action on files, or a command, was done (`moved 3 pictures to Albums`).
  case acted(String)
  /// Files went to the Trash (`IMG_1 (HEIC + MOV) moved to the Trash · U undoes`): the
  /// sentence, and the files' original paths, so that the message changes when another
  /// program (a file manager, `trash-restore`) puts one back.
  case trashed(String, paths: [String])
  /// An action on files, or a command, failed: why, and that nothing was lost.
  case actionFailed(String)
  /// The library index could not be used as it is: what went wrong and what was done.
  case libraryIndex(String)
  /// Decisions were not saved in their sidecars, or sidecars could not be read: which
  /// file, why, and what to do.
  case sidecars(String)
  /// An import of a card is under way: how far it has come (the command line's bar).
  case importing(String)
  /// An import of a card ended: its summary, and whether something failed or stopped it.
  case imported(String, failed: Bool)

  /// Whether the message warns of a problem (kept until something replaces it), rather
  /// than confirming what a key did (cleared by the next key).
  package var isWarning: Bool {
    switch self {
    case .favoritesMigrated(let migration) where migration.isWarning:
      true
    case .favoritesFile, .liveUpdates, .stateFile, .opened(.failed), .config,
      .actionFailed, .libraryIndex, .sidecars:
      true
    case .imported(_, let failed):
      failed
    case .importing:
      false
    case .favoritesMigrated, .sorted, .sortedElsewhere, .copied, .opened(.opened), .grouped,
      .leapt, .noDate,
      .acting, .acted, .trashed:
      false
    }
  }

  /// Whether the next key clears the message: every confirmation, and the failure of an
  /// action, which answers the key that asked for it.
  package var clearsAtNextKey: Bool {
    switch self {
    case .actionFailed: return true
    // An import's progress and summary stay until something else is said.
    case .importing, .imported: return false
    default: return !isWarning
    }
  }

  package var description: String {
    switch self {
    case .favoritesMigrated(let migration): migration.sentence
    case .favoritesFile(let warning):
      switch warning {
      case .setAside(let path, let backup, let problem):
        "\(PathName.lastComponent(path)) \(problem): set aside as \(PathName.lastComponent(backup))"
      case .cannotSetAside(let path, let problem, let reason):
        "\(PathName.lastComponent(path)) \(problem), cannot be moved aside (\(reason)); "
          + "left as it is"
      }
    case .liveUpdates(let warning): warning.description
    case .stateFile(let error): error.description
    case .copied(let count):
      count == 1 ? "path copied to the clipboard" : "\(count) paths copied to the clipboard"
    case .opened(.opened(let count, let program)):
      "opened \(count == 1 ? "1 picture" : "\(count) pictures") with \(program)"
    case .opened(.failed(let reason)): reason
    case .config(let problems):
      (problems.first?.description ?? "")
        + (problems.count > 1 ? " (and \(problems.count - 1) more)" : "")
    case .sorted(let order):
      "sorted by \(order.key.label)" + (order.isReversed ? ", reversed" : "")
    case .sortedElsewhere(let order):
      "duplicates keep the best copy first; sorted by \(order.key.label)"
        + (order.isReversed ? ", reversed" : "") + " in the other groupings"
    case .grouped(let grouping):
      switch grouping {
      case .folder: "sections by folder"
      case .duplicates: "sections of duplicates, the best copy first"
      case .day, .month, .year: "sections \(grouping.label) taken"
      }
    case .leapt(let asked, let nearest):
      nearest.map { "no pictures from \(asked); the nearest: \($0)" } ?? asked
    case .noDate(let reason): reason
    case .acting(let doing): doing + "…"
    case .acted(let done): done
    case .trashed(let done, _): done
    case .actionFailed(let reason): reason
    case .libraryIndex(let sentence): sentence
    case .sidecars(let sentence): sentence
    case .importing(let progress): progress
    case .imported(let summary, _): summary
    }
  }
}
