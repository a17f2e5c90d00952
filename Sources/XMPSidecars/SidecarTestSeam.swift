/// Moments of a sidecar's replacement where a test plays another program's save or a
/// kill, exactly there.
package struct SidecarTestSeam: Sendable {
  /// A step of `SidecarReplace.merge`.
  package enum Step: String, Sendable, CaseIterable {
    /// The old sidecar was read and the new one made from it; nothing written yet.
    case read
    /// The new sidecar is whole and flushed under its temporary name.
    case written
    /// The last look found the name unchanged; the exchange is next.
    case looked
    /// The two names were exchanged; what was swapped out is not yet looked at.
    case exchanged
    /// After a swap back, a save found under the temporary name (one that landed on the
    /// name meanwhile, newer than the one the name holds) is about to take the name.
    case givingBack
  }

  let atStep: @Sendable (Step, String) -> Void

  /// Calls `atStep` with the step and the sidecar's path.
  package init(_ atStep: @escaping @Sendable (Step, String) -> Void) { self.atStep = atStep }
}
