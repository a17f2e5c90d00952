/// Pictures grouped by likeness, each group led by its first picture: in the order given,
/// a picture joins the first group whose leader's hash is at most `threshold` bits from
/// its own, else leads a group of its own.
///
/// By a leader rather than transitively (single linkage) because chains join unrelated
/// scenes: on 1,000 phone photos in 200 bursts of 5 (`make bench BENCH_ARGS=duplicates`),
/// single linkage at 10 bits merged 8 bursts with others of the same kind of scene, one
/// chain reaching 24 bits from its first picture (pair precision 0.89), where leaders at
/// 12 bits keep 0.92 with recall 0.95; and chains only grow with the library. The price,
/// a burst that drifts past the threshold from its first frame splitting in two, is what
/// the threshold is measured against: given in path order, a burst's first frame leads
/// (a camera numbers its frames in order).
package enum LikenessGroups {
  /// The default distance, in bits, within which a picture joins a group's leader:
  /// measured on the labelled set (`LikenessSetTests`: 20 bursts of 5 frames shifted up
  /// to 3 % and exposed ±1/3 to 1 EV, with their resized, re-encoded and exact copies,
  /// among 40 unrelated pictures of the same kinds of scene), where a burst's pairs sit at
  /// a median of 6 bits (95 % within 14) and unrelated pairs at 14 bits or more (99 % at
  /// 22 or more): at 12, precision 1.000 and recall 0.98 (at 10, 1.000 and 0.92; at 14,
  /// 1.000 and 0.98).
  package static let defaultThreshold = 12

  /// The groups of two or more of `hashes`' indices, largest first, then by their first
  /// index; each group's indices ascending, its leader first. O(n × groups) comparisons
  /// of two words each: 10,000 distinct pictures in about 50 ms.
  package static func groups(_ hashes: [PerceptualHash], within threshold: Int) -> [[Int]] {
    // The leaders' bits in an array of their own, apart from the members: the search
    // walks 8 bytes a leader, not a tuple holding an array: 10,000 distinct hashes
    // grouped about 7 times faster (measured in a debug build).
    var leaderBits: [UInt64] = []
    var members: [[Int]] = []
    for (index, hash) in hashes.enumerated() {
      let mine = hash.bits
      let found = leaderBits.withUnsafeBufferPointer { bits -> Int? in
        for leader in bits.indices where (bits[leader] ^ mine).nonzeroBitCount <= threshold {
          return leader
        }
        return nil
      }
      if let found {
        members[found].append(index)
      } else {
        leaderBits.append(mine)
        members.append([index])
      }
    }
    return members.filter { $0.count > 1 }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0[0] < $1[0] }
  }
}
