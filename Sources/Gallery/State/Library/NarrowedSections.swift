import Pictures

/// Shown sections narrowed by a query, with the details of their pictures in the same
/// places: what the next query typed reads instead of looking each picture's details up
/// by its path again, which was most of the cost of a query over 100,000 pictures.
struct NarrowedSections {
  /// The sections with pictures that match, in their order; a section left empty is
  /// left out.
  var sections: [LibrarySection]
  /// The details of each of `sections`' pictures (its own file's, else the first of its
  /// pair's that has them), when the query read them.
  var details: [[PictureDetails?]]?
  /// Whether every picture of the sections narrowed matched, and every section stays.
  var keptEverything: Bool
  /// The details of the sections narrowed, looked up when the query read them and they
  /// were not given.
  var baseDetails: [[PictureDetails?]]?

  /// Narrows `base`, what `baseQuery` showed, whose pictures' details are `given` when
  /// known, by `query`; `lookUp` gives a picture's details otherwise, `isMarked`,
  /// `isFavorite` and `decision` what the user made of it. Only the terms `baseQuery` has not are
  /// tried. O(pictures × terms), O(sections) when `baseQuery` has every term.
  init(
    _ base: [LibrarySection], of baseQuery: PictureQuery, details given: [[PictureDetails?]]?,
    by query: PictureQuery, lookUp: (Picture) -> PictureDetails?,
    isMarked: (Picture) -> Bool, isFavorite: (Picture) -> Bool,
    decision: (Picture) -> CullingDecision = { _ in .undecided }
  ) {
    let query = query.remaining(after: baseQuery)
    guard !query.matchesEverything else {
      sections = base
      details = given
      keptEverything = true
      baseDetails = nil
      return
    }
    let known: [[PictureDetails?]]?
    // Looked up once for a result, then kept with it: the next queries read them.
    if given == nil && query.readsDetails {
      known = base.map { $0.pictures.map(lookUp) }
      baseDetails = known
    } else {
      known = given
      baseDetails = nil
    }
    sections = []
    details = known == nil ? nil : []
    keptEverything = true
    for (index, section) in base.enumerated() {
      // An empty folder shows with no filter, never with one.
      guard !section.pictures.isEmpty else {
        keptEverything = false
        continue
      }
      let column = known?[index]
      let kept = query.offsetsMatching(
        section.pictures,
        details: { column?[$0] ?? lookUp(section.pictures[$0]) },
        isMarked: isMarked, isFavorite: isFavorite, decision: decision)
      guard let kept else {
        sections.append(section)
        if let column { details?.append(column) }
        continue
      }
      keptEverything = false
      guard !kept.isEmpty else { continue }
      sections.append(section.with(pictures: kept.map { section.pictures[$0] }))
      if let column { details?.append(kept.map { column[$0] }) }
    }
  }
}
