import FoundationEssentials
import Gallery
import Glibc
import SystemSupport
import TerminalKit

/// What `gallery --duplicates` found: the groups of exact copies and of near copies,
/// each largest first, the files that could not be read, and the index's notices.
package struct DuplicateReport: Sendable {
  /// Files byte for byte the same: their size, content hash and paths (sorted).
  package struct ExactGroup: Hashable, Sendable {
    package var byteSize: Int64
    package var contentHash: ContentHash
    package var paths: [String]
  }

  /// One picture of a group of near copies.
  package struct SimilarMember: Hashable, Sendable {
    package var path: String
    /// Bits from the hash of the group's leader, its first picture.
    package var distance: Int
    /// The exact group (its position in `exact`) the file is a copy in; nil when none.
    package var copyGroup: Int?
  }

  /// Pictures alike by their perceptual hashes, in path order.
  package struct SimilarGroup: Hashable, Sendable {
    package var members: [SimilarMember]
  }

  /// A file left out, and why, worded for the user.
  package struct Problem: Hashable, Sendable {
    package var path: String
    package var sentence: String
  }

  /// The files looked at.
  package var files: Int
  package var exact: [ExactGroup]
  /// Nil when near copies were not looked for.
  package var similar: [SimilarGroup]?
  package var problems: [Problem]
  /// What went wrong with the index (busy, read-only…), each a sentence.
  package var notices: [String]
  /// The files read and hashed by this run (the others' hashes were the index's, or not
  /// needed).
  package var hashed = 0
  /// Stopped (Ctrl-C) before every file was hashed: the groups are of those that were.
  package var stopped: Bool

  /// The report as text for a person: each group a heading and its files, indented, a
  /// blank line between groups; a last line counts them.
  package var text: String {
    var lines: [String] = []
    for group in exact {
      lines.append(
        "exact copies: \(group.paths.count) files of \(Self.sizeText(group.byteSize))")
      lines += group.paths.map { "  " + TextSanitizer.sanitize($0) }
      lines.append("")
    }
    for group in similar ?? [] {
      lines.append("similar: \(group.members.count) pictures")
      lines += group.members.map { member in
        "  " + TextSanitizer.sanitize(member.path)
          + (member.copyGroup.map { " (exact copy, group \($0 + 1))" } ?? "")
      }
      lines.append("")
    }
    lines.append(summary)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `812 bytes`, `45.3 kB`, `3.1 MB`: decimal units, as file managers show sizes.
  static func sizeText(_ bytes: Int64) -> String {
    guard bytes >= 1000 else { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
    let units = ["kB", "MB", "GB", "TB"]
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 999.95, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    return NumberText.fixed(value, places: 1) + " " + units[unit]
  }

  /// `3 groups of exact copies (7 files), 2 groups of similar pictures (9) among 120 files`.
  package var summary: String {
    let copies = exact.reduce(0) { $0 + $1.paths.count }
    var line =
      "\(CountText.grouped(exact.count)) group\(exact.count == 1 ? "" : "s") of exact copies "
      + "(\(CountText.grouped(copies)) files)"
    if let similar {
      let pictures = similar.reduce(0) { $0 + $1.members.count }
      line +=
        ", \(CountText.grouped(similar.count)) group\(similar.count == 1 ? "" : "s") of similar "
        + "pictures (\(CountText.grouped(pictures)))"
    }
    return line + " among \(CountText.grouped(files)) files"
      + (problems.isEmpty ? "" : "; \(CountText.grouped(problems.count)) could not be read")
  }

  /// The report as one JSON document: `{"files": N, "exact": [{"size", "hash", "files"}],
  /// "similar": [{"files": [{"path", "distance", "exactGroup"}]}], "unreadable": [{"path",
  /// "reason"}], "hashed": N, "stopped": false}`; `similar` is null when not looked for.
  package var json: String {
    func quoted(_ text: String) -> String { GalleryPrinter.quoted(text) }
    let exactJSON = exact.map { group in
      "{\"size\": \(group.byteSize), \"hash\": \"\(group.contentHash.hex)\", \"files\": ["
        + group.paths.map(quoted).joined(separator: ", ") + "]}"
    }
    let similarJSON = similar.map { groups in
      "["
        + groups.map { group in
          "{\"files\": ["
            + group.members.map { member in
              "{\"path\": \(quoted(member.path)), \"distance\": \(member.distance), "
                + "\"exactGroup\": \(member.copyGroup.map(String.init) ?? "null")}"
            }.joined(separator: ", ") + "]}"
        }.joined(separator: ",\n    ") + "]"
    }
    let problemsJSON = problems.map {
      "{\"path\": \(quoted($0.path)), \"reason\": \(quoted($0.sentence))}"
    }
    return """
      {
        "files": \(files),
        "exact": [\(exactJSON.joined(separator: ",\n    "))],
        "similar": \(similarJSON ?? "null"),
        "unreadable": [\(problemsJSON.joined(separator: ",\n    "))],
        "hashed": \(hashed),
        "stopped": \(stopped)
      }

      """
  }
}
