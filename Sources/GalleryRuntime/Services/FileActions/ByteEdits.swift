#if canImport(Glibc)
  import Glibc
#endif

/// The few bytes that take a rewritten file back to what it was: what a turn changed
/// (a tag's value, an added segment, an XMP digit), kept so undo gives the original
/// bytes back exactly, without keeping a copy of the file.
struct ByteEdits: Sendable, Hashable {
  /// A range of the rewritten file and the bytes it had before.
  struct Edit: Sendable, Hashable {
    let range: Range<Int>
    let old: [UInt8]
  }

  let edits: [Edit]
  /// The size of the file the edits apply to.
  let newSize: Int

  /// The most bytes kept: a rewrite that changed more is undone by rewriting again. A
  /// PNG turned by its pixels changes almost every byte, and a photograph's PNG of a few
  /// megabytes is kept whole.
  static let largest = 16 << 20
  /// Blocks compared at once: equal ones are passed over by `memcmp`.
  private static let block = 4096
  /// Differences closer than this are kept as one edit.
  private static let gap = 32

  /// The edits that take `new` back to `old`, or nil when they would hold more than
  /// `largest` bytes. Files of one size get an edit for each changed stretch; otherwise
  /// one edit spans from the first difference to the last, counted from each end.
  init?(from new: [UInt8], to old: [UInt8]) {
    var edits: [Edit] = []
    if new.count == old.count {
      // The stretches merged first, each sliced once: slicing at every merge would copy
      // a growing edit again and again.
      var merged: [Range<Int>] = []
      var kept = 0
      for range in Self.differences(new, old) {
        if let last = merged.last, range.lowerBound - last.upperBound < Self.gap {
          kept += range.upperBound - last.upperBound
          merged[merged.count - 1] = last.lowerBound..<range.upperBound
        } else {
          kept += range.count
          merged.append(range)
        }
        if kept > Self.largest { return nil }
      }
      edits = merged.map { Edit(range: $0, old: Array(old[$0])) }
    } else {
      let shorter = min(new.count, old.count)
      var prefix = 0
      while prefix < shorter, new[prefix] == old[prefix] { prefix += 1 }
      var suffix = 0
      while suffix < shorter - prefix, new[new.count - 1 - suffix] == old[old.count - 1 - suffix] {
        suffix += 1
      }
      guard old.count - prefix - suffix <= Self.largest else { return nil }
      edits = [
        Edit(range: prefix..<(new.count - suffix), old: Array(old[prefix..<(old.count - suffix)]))
      ]
    }
    self.edits = edits
    self.newSize = new.count
  }

  /// `new` taken back: nil when it is not the size the edits were made for.
  func undoing(_ new: [UInt8]) -> [UInt8]? {
    guard new.count == newSize else { return nil }
    var result = new
    // From the end, so each range still holds where it was made.
    for edit in edits.reversed() {
      guard edit.range.upperBound <= result.count else { return nil }
      result.replaceSubrange(edit.range, with: edit.old)
    }
    return result
  }

  /// The stretches where two arrays of one size differ, in order.
  private static func differences(_ first: [UInt8], _ second: [UInt8]) -> [Range<Int>] {
    first.withUnsafeBytes { one in
      second.withUnsafeBytes { two in
        guard let a = one.baseAddress, let b = two.baseAddress else { return [] }
        var ranges: [Range<Int>] = []
        var start = 0
        while start < one.count {
          let end = min(one.count, start + block)
          if memcmp(a + start, b + start, end - start) != 0 {
            var index = start
            while index < end {
              if one[index] != two[index] {
                var stop = index + 1
                while stop < end, one[stop] != two[stop] { stop += 1 }
                if let last = ranges.last, last.upperBound == index {
                  ranges[ranges.count - 1] = last.lowerBound..<stop
                } else {
                  ranges.append(index..<stop)
                }
                index = stop
              } else {
                index += 1
              }
            }
          }
          start = end
        }
        return ranges
      }
    }
  }
}
