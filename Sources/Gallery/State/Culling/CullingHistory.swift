import Pictures

/// What undo (`U`) takes back, in the order it was done: decisions made while culling,
/// kept here with what each file had before, between the actions on files, which the
/// runtime's journal keeps (`FileActionReport.isUndoable`) and which this history only
/// counts in their places.
///
/// Kept only while the gallery runs, as the journal is.
package struct CullingHistory: Hashable, Sendable {
  /// One step undo can take back.
  package enum Step: Hashable, Sendable {
    /// Decisions made here: each file's decision before them.
    case decided(previous: [String: CullingDecision])
    /// An action on files, which the runtime's journal holds.
    case actedOnFiles
  }

  /// The steps, the last done last.
  package private(set) var steps: [Step] = []

  /// The most steps kept; the oldest go first.
  static let limit = 10_000

  /// Nothing done yet.
  package init() {}

  /// Notes a step done.
  mutating func note(_ step: Step) {
    steps.append(step)
    if steps.count > Self.limit { steps.removeFirst(steps.count - Self.limit) }
  }

  /// Takes the last step off, nil when there is none.
  mutating func takeLast() -> Step? { steps.popLast() }

  /// Moves the previous decisions kept for the files in `moves`' keys to their new paths,
  /// so that undo gives a renamed file its decision back. O(steps × moves).
  mutating func follow(_ moves: [String: String]) {
    guard !moves.isEmpty else { return }
    steps = steps.map { step in
      guard case .decided(let previous) = step else { return step }
      var moved: [String: CullingDecision] = [:]
      for (path, decision) in previous { moved[moves[path] ?? path] = decision }
      return .decided(previous: moved)
    }
  }
}
