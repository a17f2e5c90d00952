import Gallery
import Pictures

/// The commands for the keeper of culling decisions (`DecisionKeeping`: XMP sidecars).
extension GalleryRuntime {
  /// Keeps `decisions` in the files' sidecars off the main thread; what could not be
  /// kept comes back as `sidecarsFailed`, the decisions staying shown.
  func write(_ decisions: [FileDecision]) {
    guard let keeper = services.decisions, !decisions.isEmpty else { return }
    for decision in decisions { decidedHere.insert(decision.path) }
    let inbox = self.inbox
    keeper.write(decisions) { inbox.post(.sidecarsFailed($0)) }
  }

  /// Reads in the background what `pictures`' sidecars say (files that came since the
  /// scan); it comes back as `decisionsRead`.
  func readDecisions(of pictures: [String]) {
    guard let keeper = services.decisions, !pictures.isEmpty else { return }
    let inbox = self.inbox
    keeper.read(
      pictures, deliver: { inbox.post(.decisionsRead($0)) },
      failed: { inbox.post(.sidecarsFailed($0)) })
  }

  /// `read` without the files given a decision during this run: a sidecar read before
  /// the decision was written says what the user just changed. O(read).
  func notDecidedHere(_ read: [String: CullingDecision]) -> [String: CullingDecision] {
    guard !decidedHere.isEmpty else { return read }
    return read.filter { !decidedHere.contains($0.key) }
  }
}
