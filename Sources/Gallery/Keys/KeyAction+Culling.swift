import Pictures

/// The actions of culling: stars, flags and colour labels, as Lightroom's keys give them.
extension KeyAction {
  /// The stars `rate N` gives; nil for another action.
  package var rating: StarRating? {
    switch self {
    case .rate0: StarRating(clamping: 0)
    case .rate1: StarRating(clamping: 1)
    case .rate2: StarRating(clamping: 2)
    case .rate3: StarRating(clamping: 3)
    case .rate4: StarRating(clamping: 4)
    case .rate5: StarRating(clamping: 5)
    default: nil
    }
  }

  /// The label `label NAME` puts on or takes off; nil for another action.
  package var colorLabel: ColorLabel? {
    switch self {
    case .labelRed: .red
    case .labelYellow: .yellow
    case .labelGreen: .green
    case .labelBlue: .blue
    case .labelPurple: .purple
    default: nil
    }
  }

  /// Whether it changes what was decided of pictures while culling: `favorite` too, a
  /// favourite being a decision (`FavoriteRule`).
  package var decides: Bool {
    rating != nil || colorLabel != nil || self == .reject || self == .pick || self == .unflag
      || self == .favorite
  }
}
