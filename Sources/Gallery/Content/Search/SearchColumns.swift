import Pictures

/// What a query reads of each picture of one shown section, laid out in the pictures'
/// places: their details, their names, and the fields of details a query has tested.
/// Laid out once for a result, narrowed with its pictures, and read by the next query
/// typed instead of each picture's box and each picture's details looked up by its path:
/// a term answered from a column never visits the pictures.
struct SearchColumns: Sendable {
  /// The number of pictures.
  let count: Int
  /// Each picture's details (its own file's, else the first of its pair's that has
  /// them), once laid out.
  private(set) var details: DetailsColumn?
  /// The pictures' names, once laid out.
  private(set) var names: NameColumn?
  /// Whether each picture's details are read, laid out with the first field.
  private(set) var hasDetails: [Bool]?
  /// The numbers of the fields tested (`iso`, `f`…), nil where a picture has none.
  private(set) var numbers: [QueryField: [Double?]] = [:]
  /// The wall clock each picture was taken at, once a date was tested.
  private(set) var wallClocks: [Int64?]?
  /// The cameras and lenses, once tested.
  private(set) var texts: [QueryField: TextColumn] = [:]

  /// Nothing laid out yet for `count` pictures.
  init(count: Int) { self.count = count }

  /// The details and names of `pictures`, their details given by `lookUp`.
  /// The cameras, lenses and dates, the fields a search most often starts with, are laid
  /// out too: they cost a few bytes a picture.
  init(_ pictures: [Picture], lookUp: (Picture) -> PictureDetails?) {
    count = pictures.count
    let details = DetailsColumn(pictures.map(lookUp))
    self.details = details
    names = NameColumn(pictures)
    hasDetails = details.map { $0 != nil }
    wallClocks = details.map { $0?.taken?.wallClock }
    texts = [.camera: TextColumn(.camera, of: details), .lens: TextColumn(.lens, of: details)]
  }

  /// Lays out what `query` reads and is missing for `pictures`, the section's pictures.
  ///
  /// - Returns: whether anything was laid out.
  mutating func layOut(
    for query: PictureQuery, of pictures: [Picture], lookUp: (Picture) -> PictureDetails?
  ) -> Bool {
    var laidOut = false
    if query.readsDetails && details == nil {
      details = DetailsColumn(pictures.map(lookUp))
      laidOut = true
    }
    if query.readsNames && names == nil {
      names = NameColumn(pictures)
      laidOut = true
    }
    guard let details else { return laidOut }
    for term in query.trials where term.readsDetails {
      switch term.test {
      case .number(let field, _) where numbers[field] == nil:
        numbers[field] = details.map { QueryTerm.number(field, of: $0) }
      case .date where wallClocks == nil:
        wallClocks = details.map { $0?.taken?.wallClock }
      case .text(let field, _, _) where field != .place && texts[field] == nil:
        texts[field] = TextColumn(field, of: details)
      default:
        continue
      }
      if hasDetails == nil { hasDetails = details.map { $0 != nil } }
      laidOut = true
    }
    return laidOut
  }

  /// What is laid out of the pictures at `offsets`, in that order.
  func keeping(_ offsets: [Int]) -> SearchColumns {
    var kept = SearchColumns(count: offsets.count)
    kept.details = details?.keeping(offsets)
    kept.names = names?.keeping(offsets)
    kept.hasDetails = hasDetails.map { column in offsets.map { column[$0] } }
    kept.numbers = numbers.mapValues { column in offsets.map { column[$0] } }
    kept.wallClocks = wallClocks.map { column in offsets.map { column[$0] } }
    kept.texts = texts.mapValues { $0.keeping(offsets) }
    return kept
  }

  /// `term` answered from the columns: whether the picture at an offset passes, nil when
  /// it must be asked of the picture itself (a name not in ASCII). Nil when the columns
  /// `term` reads are not laid out.
  func test(for term: QueryTerm) -> ((Int) -> Bool?)? {
    let isNegated = term.isNegated
    // Only names and details are laid out: a term on anything else asks the picture.
    guard term.readsDetails || term.nameFilter != nil else { return nil }
    switch term.test {
    case .name(let filter):
      guard let names else { return nil }
      return { offset in names.matches(filter, at: offset).map { $0 != isNegated } }
    case .number(let field, let tests):
      guard let values = numbers[field], let hasDetails else { return nil }
      return { offset in
        // As `QueryTerm.matcher()`: a picture whose details are not read passes no test.
        guard hasDetails[offset] else { return false }
        let passes = values[offset].map { value in tests.contains { $0.holds(value) } }
        return (passes ?? false) != isNegated
      }
    case .date(let comparison, let spans):
      guard let wallClocks, let hasDetails else { return nil }
      return { offset in
        guard hasDetails[offset] else { return false }
        let passes = wallClocks[offset].map { wallClock in
          spans.contains { $0.holds(wallClock, comparison) }
        }
        return (passes ?? false) != isNegated
      }
    case .text(let field, let needles, let exactly):
      guard let column = texts[field], let hasDetails else { return nil }
      let passes = column.answer { details in
        needles.contains { QueryTerm.text(field, of: details, has: $0, exactly: exactly) }
      }
      return { offset in hasDetails[offset] ? passes(offset) != isNegated : false }
    default:
      return nil
    }
  }
}
