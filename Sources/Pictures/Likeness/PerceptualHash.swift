/// A picture's look in 64 bits: pictures alike in what they show have hashes a few bits
/// apart, whatever their size, compression or small changes of exposure.
///
/// Compared by the Hamming distance of the bits (`distance(to:)`), 0 for the same look,
/// 64 at most. Which hash fills the bits (a difference hash of neighbouring grey
/// levels, or a cosine-transform hash) is the maker's; hashes of different kinds are
/// never compared.
package struct PerceptualHash: Hashable, Sendable, Codable {
  /// The hash's 64 bits, as made.
  package let bits: UInt64

  package init(bits: UInt64) { self.bits = bits }

  /// How many of the 64 bits differ from `other`'s: 0 alike, 64 opposite. O(1).
  package func distance(to other: PerceptualHash) -> Int {
    (bits ^ other.bits).nonzeroBitCount
  }
}
