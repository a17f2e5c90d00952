import Pictures

/// What makes a picture a favourite: a decision of its own, kept in its sidecar as every
/// other (`favorites = picks`, the default, or `favorites = rating>=4`).
///
/// A favourite is a view of the culling decisions, not a list of its own: the Favourites
/// section shows the pictures whose decision the rule includes, and `f` writes the
/// decision that makes (or unmakes) one, as `P` or `4` would.
package enum FavoriteRule: Hashable, Sendable {
  /// Picked pictures (`P`).
  case picks
  /// Pictures with at least these stars (1 to 5), not rejected.
  case rating(atLeast: Int)

  /// The stars a rule may ask for.
  package static let stars = 1...5

  /// The rule `word` names (`picks`, `rating>=4`), nil for none.
  package init?(word: String) {
    if word == "picks" {
      self = .picks
      return
    }
    guard word.hasPrefix("rating>="), let stars = Int(word.dropFirst("rating>=".count)),
      Self.stars.contains(stars)
    else { return nil }
    self = .rating(atLeast: stars)
  }

  /// The word the configuration file writes it as: `picks`, `rating>=4`.
  package var word: String {
    switch self {
    case .picks: "picks"
    case .rating(let stars): "rating>=\(stars)"
    }
  }

  /// Whether a picture with `decision` is a favourite. A rejected picture never is: it
  /// keeps its stars, but the reject says it is not wanted.
  package func includes(_ decision: CullingDecision) -> Bool {
    switch self {
    case .picks: decision.flag == .picked
    case .rating(let stars): decision.flag != .rejected && decision.rating.stars >= stars
    }
  }

  /// The decision that makes a picture with `decision` a favourite, changing as little
  /// as it can: a pick (in place of a reject); or the stars asked for when it has fewer,
  /// the reject taken off. Stars and labels stay. Of a favourite, itself.
  package func made(_ decision: CullingDecision) -> CullingDecision {
    guard !includes(decision) else { return decision }
    var made = decision
    switch self {
    case .picks:
      made.flag = .picked
    case .rating(let stars):
      if made.flag == .rejected { made.flag = .none }
      made.rating = max(made.rating, StarRating(clamping: stars))
    }
    return made
  }

  /// The decision that takes a favourite back: the pick taken off; or one star fewer
  /// than the rule asks (none for `rating>=1`). Of a picture that is not one, itself.
  package func unmade(_ decision: CullingDecision) -> CullingDecision {
    guard includes(decision) else { return decision }
    var unmade = decision
    switch self {
    case .picks: unmade.flag = .none
    case .rating(let stars): unmade.rating = StarRating(clamping: stars - 1)
    }
    return unmade
  }

  /// What a favourite is, in the status line's words: `picked`, `rated 4 stars or more`.
  package var meaning: String {
    switch self {
    case .picks: "picked"
    case .rating(let stars):
      stars == 5 ? "rated 5 stars" : "rated \(stars) \(stars == 1 ? "star" : "stars") or more"
    }
  }
}
