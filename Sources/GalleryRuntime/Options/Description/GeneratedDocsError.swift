/// Why the generated documents could not be made or checked.
package enum GeneratedDocsError: Error, Equatable, CustomStringConvertible {
  /// The hand-written page lacks the lines between which a section goes.
  case missingMarkers(file: String, section: String)
  /// A file could not be read or written.
  case unreadable(file: String, reason: String)
  /// Committed files differ from what the description makes.
  case outOfDate(files: [String])

  package var description: String {
    switch self {
    case .missingMarkers(let file, let section):
      "\(file) has no 'BEGIN GENERATED \(section)' and 'END GENERATED \(section)' comment "
        + "lines to put the \(section) section between"
    case .unreadable(let file, let reason): "cannot read or write \(file): \(reason)"
    case .outOfDate(let files):
      "out of date: \(files.joined(separator: ", ")); run 'make docs' and commit the result"
    }
  }
}
