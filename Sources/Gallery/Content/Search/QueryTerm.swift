import Pictures

/// One term of a query: a word looked for in the names, or a field's test
/// (`camera:x100v`, `iso>=3200`), perhaps negated (`-is:raw`).
package struct QueryTerm: Hashable, Sendable {
  /// What a term asks of a picture.
  enum Test: Hashable, Sendable {
    /// The word is in the file's name, or in the name of any file of its pair.
    case name(NameFilter)
    /// Any of the needles is in the field's text (`exactly`: is all of it).
    case text(QueryField, [FoldedNeedle], exactly: Bool)
    /// The field's number passes any of the tests.
    case number(QueryField, [NumberTest])
    /// The wall clock taken passes the comparison with any of the spans.
    case date(QueryComparison, [DateSpan])
    /// The picture is of any of the kinds.
    case kind([PictureKind])
    /// The details say any of these.
    case presence([DetailPresence])
    /// The picture has any of these colour labels.
    case label(ColorLabels)
  }

  let test: Test
  /// Whether the term leaves out what it matches (`-`).
  let isNegated: Bool
  /// The term as a query writes it: the same term reads back from it.
  package let rendered: String

  /// Whether it looks at the picture's details: a field of them, or `is:broken`.
  let readsDetails: Bool
  /// The field it tests, nil for a word looked for in names.
  package let field: QueryField?

  /// Whether it asks what was decided while culling: such a term is answered anew each
  /// time it is applied, never from a result kept.
  var readsDecision: Bool {
    switch test {
    case .kind(let kinds): kinds.contains(where: \.readsDecision)
    case .label, .number(.rating, _): true
    default: false
    }
  }

  /// The word looked for in names, nil for a field's test.
  var nameFilter: NameFilter? {
    if case .name(let filter) = test { filter } else { nil }
  }

  /// The term that runs `test`, negated or not, written as `rendered`. Its field is
  /// worked out here, once: a query asks for it at every picture.
  init(test: Test, isNegated: Bool, rendered: String) {
    self.test = test
    self.isNegated = isNegated
    self.rendered = rendered
    field =
      switch test {
      case .name: nil
      case .text(let field, _, _), .number(let field, _): field
      case .date: .date
      case .kind: .kind
      case .presence: .presence
      case .label: .label
      }
    if case .kind(let kinds) = test {
      readsDetails = kinds.contains(.broken)
    } else {
      readsDetails = field?.readsDetails ?? false
    }
  }
}
