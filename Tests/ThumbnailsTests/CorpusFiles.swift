import Foundation
import Testing

/// A file of a corpus the tests make once per run (`DetailsCorpus`, `FocusCorpus`).
enum CorpusFiles {
  /// The path of `name` in `made`'s folder; a failure naming what was not made, and how
  /// to get the tools that make it, when it is missing.
  static func path(
    _ name: String, in made: (folder: String, problems: [String]), sourceLocation: SourceLocation
  ) throws -> String {
    let path = made.folder + "/" + name
    try #require(
      FileManager.default.fileExists(atPath: path),
      "\(name) was not made; run `make test-deps`.\n\(made.problems.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
    return path
  }
}
