import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// What the fault-injection tests share: how many rounds, the seed, the probe, the clock
/// the probes start by, and a fast comparison of large files.
enum FaultRun {
  /// `GALLERY_FAULT_ROUNDS` (`make soak` sets it), else `short`: the few rounds `make
  /// test` runs.
  static func rounds(short: Int) -> Int {
    ProcessInfo.processInfo.environment["GALLERY_FAULT_ROUNDS"].flatMap { Int($0) } ?? short
  }

  /// `GALLERY_FAULT_SEED` replays a run, else one from the clock.
  static let seed =
    ProcessInfo.processInfo.environment["GALLERY_FAULT_SEED"].flatMap { UInt64($0) }
    ?? UInt64(Date().timeIntervalSince1970 * 1000)

  /// The probe: `GALLERY_MOVE_PROBE`, else the one built beside the tests.
  static func probe() throws -> String {
    try ProcessInfo.processInfo.environment["GALLERY_MOVE_PROBE"]
      ?? BuiltProduct.path("gallery-move-probe")
  }

  /// Now on the wall clock, in microseconds since 1970: what `GALLERY_PROBE_START_AT_US`
  /// counts in.
  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
  }

  /// Byte for byte, with `memcmp`: a debug build's element-wise `==` over megabytes is slow.
  static func same(_ first: [UInt8]?, _ second: [UInt8]) -> Bool {
    guard let first, first.count == second.count else { return false }
    return first.withUnsafeBytes { one in
      second.withUnsafeBytes { two in
        guard let a = one.baseAddress, let b = two.baseAddress else { return one.count == 0 }
        return memcmp(a, b, one.count) == 0
      }
    }
  }

  /// `count` bytes of `random`, a round's own.
  static func randomBytes(count: Int, using random: inout SplitMix64) -> [UInt8] {
    var words = [UInt64](repeating: 0, count: (count + 7) / 8)
    for index in words.indices { words[index] = random.next() }
    return Array(words.withUnsafeBytes { Array($0) }.prefix(count))
  }
}
