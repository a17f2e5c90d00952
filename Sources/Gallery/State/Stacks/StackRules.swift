import Pictures

/// When pictures shown one after another are one stack (a burst): taken at most
/// `seconds` apart and alike by their perceptual hashes (at most `distance` bits apart);
/// `isOn` false shows every picture on its own (`stacks = no`).
package struct StackRules: Hashable, Sendable {
  /// The most seconds between two pictures of a stack, as their files say they were
  /// taken: a burst's frames are a fraction of a second apart, a photographer's second
  /// try at the same scene a few seconds.
  package static let standardSeconds = 2.0
  /// The most bits two pictures' hashes of a stack differ by, of 64: the near copies'
  /// threshold, measured on the labelled set of bursts (`LikenessGroups.defaultThreshold`).
  package static let standardDistance = LikenessGroups.defaultThreshold
  /// The seconds `stack-seconds` takes.
  package static let secondsRange = 0.0...3600.0
  /// The distances `stack-likeness` takes.
  package static let distanceRange = 0...32

  /// Whether stacks are made at all.
  package var isOn: Bool
  /// The most seconds between two pictures one after the other in a stack.
  package var seconds: Double
  /// The most bits their hashes differ by.
  package var distance: Int

  package init(
    isOn: Bool = true, seconds: Double = Self.standardSeconds,
    distance: Int = Self.standardDistance
  ) {
    self.isOn = isOn
    self.seconds = seconds
    self.distance = distance
  }

  /// No stacks: every picture shown on its own.
  package static let off = StackRules(isOn: false)
}
