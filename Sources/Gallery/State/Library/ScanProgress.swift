/// How far the scan has come: whether it finished, what it counted, what it met.
///
/// Warnings accumulate and never repeat; the counts arrive once, with the end.
package struct ScanProgress: Hashable, Sendable {
  /// Whether the scan has finished.
  package private(set) var isComplete = false
  /// What the finished scan counted, nil before it finished.
  package private(set) var stats: ScanStats?
  /// Problems the scan met, shown in the status line.
  package private(set) var warnings: [ScanWarning] = []

  /// A scan not finished, with nothing met.
  package init() {}

  /// Notes that the scan has finished, with what it counted when known.
  mutating func finish(_ stats: ScanStats?) {
    isComplete = true
    if let stats { self.stats = stats }
  }

  /// Notes a problem the scan met.
  mutating func note(_ warning: ScanWarning) { warnings.append(warning) }

  /// Notes the problems a rescan met, each once.
  mutating func noteNew(_ warnings: [ScanWarning]) {
    for warning in warnings where !self.warnings.contains(warning) { self.warnings.append(warning) }
  }
}
