/// How fast the way to the terminal is taken to be (`--link`, `link =`): over a slow one
/// pictures in pixels are sent in fewer bytes, at more work to make them.
public enum LinkChoice: String, Hashable, Sendable, CaseIterable {
  /// Slow when the terminal's answers took longer than `slowMilliseconds` to come (or
  /// missed the probe's wait) and it is not on this machine (kitty could not read a file
  /// the probe named).
  case auto
  case fast
  case slow

  /// A round trip longer than this is a link across the internet, not a local terminal
  /// or a LAN (a few milliseconds).
  public static let slowMilliseconds = 40.0

  /// Whether to send fewer bytes, and why (for `--diagnose`).
  public func isSlow(_ capabilities: GraphicsCapabilities) -> (slow: Bool, reason: String) {
    switch self {
    case .fast: return (false, "link fast, as set")
    case .slow: return (true, "link slow, as set: kitty pictures go as PNG")
    case .auto: break
    }
    if capabilities.kittyReadsFiles {
      return (false, "link fast: kitty is on this machine (it read the probe's file)")
    }
    guard capabilities.answeredInTime, let time = capabilities.detectionMilliseconds else {
      return (true, "link slow: the terminal's answers did not all come within the wait")
    }
    let milliseconds = Int(time.rounded())
    if time > Self.slowMilliseconds {
      return (
        true, "link slow: the terminal answered in \(milliseconds) ms; kitty pictures go as PNG"
      )
    }
    return (false, "link fast: the terminal answered in \(milliseconds) ms")
  }
}
