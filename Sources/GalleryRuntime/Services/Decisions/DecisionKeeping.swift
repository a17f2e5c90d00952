import Gallery
import Pictures

/// What the run loop needs of the keeper of culling decisions on disk (`SidecarKeeper`:
/// XMP sidecars): decisions written off the main thread, in order, and read back for the
/// pictures a scan finds; the loop's tests put a fake in its place.
package protocol DecisionKeeping: Sendable {
  /// Writes `decisions` in the background, one file after another in the order asked; a
  /// decision for a file still waiting replaces it there (the later wins). What could not
  /// be written goes to `failed`, worded for the status line, on another thread.
  func write(_ decisions: [FileDecision], failed: @escaping @Sendable (String) -> Void)
  /// Reads the decisions kept for `pictures` in the background and hands those found to
  /// `deliver` in batches, on another thread; a sidecar that cannot be read goes to
  /// `failed`, worded for the status line.
  func read(
    _ pictures: [String], deliver: @escaping @Sendable ([String: CullingDecision]) -> Void,
    failed: @escaping @Sendable (String) -> Void)
  /// Runs `body` on the writes' own thread once the writes asked for so far are done;
  /// writes asked meanwhile wait until it returns. An action on files runs so, and
  /// returns once it is done: a sidecar is never written while its picture moves away
  /// (the decision missing at the new name, a stray sidecar at the old).
  func afterWrites(_ body: @escaping @Sendable () -> Void)
  /// Stops reading (no batch is delivered after it) and waits for the writes asked for
  /// so far: a decision made is on disk before the gallery ends.
  func finish()
}
