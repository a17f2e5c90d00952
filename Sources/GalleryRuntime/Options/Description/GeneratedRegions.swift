/// The generated parts of a file otherwise written by hand: each goes between a line
/// `BEGIN GENERATED NAME` and a line `END GENERATED NAME`, written as the file's comments
/// are (`.\" …` in roff, `<!-- … -->` in Markdown); the text around them is kept.
struct GeneratedRegions {
  /// A part: the name its marker lines carry and what goes between them.
  struct Region {
    let name: String
    let text: String
  }

  /// The file's path from the repository's root, for errors.
  let file: String
  /// The marker line of `BEGIN GENERATED NAME` or `END GENERATED NAME` in the file's
  /// comments.
  let comment: @Sendable (String) -> String

  /// Man pages' comment lines.
  static func roff(_ file: String) -> GeneratedRegions {
    GeneratedRegions(file: file) { ".\\\" \($0)" }
  }

  /// Markdown's (HTML's) comment lines.
  static func markdown(_ file: String) -> GeneratedRegions {
    GeneratedRegions(file: file) { "<!-- \($0) -->" }
  }

  /// `text` with what is between each region's markers replaced by the region's text.
  ///
  /// - Throws: `GeneratedDocsError.missingMarkers` when a region's markers are not
  ///   there, each on a line of its own and in order.
  func updating(_ text: String, with regions: [Region]) throws(GeneratedDocsError) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for region in regions {
      let begin = comment("BEGIN GENERATED \(region.name)")
      let end = comment("END GENERATED \(region.name)")
      guard let first = lines.firstIndex(of: begin),
        let last = lines[first...].firstIndex(of: end)
      else { throw .missingMarkers(file: file, section: region.name) }
      lines.replaceSubrange((first + 1)..<last, with: [region.text])
    }
    return lines.joined(separator: "\n")
  }
}
