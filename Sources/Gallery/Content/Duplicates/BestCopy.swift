import FoundationEssentials
import Pictures

/// Which copy of a group of duplicates is the best, kept first: the one the user rated
/// or picked (a pick first, then the most stars), else the one of more files (a RAW+JPEG
/// pair before a JPEG exported from it: the pair holds the raw), else the largest in
/// pixels, else the oldest (taken, else modified); the path last, so the order never
/// depends on the order the pictures came in. A rejected copy comes after every other.
///
/// The photographer's own word wins over any measure: a copy rated 4 stars is the one
/// they chose, even when a larger copy was exported later. Then size, since a smaller
/// copy is most often a resized export or a thumbnail; then age, since the older file is
/// most often the original a copy was made from.
package struct BestCopy {
  /// The decision `picture` shows (its own, else its pair's).
  let decision: (Picture) -> CullingDecision
  /// How many pixels `picture` has, nil while its details are not read.
  let pixels: (Picture) -> Int?
  /// When `picture` was taken, else modified; nil when neither is known.
  let date: (Picture) -> Date?

  package init(
    decision: @escaping (Picture) -> CullingDecision,
    pixels: @escaping (Picture) -> Int?,
    date: @escaping (Picture) -> Date?
  ) {
    self.decision = decision
    self.pixels = pixels
    self.date = date
  }

  /// `pictures` best first. O(n log n).
  package func ordered(_ pictures: [Picture]) -> [Picture] {
    let keyed = pictures.map { picture in
      let decided = decision(picture)
      return (
        picture: picture, rejected: decided.flag == .rejected,
        picked: decided.flag == .picked, stars: decided.rating.stars,
        files: picture.companions.count,
        pixels: pixels(picture) ?? 0, date: date(picture) ?? .distantFuture
      )
    }
    return keyed.sorted { lhs, rhs in
      if lhs.rejected != rhs.rejected { return !lhs.rejected }
      if lhs.picked != rhs.picked { return lhs.picked }
      if lhs.stars != rhs.stars { return lhs.stars > rhs.stars }
      if lhs.files != rhs.files { return lhs.files > rhs.files }
      if lhs.pixels != rhs.pixels { return lhs.pixels > rhs.pixels }
      if lhs.date != rhs.date { return lhs.date < rhs.date }
      return lhs.picture.path < rhs.picture.path
    }.map(\.picture)
  }
}
