/// Why an animation yields fewer frames than its file holds.
package enum AnimationTruncation: Hashable, Sendable, CustomStringConvertible {
  /// More frames than `DecodeLimits.maxFrames`.
  case frameLimit
  /// Canvas pixels × frames past `DecodeLimits.maxAnimationPixels`.
  case workLimit
  /// The frames kept would pass `DecodeLimits.maxAnimationBytes`.
  case memoryLimit
  /// The file ends, or is damaged, after these frames.
  case dataEnded

  package var description: String {
    switch self {
    case .frameLimit: "more frames than the frame limit"
    case .workLimit: "too many large frames to decode"
    case .memoryLimit: "the frames would pass the memory limit"
    case .dataEnded: "the file ends early or is damaged after these frames"
    }
  }
}
