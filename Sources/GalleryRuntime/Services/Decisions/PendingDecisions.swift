import Gallery
import Pictures

/// The decisions waiting to be written, in the order first asked, each file once: a
/// decision for a file already waiting replaces it in its place, so the writer writes only
/// the last of a burst (stars given, changed, then a label: one write).
///
/// A file whose write has started is no longer waiting: a decision for it then waits
/// again, behind the others, and is written after the one under way.
struct PendingDecisions: Sendable {
  /// The paths waiting, oldest first, from `head` on.
  private var order: [String] = []
  private var head = 0
  /// The latest decision of each path waiting.
  private var latest: [String: CullingDecision] = [:]

  /// Whether nothing waits.
  var isEmpty: Bool { latest.isEmpty }

  /// How many files wait.
  var count: Int { latest.count }

  /// Adds `decisions`, each replacing the one its file has waiting. O(decisions).
  mutating func add(_ decisions: [FileDecision]) {
    for decision in decisions
    where latest.updateValue(decision.decision, forKey: decision.path) == nil {
      order.append(decision.path)
    }
  }

  /// Takes the oldest file waiting with its latest decision; nil when none waits.
  /// Amortised O(1).
  mutating func takeFirst() -> FileDecision? {
    guard head < order.count else { return nil }
    let path = order[head]
    head += 1
    if head > 64, head * 2 > order.count {
      order.removeFirst(head)
      head = 0
    }
    guard let decision = latest.removeValue(forKey: path) else { return takeFirst() }
    return FileDecision(path: path, decision: decision)
  }
}
