/// Something in the filter's text the query could not use: the text it concerns and a
/// sentence saying what was expected there.
///
/// A query with problems matches by its sound terms only; the prompt shows the first
/// problem as it is typed, so nothing typed is ignored without a word.
package struct QueryProblem: Error, Hashable, Sendable {
  /// The part of the query's text it concerns (an unknown field's name, a value, an
  /// operator); empty where something is missing at the end.
  package let range: Range<String.Index>
  /// What was expected, as in `iso wants a whole number, as in iso>=3200`.
  package let message: String

  package init(_ message: String, at range: Range<String.Index>) {
    self.range = range
    self.message = message
  }
}
