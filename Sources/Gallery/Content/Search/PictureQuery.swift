import Pictures

/// The filter (`/`) as a query: words looked for in the pictures' names, and fields of
/// what their files say (`camera:x100v iso>=3200 -is:raw date:2024-08`).
///
/// Parsed once when typed: a picture is shown when every term matches it (see
/// `QueryParser` for the words, `QueryField` for the fields, `PictureFacts` for a
/// picture whose details are not read yet). What cannot be used is in `problems`, each
/// with its place in the text and what was expected; a query with problems matches by
/// its sound terms only. Two queries of the same text are the same query.
package struct PictureQuery: Sendable {
  /// What was typed.
  package let text: String
  /// The terms that could be used, in the order typed.
  package let terms: [QueryTerm]
  /// What could not be used, in the order typed.
  package let problems: [QueryProblem]
  /// Whether the terms ask if a picture is marked or a favourite, so that nothing else is
  /// looked up for each picture.
  let needs: Needs
  /// The terms in the order they are tried: those that do not read the details first,
  /// so a picture they leave out costs no look-up of its details.
  let trials: [QueryTerm]
  /// The index in `trials` of the first term that reads the details.
  let firstReadingDetails: Int

  /// No filter: every picture shows.
  package static let none = PictureQuery("")

  /// The query `text` makes.
  package init(_ text: String) {
    let parsed = QueryParser.parse(text)
    self.init(text: text, terms: parsed.terms, problems: parsed.problems)
  }

  private init(text: String, terms: [QueryTerm], problems: [QueryProblem]) {
    self.text = text
    self.terms = terms
    self.problems = problems
    needs = Needs(terms)
    trials = terms.filter { !$0.readsDetails } + terms.filter(\.readsDetails)
    firstReadingDetails = trials.firstIndex(where: \.readsDetails) ?? trials.count
  }

  /// The terms left to try on pictures `base` matched: those `base` has not, as it writes
  /// them (a picture it matched passes every one of its terms). Matches every picture
  /// when `base` has them all, as the query typed after a space does.
  func remaining(after base: PictureQuery) -> PictureQuery {
    let passed = Set(base.terms.map(\.rendered))
    guard !passed.isEmpty else { return self }
    return PictureQuery(
      text: text, terms: terms.filter { !passed.contains($0.rendered) }, problems: problems)
  }

  /// Whether nothing was typed.
  package var isEmpty: Bool { text.isEmpty }

  /// Whether every picture matches: no term could be used.
  package var matchesEverything: Bool { terms.isEmpty }

  /// Whether a term reads the pictures' details: what it shows changes as they arrive.
  package var readsDetails: Bool { firstReadingDetails < trials.count }

  /// Whether a term looks for a word in the pictures' names.
  var readsNames: Bool { trials.contains { $0.nameFilter != nil } }

  /// The sound terms as a query writes them, one space apart: parsed, the same terms and
  /// no problem.
  package var rendered: String { terms.map(\.rendered).joined(separator: " ") }

  /// What the terms ask of the state about a picture.
  struct Needs: Hashable, Sendable {
    var marks = false
    var favorites = false
    /// Whether a term asks what was decided while culling (`is:rejected`, `rating>=3`,
    /// `label:red`).
    var decisions = false

    init(_ terms: [QueryTerm]) {
      for term in terms {
        if case .kind(let kinds) = term.test {
          marks = marks || kinds.contains(.marked)
          favorites = favorites || kinds.contains(.favourite)
          decisions = decisions || kinds.contains(where: \.readsDecision)
        }
        decisions = decisions || term.readsDecision
      }
    }
  }
}

extension PictureQuery: Hashable {
  package static func == (left: PictureQuery, right: PictureQuery) -> Bool {
    left.text == right.text
  }

  package func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
