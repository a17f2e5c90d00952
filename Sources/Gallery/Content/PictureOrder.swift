import FoundationEssentials
import Pictures

/// The order of the pictures in each section (`s` cycles the key, `S` reverses it).
///
/// Ties, and pictures without the key's value, fall back to the natural order of their
/// names, so every order is total and the same on every run.
package struct PictureOrder: Hashable, Sendable {
  /// What the pictures are sorted by.
  package enum Key: String, CaseIterable, Sendable {
    /// File names in natural order (`img2` before `img10`): the scan's own order.
    case name
    /// The EXIF date the picture was taken, else its modification time.
    case dateTaken = "date-taken"
    /// The file's modification time.
    case modified
    /// The file's size.
    case size
    /// The stars given while culling, a rejected picture below an unrated one.
    case rating
    /// The sharpness measured of each picture (`Sharpness`), the least sharp first; those
    /// not measured yet before them all, in the order of their names.
    case sharpness

    /// The next key of the cycle: name, date taken, modified, size, rating, sharpness,
    /// name.
    package var next: Key {
      let all = Self.allCases
      let index = all.firstIndex(of: self) ?? 0
      return all[(index + 1) % all.count]
    }

    /// How the status line names it.
    package var label: String {
      switch self {
      case .name: "name"
      case .dateTaken: "date taken"
      case .modified: "modified"
      case .size: "size"
      case .rating: "rating"
      case .sharpness: "sharpness"
      }
    }
  }

  package var key: Key
  /// Largest (latest, last name) first.
  package var isReversed: Bool

  /// By name, A to Z: the order folders are scanned in.
  package static let standard = PictureOrder(key: .name, isReversed: false)

  package init(key: Key, isReversed: Bool = false) {
    self.key = key
    self.isReversed = isReversed
  }

  /// `size ↓` or `name ↑`, for the status line.
  package func label(unicode: Bool) -> String {
    key.label + (isReversed ? (unicode ? " ↓" : " desc") : (unicode ? " ↑" : " asc"))
  }

  /// `pictures`, given in natural order of their names, in this order; `datesTaken` are
  /// the EXIF dates known so far, by path, `decision` what was decided of a picture
  /// while culling, `sharpness` what was measured of it. O(n log n); O(n) by name.
  func sorted(
    _ pictures: [Picture], datesTaken: [String: Date],
    decision: (Picture) -> CullingDecision = { _ in .undecided },
    sharpness: (Picture) -> Double? = { _ in nil }
  ) -> [Picture] {
    var result: [Picture]
    switch key {
    case .name:
      result = pictures
    case .dateTaken:
      result = Self.stableSorted(pictures) {
        datesTaken[$0.path] ?? $0.modificationDate ?? .distantPast
      }
    case .modified:
      // A file whose time is unknown sorts as the oldest.
      result = Self.stableSorted(pictures) { $0.modificationDate ?? .distantPast }
    case .size:
      result = Self.stableSorted(pictures) { $0.totalByteSize }
    case .rating:
      // As `xmp:Rating` counts: a reject is −1, below the unrated.
      result = Self.stableSorted(pictures) { decision($0).xmpRating }
    case .sharpness:
      result = Self.stableSorted(pictures) { sharpness($0) ?? -1 }
    }
    if isReversed { result.reverse() }
    return result
  }

  /// Sorted by `value`, equal values keeping their order (the natural order of names).
  private static func stableSorted<Value: Comparable>(
    _ pictures: [Picture], by value: (Picture) -> Value
  ) -> [Picture] {
    let keyed = pictures.enumerated().map { (value: value($0.element), index: $0.offset) }
    return keyed.sorted { $0.value != $1.value ? $0.value < $1.value : $0.index < $1.index }
      .map { pictures[$0.index] }
  }
}
