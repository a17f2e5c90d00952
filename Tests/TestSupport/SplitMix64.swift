/// SplitMix64: a small seeded generator, so every random test replays exactly from its
/// seed. Shared by the test targets.
package struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A number in `0..<bound` (bound > 0); the slight modulo bias does not matter here.
  package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// True `percent` times in a hundred.
  package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

  /// One of `values`, nil when there are none.
  package mutating func pick<T>(_ values: [T]) -> T? {
    values.isEmpty ? nil : values[below(values.count)]
  }
}
