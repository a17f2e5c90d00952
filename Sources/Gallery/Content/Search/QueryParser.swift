/// Reads a query's text into terms and problems (`PictureQuery.init`).
///
/// A word is a field term when it starts with letters and an operator outside quotes
/// (`iso>=3200`, `lens:"XF 35"`), else a word looked for in names (`12:30` and
/// `"iso>=3"` are names). A `-` before a term negates it; `|` between values outside
/// quotes makes alternatives (`is:raw|video`). Every word that cannot be used gives a
/// problem and no term.
enum QueryParser {
  /// The terms and problems of `text`, in the order they were typed.
  static func parse(_ text: String) -> (terms: [QueryTerm], problems: [QueryProblem]) {
    var terms: [QueryTerm] = []
    var problems: [QueryProblem] = []
    for word in QueryWord.words(of: text) {
      switch term(word) {
      case .success(let term?): terms.append(term)
      case .success(nil): break
      case .failure(let problem): problems.append(problem)
      }
    }
    return (terms, problems)
  }

  /// The term `word` makes; nil for an empty one (`""`), which asks nothing.
  private static func term(_ word: QueryWord) -> Result<QueryTerm?, QueryProblem> {
    var letters = word.letters
    var negated = false
    if letters.first?.isBare("-") == true {
      guard letters.count > 1 else {
        return .failure(
          QueryProblem("- wants a term right after it, as in -is:raw", at: word.range))
      }
      negated = true
      letters = letters.dropFirst()
    }
    let name = letters.prefix(while: \.isBareLetter)
    let rest = letters.dropFirst(name.count)
    guard !name.isEmpty, let comparison = comparison(at: rest) else {
      let text = QueryWord.text(letters)
      guard !text.isEmpty else { return .success(nil) }
      return .success(
        QueryTerm(
          test: .name(NameFilter(text)), isNegated: negated,
          rendered: (negated ? "-" : "") + QueryWord.quoted(text, asName: true)))
    }
    let fieldName = QueryWord.text(name)
    guard let field = QueryField(named: fieldName) else {
      return .failure(
        QueryProblem(
          QueryField.unknown(fieldName), at: QueryWord.range(of: name, or: word.range)))
    }
    let operatorLetters = rest.prefix(comparison.rawValue.count)
    guard field.comparisons.contains(comparison) else {
      return .failure(
        QueryProblem(
          field.refuses(comparison), at: QueryWord.range(of: operatorLetters, or: word.range)))
    }
    let value = rest.dropFirst(comparison.rawValue.count)
    // Each value between `|`, and where it would be when it is empty: after the
    // operator or the `|` before it.
    var alternatives: [FieldValues.Alternative] = []
    var start = value.startIndex
    var after = operatorLetters.last?.range.upperBound ?? word.range.upperBound
    for index in value.indices where value[index].isBare("|") {
      alternatives.append(.init(letters: value[start..<index], place: after..<after))
      start = index + 1
      after = value[index].range.upperBound
    }
    alternatives.append(.init(letters: value[start...], place: after..<after))
    switch FieldValues.test(field, comparison, alternatives) {
    case .failure(let problem): return .failure(problem)
    case .success(let test):
      let values = alternatives.map {
        QueryWord.quoted(QueryWord.text($0.letters), asName: false)
      }
      let rendered =
        (negated ? "-" : "") + field.rawValue + comparison.rawValue
        + values.joined(separator: "|")
      return .success(QueryTerm(test: test, isNegated: negated, rendered: rendered))
    }
  }

  /// The operator `letters` start with, outside quotes: `<=` and `>=` before `<` and `>`.
  private static func comparison(at letters: ArraySlice<QueryWord.Letter>) -> QueryComparison? {
    guard let first = letters.first, !first.isQuoted else { return nil }
    let twoCharacters = letters.dropFirst().first?.isBare("=") ?? false
    switch first.scalar {
    case ":": return .matches
    case "=": return .equals
    case "<": return twoCharacters ? .lessOrEqual : .less
    case ">": return twoCharacters ? .greaterOrEqual : .greater
    default: return nil
    }
  }
}
