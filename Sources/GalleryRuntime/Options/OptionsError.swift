import Gallery

/// A command line that cannot be understood; the caller prints the message and the usage
/// to standard error and exits with status 2.
package enum OptionsError: Error, Sendable, Hashable, CustomStringConvertible {
  /// An option the gallery does not have, with the closest real one when there is one.
  case unknownOption(String, suggestion: String?)
  /// An option that needs a value came last.
  case missingValue(option: String)
  /// A value the option does not accept, with the accepted ones.
  case invalidValue(option: String, value: String, expected: String)
  /// A query that cannot be used whole (`--filter iso>=abc`): the option and the first
  /// problem's sentence.
  case badQuery(option: String, problem: String)
  /// A switch given a value (`--all=yes`).
  case unexpectedValue(option: String)
  /// An option that only means something with `--print`.
  case requiresPrint(option: String)
  /// Two options that exclude each other (`-o` with `--print`).
  case conflict(option: String, other: String)
  /// `--index` with `--no-cache`: the index is one of the caches it turns off.
  case indexWithoutCache
  /// `--index` without a folder, or with a list of pictures.
  case indexNeedsFolders
  /// `--duplicates` without a folder, or with a list of pictures.
  case duplicatesNeedFolders
  /// An option that only means something with `--duplicates` (`--similar`).
  case requiresDuplicates(option: String)
  /// A template an import cannot use (`--rename '{yyy}'`): the option and the problem.
  case badTemplate(option: String, problem: ImportTemplateError)
  /// An option that only means something with `gallery import` (`--to`).
  case requiresImport(option: String)
  /// `gallery import` without `--to`, or without a folder to import from.
  case importNeeds(String)
  /// A path that is empty (`gallery ""`, a variable that expanded to nothing).
  case emptyPath

  package var description: String {
    switch self {
    case .unknownOption(let option, let suggestion):
      "unknown option '\(option)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    case .missingValue(let option):
      "option '\(option)' needs a value"
    case .invalidValue(let option, let value, let expected):
      "invalid value '\(value)' for '\(option)' (expected \(expected))"
    case .badQuery(let option, let problem):
      "\(option): \(problem)"
    case .unexpectedValue(let option):
      "option '\(option)' takes no value"
    case .requiresPrint(let option):
      "option '\(option)' only applies with '--print'"
    case .conflict(let option, let other):
      "option '\(option)' cannot be used with '\(other)'"
    case .indexWithoutCache:
      "option '--no-cache' cannot be used with '--index': the library index '--index' fills "
        + "is one of the caches '--no-cache' turns off"
    case .indexNeedsFolders:
      "option '--index' needs one or more folders to index (gallery --index DIR...)"
    case .duplicatesNeedFolders:
      "option '--duplicates' needs one or more folders to look in (gallery --duplicates DIR...)"
    case .requiresDuplicates(let option):
      "option '\(option)' only applies with '--duplicates'"
    case .badTemplate(let option, let problem):
      "\(option): \(problem)"
    case .requiresImport(let option):
      "option '\(option)' only applies to 'gallery import'"
    case .importNeeds(let what):
      "'gallery import' needs \(what) (to browse a folder named import, write ./import)"
    case .emptyPath:
      "an empty path was given (a variable that expanded to nothing?); name a folder or a picture"
    }
  }
}
