import Pictures
import TerminalKit

/// What became of the favourites an older gallery kept in `favorites.json` when they were
/// made decisions (the runtime's `FavoritesMigrator`), for the state and the status line.
///
/// A favourite whose file is there became the decision `FavoriteRule.made(_:)` gives, in
/// its sidecars; one whose file is not there (a disk not mounted), or whose sidecar could
/// not be written, waits in the file for a later start.
package struct FavoritesMigration: Hashable, Sendable {
  /// The decisions written into sidecars, by picture path: shown at once.
  package var decisions: [String: CullingDecision] = [:]
  /// How many favourites are decisions now (those that already were among them).
  package var migrated = 0
  /// How many were rejected since, and were left rejected.
  package var leftRejected = 0
  /// How many wait in the favourites file.
  package var waiting = 0
  /// How many were built-in pictures, left out: their decisions are not kept.
  package var builtIn = 0
  /// The favourites file.
  package var file = ""
  /// Where the file as it was before this migration was kept, nil when it was not.
  package var keptAs: String?
  /// What the favourites make of a picture: its words for the status line.
  package var rule = FavoriteRule.picks
  /// A damaged favourites file set aside, or in the way.
  package var warning: FavoritesWarning?
  /// Why the file could not be kept or its remainder written, nil when it could.
  package var error: FavoritesError?
  /// Why sidecars could not be written, worded for the status line; nil when they were.
  package var sidecarProblem: String?

  /// Nothing migrated.
  package init() {}

  /// Whether there is anything for the user to hear but `warning`.
  package var isWorthSaying: Bool {
    migrated > 0 || leftRejected > 0 || waiting > 0 || builtIn > 0 || error != nil
      || sidecarProblem != nil
  }

  /// Whether the status line should warn (something is not where it should be).
  package var isWarning: Bool { error != nil || sidecarProblem != nil }

  /// The status line's sentence: `12 favourites are now picked (favorites.json kept as
  /// favorites.json.migrated) · 3 favourites of favorites.json wait for their files`.
  package var sentence: String {
    if let error { return error.description }
    var parts: [String] = []
    let name = PathName.lastComponent(file)
    if migrated > 0 {
      var part = "\(counted(migrated)) now \(rule.meaning)"
      if let keptAs { part += " (\(name) kept as \(PathName.lastComponent(keptAs)))" }
      parts.append(part)
    }
    if leftRejected > 0 {
      parts.append("\(counted(leftRejected)) left rejected")
    }
    if builtIn > 0 {
      var part = builtIn == 1 ? "1 built-in picture" : "\(builtIn) built-in pictures"
      part += " left out"
      if migrated == 0, let keptAs {
        part += " (\(name) kept as \(PathName.lastComponent(keptAs)))"
      }
      parts.append(part)
    }
    if waiting > 0 {
      parts.append(
        waiting == 1
          ? "1 favourite of \(name) waits for its file"
          : "\(waiting) favourites of \(name) wait for their files")
    }
    if let sidecarProblem { parts.append(sidecarProblem) }
    return parts.joined(separator: " · ")
  }

  /// `1 favourite is`, `12 favourites are`.
  private func counted(_ count: Int) -> String {
    count == 1 ? "1 favourite is" : "\(count) favourites are"
  }
}
