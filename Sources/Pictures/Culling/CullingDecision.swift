/// What a photographer decided about one picture while culling: its stars, whether it is
/// picked or rejected, and its colour labels.
///
/// The three are independent, as in Lightroom and digiKam: a rejected picture keeps its
/// stars, so unflagging it gives them back. Only XMP's `xmp:Rating` folds the reject into
/// the rating (−1); ``xmpRating`` and ``init(xmpRating:flag:labels:)`` convert.
package struct CullingDecision: Hashable, Sendable {
  /// Stars, 0 (unrated) to 5.
  package var rating: StarRating
  /// Picked, rejected or neither.
  package var flag: CullingFlag
  /// The colour labels set; darktable allows several at once, the others show the first.
  package var labels: ColorLabels

  /// No stars, no flag, no label: what a picture nobody has culled has.
  package static let undecided = CullingDecision(rating: .unrated, flag: .none, labels: [])

  package init(rating: StarRating, flag: CullingFlag, labels: ColorLabels) {
    self.rating = rating
    self.flag = flag
    self.labels = labels
  }

  /// Whether nothing at all was decided.
  package var isUndecided: Bool { self == .undecided }

  /// The value of `xmp:Rating`: −1 when rejected (the only reject every editor reads),
  /// else the stars.
  package var xmpRating: Int { flag == .rejected ? -1 : rating.stars }

  /// The decision an `xmp:Rating` says, with the flag and labels read elsewhere; −1 (or
  /// any negative value) is a reject, values above 5 are 5.
  package init(xmpRating: Int, flag: CullingFlag = .none, labels: ColorLabels = []) {
    if xmpRating < 0 {
      self.init(rating: .unrated, flag: .rejected, labels: labels)
    } else {
      self.init(rating: StarRating(clamping: xmpRating), flag: flag, labels: labels)
    }
  }
}

/// A rating of 0 (unrated) to 5 stars.
package struct StarRating: Hashable, Comparable, Sendable {
  /// 0 to 5.
  package let stars: Int

  /// No stars.
  package static let unrated = StarRating(clamping: 0)

  /// The rating of `stars`, held to 0…5.
  package init(clamping stars: Int) { self.stars = min(max(stars, 0), 5) }

  package static func < (lhs: StarRating, rhs: StarRating) -> Bool { lhs.stars < rhs.stars }
}

/// A pick or a reject: Lightroom's flags, digiKam's pick label.
package enum CullingFlag: Hashable, Sendable {
  case none
  case picked
  case rejected

  /// digiKam's `PickLabel`: 0 none, 1 rejected, 3 accepted (2, pending, is read as none).
  package var digiKamPickLabel: Int {
    switch self {
    case .none: 0
    case .rejected: 1
    case .picked: 3
    }
  }

  /// The flag a digiKam `PickLabel` names.
  package init(digiKamPickLabel: Int) {
    switch digiKamPickLabel {
    case 1: self = .rejected
    case 3: self = .picked
    default: self = .none
    }
  }
}
