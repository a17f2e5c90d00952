/// A small, fixed pseudo-random generator (SplitMix64), so every run draws the same pictures.
///
/// It deliberately does not conform to `RandomNumberGenerator`: the standard library's
/// helpers on top of it (shuffles, ranges) may change between releases, and the assets
/// must stay byte-identical.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// A seed derived from a name (64-bit FNV-1a over its UTF-8 bytes).
  init(name: String) {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    state = hash
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in 0 ..< 1 with 53 random bits.
  mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

  /// A uniform value in `low ..< high`.
  mutating func range(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

  /// A uniform integer in the closed range.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  mutating func chance(_ probability: Double) -> Bool { unit() < probability }

  /// One element of a non-empty array.
  mutating func pick<Element>(_ elements: [Element]) -> Element {
    elements[Int(next() % UInt64(elements.count))]
  }
}
