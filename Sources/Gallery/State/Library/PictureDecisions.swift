import Pictures

/// What was decided of each file while culling (stars, pick or reject, colour labels),
/// by path, as marks and favourites are kept.
///
/// A file nobody decided on has no entry and reads as `CullingDecision.undecided`. A
/// picture of several files (RAW+JPEG, a Live Photo) shows the decision of its own file,
/// else of the first of its other files that has one: the files' sidecars may have been
/// written apart by another program, and a decision made here goes to every file.
/// Decisions follow their files when they are moved or renamed (`follow(_:)`); those of
/// files gone stay, so that an undo bringing a file back finds its decision.
package struct PictureDecisions: Hashable, Sendable {
  /// The decided files' decisions, none undecided.
  package private(set) var byPath: [String: CullingDecision] = [:]

  /// Nothing decided.
  package init() {}

  /// The decision of the file at `path` itself. O(1).
  package func decision(for path: String) -> CullingDecision {
    byPath[path] ?? .undecided
  }

  /// The decision a picture shows: its own file's, else the first of `companions`' that
  /// has one. O(files of the pair).
  package func decision(for path: String, companions: [String]) -> CullingDecision {
    if let own = byPath[path] { return own }
    for companion in companions {
      if let found = byPath[companion] { return found }
    }
    return .undecided
  }

  /// Whether no file has a decision.
  package var isEmpty: Bool { byPath.isEmpty }

  /// Sets the decisions of the files in `decisions`' keys (an undecided one forgets the
  /// file). O(decisions).
  ///
  /// - Returns: whether any file's decision changed.
  @discardableResult
  mutating func set(_ decisions: [String: CullingDecision]) -> Bool {
    var changed = false
    for (path, decision) in decisions where self.decision(for: path) != decision {
      changed = true
      if decision.isUndecided { byPath[path] = nil } else { byPath[path] = decision }
    }
    return changed
  }

  /// Moves the decisions of the files in `moves`' keys to their new paths. O(moves).
  mutating func follow(_ moves: [String: String]) {
    var moving: [String: CullingDecision] = [:]
    for (from, to) in moves {
      if let decision = byPath.removeValue(forKey: from) { moving[to] = decision }
    }
    byPath.merge(moving) { _, new in new }
  }
}
