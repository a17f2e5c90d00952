/// Natural ordering of names, as people sort files: `img2` before `img10`.
///
/// Accented letters fold case but are not collated by locale: they sort by their
/// UTF-8 bytes, after the ASCII letters.
///
/// Letters compare case-insensitively (Unicode lowercase), runs of digits compare by
/// their value (leading zeros ignored), everything else by UTF-8 bytes. Names equal
/// under those rules fall back to plain byte order, so the order is total and the same
/// on every run.
package enum NaturalOrder {
  /// Whether `lhs` sorts before `rhs`.
  package static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
    NaturalSortKey(lhs) < NaturalSortKey(rhs)
  }

  /// Sorts `elements` by the natural order of `name`; each name's key is built once,
  /// so this is O(n log n) comparisons of prepared byte arrays.
  package static func sorted<Element>(_ elements: [Element], by name: (Element) -> String)
    -> [Element]
  {
    let keyed = elements.map { (key: NaturalSortKey(name($0)), element: $0) }
    return keyed.sorted { $0.key < $1.key }.map(\.element)
  }
}

/// A name prepared for natural comparison: its case-folded bytes and its original bytes.
package struct NaturalSortKey: Comparable, Sendable {
  private let folded: [UInt8]
  private let original: [UInt8]

  /// Prepares `name`; ASCII names are folded without going through Unicode tables.
  package init(_ name: String) {
    original = Array(name.utf8)
    if original.allSatisfy({ $0 < 0x80 }) {
      folded = original.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    } else {
      folded = Array(name.lowercased().utf8)
    }
  }

  package static func < (lhs: NaturalSortKey, rhs: NaturalSortKey) -> Bool {
    let order = compareNatural(lhs.folded, rhs.folded)
    if order != 0 { return order < 0 }
    return lhs.original.lexicographicallyPrecedes(rhs.original)
  }

  package static func == (lhs: NaturalSortKey, rhs: NaturalSortKey) -> Bool {
    lhs.original == rhs.original
  }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

/// -1, 0 or 1 as `a` sorts before, with or after `b`, digit runs by value.
private func compareNatural(_ a: [UInt8], _ b: [UInt8]) -> Int {
  var i = 0
  var j = 0
  while i < a.count, j < b.count {
    if isDigit(a[i]), isDigit(b[j]) {
      var aStart = i
      var bStart = j
      while aStart < a.count, a[aStart] == 0x30 { aStart += 1 }
      while bStart < b.count, b[bStart] == 0x30 { bStart += 1 }
      var aEnd = aStart
      var bEnd = bStart
      while aEnd < a.count, isDigit(a[aEnd]) { aEnd += 1 }
      while bEnd < b.count, isDigit(b[bEnd]) { bEnd += 1 }
      // More significant digits means a larger value; equal lengths compare digit by digit.
      let aLength = aEnd - aStart
      let bLength = bEnd - bStart
      if aLength != bLength { return aLength < bLength ? -1 : 1 }
      var k = 0
      while k < aLength {
        if a[aStart + k] != b[bStart + k] { return a[aStart + k] < b[bStart + k] ? -1 : 1 }
        k += 1
      }
      i = aEnd
      j = bEnd
    } else {
      if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
      i += 1
      j += 1
    }
  }
  if i < a.count { return 1 }
  if j < b.count { return -1 }
  return 0
}
