/// Why a template cannot be used, in words that say what to write instead.
package enum ImportTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A field in braces the gallery does not know (`{yyy}`).
  case unknownField(String, template: String)
  /// A `{` with no `}` after it.
  case unclosedBrace(template: String)
  /// A `}` with no `{` before it.
  case strayBrace(template: String)
  /// Nothing at all.
  case empty(kind: ImportTemplate.Kind)
  /// A `/` in a file's name.
  case slashInName(template: String)
  /// Folders starting at `/`: they go under the destination.
  case absoluteFolder(template: String)
  /// A folder written `.`, `..` or nothing (`a//b`).
  case badFolder(String, template: String)

  /// The fields a template may hold, as the message lists them.
  static let known = ImportTemplate.Field.allCases.map { "{\($0.rawValue)}" }.joined(
    separator: ", ")

  package var description: String {
    switch self {
    case .unknownField(let field, let template):
      "unknown field {\(field)} in the template '\(template)' (the fields are \(Self.known))"
    case .unclosedBrace(let template):
      "the template '\(template)' opens a field with { that no } closes"
    case .strayBrace(let template):
      "the template '\(template)' has a } that closes no field"
    case .empty(let kind):
      kind == .name ? "the name template is empty" : "the folder template is empty"
    case .slashInName(let template):
      "the name template '\(template)' holds a /: folders are the folder template's "
        + "(--folders)"
    case .absoluteFolder(let template):
      "the folder template '\(template)' starts with /: its folders go under the "
        + "destination, so write it without"
    case .badFolder(let segment, let template):
      segment.isEmpty
        ? "the folder template '\(template)' has an empty folder (//, or / at the end)"
        : "the folder template '\(template)' has a folder named '\(segment)'"
    }
  }
}
