import Gallery
import TerminalKit

/// Tab in the prompt of a move or copy: the folders whose names start with the last part
/// of what was typed, in the folder the rest names.
enum FolderCompletion {
  /// The most candidates listed.
  static let limit = 64

  /// Each folder as the prompt would hold it (what was typed before the last part, then
  /// the folder's name and a `/`), in natural order; hidden folders only when the part
  /// typed starts with a dot.
  static func candidates(for text: String, from base: String, home: String) -> [String] {
    let typedFolder: String
    let start: String
    if let slash = text.lastIndex(of: "/") {
      typedFolder = String(text[...slash])
      start = String(text[text.index(after: slash)...])
    } else if text == "~" {
      return ["~/"]
    } else {
      typedFolder = ""
      start = text
    }
    let folder =
      typedFolder.isEmpty ? base : FolderTarget.resolve(typedFolder, from: base, home: home)
    let names = subfolderNames(of: folder, includeHidden: start.hasPrefix("."))
      .filter { $0.hasPrefix(start) }
    return NaturalOrder.sorted(names, by: \.self).prefix(limit).map { typedFolder + $0 + "/" }
  }
}
