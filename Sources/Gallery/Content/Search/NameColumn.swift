/// The file names of a section's pictures in one buffer, for the words a query looks for
/// in names: a word tried on 100,000 pictures reads them one after another instead of
/// visiting each picture's box, which was most of a typed word's cost.
///
/// Holds the ASCII names only, which are most: a picture with a name of other letters
/// (or an escape) is answered by its `Picture`, whose name is folded as `NameFilter`
/// folds it.
struct NameColumn: Sendable {
  /// Each picture's names (its own file's, then its pair's files'), each followed by a
  /// zero byte, which no word holds; nothing for a picture with a name not in ASCII.
  private var bytes: [UInt8] = []
  /// Where each picture's names end in `bytes`, the next picture's start.
  private var ends: [Int] = []
  /// Whether each picture's names are all ASCII, so in `bytes`.
  private var inColumn: [Bool] = []

  /// The number of pictures.
  var count: Int { ends.count }

  /// The names of `pictures`, in their order. O(names' bytes).
  init(_ pictures: [Picture]) {
    bytes.reserveCapacity(pictures.count * 16)
    ends.reserveCapacity(pictures.count)
    inColumn.reserveCapacity(pictures.count)
    for picture in pictures {
      let start = bytes.count
      var ascii = append(picture.fileName)
      for companion in picture.companions where ascii { ascii = append(companion.fileName) }
      if !ascii { bytes.removeSubrange(start...) }
      ends.append(bytes.count)
      inColumn.append(ascii)
    }
  }

  private init() {}

  /// Appends `name` and its zero byte; false, leaving what it appended, when the name is
  /// not all ASCII.
  private mutating func append(_ name: String) -> Bool {
    for byte in name.utf8 {
      guard byte < 0x80, byte != 0 else { return false }
      bytes.append(byte)
    }
    bytes.append(0)
    return true
  }

  /// The names of the pictures at `offsets`, in that order. O(their bytes).
  func keeping(_ offsets: [Int]) -> NameColumn {
    var kept = NameColumn()
    kept.ends.reserveCapacity(offsets.count)
    kept.inColumn.reserveCapacity(offsets.count)
    for offset in offsets {
      let start = offset == 0 ? 0 : ends[offset - 1]
      kept.bytes.append(contentsOf: bytes[start..<ends[offset]])
      kept.ends.append(kept.bytes.count)
      kept.inColumn.append(inColumn[offset])
    }
    return kept
  }

  /// Whether `filter` matches a name of the picture at `offset`; nil when its names are
  /// not in the column (the picture's own must be asked).
  func matches(_ filter: NameFilter, at offset: Int) -> Bool? {
    guard inColumn[offset] else { return nil }
    let start = offset == 0 ? 0 : ends[offset - 1]
    return bytes.withUnsafeBufferPointer {
      filter.matches(asciiNames: UnsafeBufferPointer(rebasing: $0[start..<ends[offset]]))
    }
  }
}
