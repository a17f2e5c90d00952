import Pictures

/// One file's decision to be kept where other programs read it (its XMP): what the
/// state asks of the runtime when a decision changes (`AppCommand.writeDecisions`), one
/// for each file of a pair.
package struct FileDecision: Hashable, Sendable {
  /// The picture file's path (not its sidecar's).
  package let path: String
  /// Its decision now; `CullingDecision.undecided` when everything was taken back.
  package let decision: CullingDecision

  package init(path: String, decision: CullingDecision) {
    self.path = path
    self.decision = decision
  }
}
