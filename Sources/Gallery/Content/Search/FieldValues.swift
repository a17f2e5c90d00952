import Pictures

/// A field term's values read into its test, or the problem with the first that cannot
/// be read (`QueryParser`).
enum FieldValues {
  /// One of the values between `|`: its letters, and where it is in the text when it has
  /// none.
  struct Alternative {
    let letters: ArraySlice<QueryWord.Letter>
    let place: Range<String.Index>
  }

  /// The test `field` with `comparison` makes of `alternatives`.
  static func test(
    _ field: QueryField, _ comparison: QueryComparison, _ alternatives: [Alternative]
  ) -> Result<QueryTerm.Test, QueryProblem> {
    var texts: [Substring] = []
    for alternative in alternatives {
      let text = QueryWord.text(alternative.letters)
      let range = QueryWord.range(of: alternative.letters, or: alternative.place)
      guard !text.isEmpty else { return .failure(QueryProblem(field.expected, at: range)) }
      if comparison.orders, field.takesRanges, isRange(text, field) {
        let example = field == .date ? "date:2023..2024" : "focal:24-70"
        return .failure(QueryProblem("a range goes after : or =, as in \(example)", at: range))
      }
      guard valid(text[...], field) else {
        return .failure(QueryProblem(field.expected, at: range))
      }
      texts.append(text[...])
    }
    return .success(test(field, comparison, texts))
  }

  /// Whether `text` is a range of `field`'s values.
  private static func isRange(_ text: String, _ field: QueryField) -> Bool {
    field == .date ? DateSpan.isRange(text[...]) : text.contains("-") || text.contains("..")
  }

  /// Whether `text` is a value `field` can read.
  private static func valid(_ text: Substring, _ field: QueryField) -> Bool {
    switch field {
    case .camera, .lens:
      !FoldedNeedle(String(text), ignoringSeparators: true, wholeNumbers: true).bytes.isEmpty
    case .place: true
    case .label: ColorLabel(xmpLabel: String(text)) != nil
    case .kind: PictureKind(named: String(text)) != nil
    case .presence: DetailPresence(named: String(text)) != nil
    case .date: DateSpan(text) != nil
    case .iso, .aperture, .focalLength, .shutter, .width, .height, .rating:
      numbers(text, field) != nil
    }
  }

  /// The number or the two ends of a range `text` gives `field`, nil when it gives none.
  private static func numbers(_ text: Substring, _ field: QueryField) -> (Double, Double?)? {
    let ends = ends(of: text)
    guard let low = number(ends.0, field) else { return nil }
    guard let highText = ends.1 else { return (low, nil) }
    guard let high = number(highText, field) else { return nil }
    return (low, high)
  }

  /// `text` around its `..` or `-`, or itself and nil.
  private static func ends(of text: Substring) -> (Substring, Substring?) {
    if let dots = text.firstRange(of: "..") {
      return (text[..<dots.lowerBound], text[dots.upperBound...])
    }
    if let dash = text.firstIndex(of: "-") {
      return (text[..<dash], text[text.index(after: dash)...])
    }
    return (text, nil)
  }

  private static func number(_ text: Substring, _ field: QueryField) -> Double? {
    switch field {
    case .iso, .width, .height: QueryNumber.whole(text)
    case .rating: QueryNumber.whole(text).flatMap { $0 <= 5 ? $0 : nil }
    case .aperture: QueryNumber.decimal(text)
    case .focalLength: QueryNumber.decimal(text, unit: "mm")
    case .shutter: QueryNumber.seconds(text)
    default: nil
    }
  }

  /// The test of values already found readable.
  private static func test(
    _ field: QueryField, _ comparison: QueryComparison, _ texts: [Substring]
  ) -> QueryTerm.Test {
    switch field {
    case .camera, .lens:
      return .text(
        field,
        texts.map { FoldedNeedle(String($0), ignoringSeparators: true, wholeNumbers: true) },
        exactly: comparison == .equals)
    case .place:
      return .text(
        field,
        texts.map { FoldedNeedle(String($0), ignoringSeparators: false, wholeNumbers: false) },
        exactly: false)
    case .kind: return .kind(texts.compactMap { PictureKind(named: String($0)) })
    case .presence: return .presence(texts.compactMap { DetailPresence(named: String($0)) })
    case .label:
      return .label(
        ColorLabels(texts.compactMap { ColorLabel(xmpLabel: String($0))?.set }))
    case .date: return .date(comparison, texts.compactMap { DateSpan($0) })
    case .iso, .aperture, .focalLength, .shutter, .width, .height, .rating:
      let scale: NumberScale =
        switch field {
        case .aperture: .tenths
        case .shutter: .exposureTime
        default: .whole
        }
      return .number(
        field,
        texts.compactMap { text in
          numbers(text, field).map { NumberTest(comparison, $0.0, to: $0.1, scale: scale) }
        })
    }
  }
}
