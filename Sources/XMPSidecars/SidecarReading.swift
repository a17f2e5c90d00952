import Pictures

/// What a picture's sidecars say, and which one said it.
package struct SidecarReading: Hashable, Sendable {
  /// The decision of the sidecar that wins (`source`).
  package var decision: CullingDecision
  /// The sidecar the decision was read from: the newest by modification time (the
  /// picture itself when it has none and the decision is the one inside it:
  /// `SidecarStore.readKept`).
  package var source: String
  /// The other sidecars read, whose decisions differ from `decision`: left to the next
  /// write, which merges the decision into each.
  package var disagreeing: [String]
  /// The sidecars that exist but could not be read, each with why (left as they are).
  package var problems: [XMPSidecarError]
}
