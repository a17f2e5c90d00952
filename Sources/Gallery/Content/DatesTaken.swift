import Foundation

/// Dates read from pictures' files in the background: when each was taken, and the files
/// read that say none. What the runtime's reader of dates delivers; the state takes
/// pictures' details instead (`PictureDetailsBatch`), and this goes with that reader.
///
/// The two together tell a picture still waiting for its date (it is in neither) from
/// one that has none to give (a screenshot, a GIF): the timeline keeps the second in its
/// section of pictures without a date, for good.
package struct DatesTaken: Hashable, Sendable, ExpressibleByDictionaryLiteral {
  /// When each picture was taken, by path.
  package var dates: [String: Date]
  /// The paths read that carry no date.
  package var undated: [String]

  package init(dates: [String: Date] = [:], undated: [String] = []) {
    self.dates = dates
    self.undated = undated
  }

  /// Dates by path, none undated.
  package init(dictionaryLiteral elements: (String, Date)...) {
    self.init(dates: Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  /// Whether the batch says nothing.
  package var isEmpty: Bool { dates.isEmpty && undated.isEmpty }

  /// How many files the batch answers for.
  package var count: Int { dates.count + undated.count }
}
