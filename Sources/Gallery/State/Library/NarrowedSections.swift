import Pictures

/// Shown sections narrowed by a query, with what the search reads of their pictures in
/// the same places (`SearchColumns`): what the next query typed reads instead of looking
/// each picture's details up by its path again and visiting each picture for its name,
/// which were most of the cost of a query over 100,000 pictures.
struct NarrowedSections {
  /// The sections with pictures that match, in their order; a section left empty is
  /// left out.
  var sections: [LibrarySection]
  /// What the search reads of `sections`' pictures, as much as the base had or the query
  /// laid out.
  var columns: [SearchColumns]?
  /// Where `sections`' pictures were among the base's, all sections' pictures counted
  /// one after another: what the base's snapshot is narrowed by.
  var positions: [Int] = []
  /// Whether every picture of the sections narrowed matched, and every section stays.
  var keptEverything: Bool
  /// What the search reads of the base's pictures, when the query laid out some of it:
  /// to be kept with the base.
  var baseColumns: [SearchColumns]?

  /// Narrows `base`, what `baseQuery` showed, of whose pictures `given` was laid out, by
  /// `query`; `lookUp` gives a picture's details (its own file's, else the first of its
  /// pair's that has them), `isMarked`, `isFavorite` and `decision` what the user made of
  /// it. Only the terms `baseQuery` has not are tried. O(pictures × terms), O(sections)
  /// when `baseQuery` has every term.
  init(
    _ base: [LibrarySection], of baseQuery: PictureQuery, columns given: [SearchColumns]?,
    by query: PictureQuery, lookUp: (Picture) -> PictureDetails?,
    isMarked: (Picture) -> Bool, isFavorite: (Picture) -> Bool,
    decision: (Picture) -> CullingDecision = { _ in .undecided }
  ) {
    let query = query.remaining(after: baseQuery)
    guard !query.matchesEverything else {
      sections = base
      columns = given
      keptEverything = true
      baseColumns = nil
      return
    }
    // Laid out once for a result, then kept with it: the next queries read them.
    var known = given ?? base.map { SearchColumns(count: $0.pictures.count) }
    var laidOut = false
    for index in base.indices {
      laidOut = known[index].layOut(for: query, of: base[index].pictures, lookUp: lookUp) || laidOut
    }
    baseColumns = laidOut ? known : nil
    sections = []
    sections.reserveCapacity(base.count)
    columns = []
    columns?.reserveCapacity(base.count)
    positions.reserveCapacity(base.reduce(0) { $0 + $1.pictures.count })
    keptEverything = true
    var start = 0
    for (index, section) in base.enumerated() {
      defer { start += section.pictures.count }
      // An empty folder shows with no filter, never with one.
      guard !section.pictures.isEmpty else {
        keptEverything = false
        continue
      }
      let column = known[index]
      let kept = query.offsetsMatching(
        section.pictures,
        details: { column.details?[$0] ?? lookUp(section.pictures[$0]) },
        columns: column, isMarked: isMarked, isFavorite: isFavorite, decision: decision)
      guard let kept else {
        sections.append(section)
        columns?.append(column)
        positions.append(contentsOf: start..<start + section.pictures.count)
        continue
      }
      keptEverything = false
      guard !kept.isEmpty else { continue }
      positions.append(contentsOf: kept.lazy.map { start + $0 })
      sections.append(section.with(pictures: kept.map { section.pictures[$0] }))
      columns?.append(column.keeping(kept))
    }
  }
}
