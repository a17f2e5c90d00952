/// Pictures grouped by likeness: each group the pictures whose hashes are joined by a chain
/// of pairs at most `threshold` bits apart (single linkage, transitively).
///
/// Transitive rather than by a leader because a burst drifts: its first and last frames
/// can be farther apart than the threshold while each frame is near the one before; a
/// leader would split it. The price, a chain through unrelated pictures, is what the
/// threshold is measured against (the labelled set's precision).
package enum LikenessGroups {
  /// The default distance, in bits, within which two pictures are near copies: measured
  /// on the labelled set (`LikenessSetTests`: 20 bursts of 5 frames shifted up to 3 %
  /// and exposed ±1/3 to 1 EV, with their resized, re-encoded and exact copies, among 40
  /// unrelated pictures of the same kinds of scene), where a burst's pairs sit at a median
  /// of 6 bits (95 % within 14) and unrelated pairs at 14 bits or more (99 % at 22 or
  /// more). At 10, precision 1.000 and recall 0.971; at 12, 1.000 and 0.979; at 14,
  /// precision falls to 0.976. 10 leaves the most room for a library far larger than the
  /// set, whose many more pairs meet more chance likenesses.
  package static let defaultThreshold = 10

  /// The groups of two or more of `hashes`' indices, largest first, then by their first
  /// index; each group's indices ascending. O(n²) comparisons of two words each: 10,000
  /// pictures in about 50 ms.
  package static func groups(_ hashes: [PerceptualHash], within threshold: Int) -> [[Int]] {
    var parents = Array(hashes.indices)
    func root(_ index: Int) -> Int {
      var at = index
      while parents[at] != at {
        parents[at] = parents[parents[at]]
        at = parents[at]
      }
      return at
    }
    hashes.withUnsafeBufferPointer { bits in
      for one in bits.indices {
        let mine = bits[one].bits
        for other in (one + 1)..<bits.count
        where (mine ^ bits[other].bits).nonzeroBitCount <= threshold {
          let a = root(one)
          let b = root(other)
          if a != b { parents[max(a, b)] = min(a, b) }
        }
      }
    }
    var members: [Int: [Int]] = [:]
    for index in hashes.indices { members[root(index), default: []].append(index) }
    return members.values.filter { $0.count > 1 }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0[0] < $1[0] }
  }
}
