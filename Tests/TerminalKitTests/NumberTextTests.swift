import Foundation
import TerminalKit
import TestSupport
import Testing

/// Numbers as `printf` writes them in the C locale, in plain Swift: the same text as
/// Foundation's `String(format:)` (which the tests keep) for every case the gallery uses.
@Suite struct NumberTextTests {
  @Test func paddedAndHexadecimalNumbersAreWrittenAsPrintfWritesThem() {
    for value in [0, 7, 42, 2026, 12345, -7, -42] {
      #expect(NumberText.padded(value, width: 2) == String(format: "%02d", value))
      #expect(NumberText.padded(value, width: 4) == String(format: "%04d", value))
    }
    for value: UInt64 in [0, 0xE9, 0xDEAD_BEEF, .max] {
      #expect(
        NumberText.hex(value, width: 16, uppercase: false) == String(format: "%016llx", value))
      #expect(NumberText.hex(value, width: 2) == String(format: "%02llX", value))
    }
  }

  @Test func decimalsAreRoundedAsPrintfRoundsThem() {
    // Ties judged on the binary value: 0.15 is a little less than a half-tenth, 0.25 is
    // one exactly (to the even digit), 2.675 a little less.
    let cases: [(Double, Int)] = [
      (0.15, 1), (0.25, 1), (0.35, 1), (2.675, 2), (1.005, 2), (-0.04, 1), (0, 3),
      (123.456789, 4), (35.68, 4), (-139.7, 4), (1_000_000.5, 0), (2.5, 0), (3.5, 0),
      (0.0625, 3), (9.9999, 3),
    ]
    for (value, places) in cases {
      #expect(
        NumberText.fixed(value, places: places) == String(format: "%.\(places)f", value),
        "\(value) at \(places)")
    }
    var random = SplitMix64(seed: 7)
    for _ in 0..<20_000 {
      let value = Double(Int64(bitPattern: random.next()) % 100_000_000) / 1000
      let places = Int(random.next() % 5)
      let expected = String(format: "%.\(places)f", value)
      guard NumberText.fixed(value, places: places) == expected else {
        Issue.record("\(value) at \(places): \(NumberText.fixed(value, places: places))")
        return
      }
    }
  }
}
