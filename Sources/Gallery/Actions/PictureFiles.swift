import Pictures
import TerminalKit

/// The files an action on pictures takes, as the pictures the gallery shows (a pair's
/// files together), and the words every prompt and summary names them in.
///
/// One picture is named: `IMG_1.JPG` alone, `IMG_1 (JPG + DNG)` with its raw,
/// `IMG_1 (HEIC + MOV)` with a Live Photo's video. Several are counted, and when pairs make
/// the files more than the pictures the files are counted too: `3 pictures (6 files: 3
/// raw)`. So a question or a summary never hides a file that goes with the one shown.
package struct PictureFiles: Hashable, Sendable, CustomStringConvertible {
  /// Each picture's paths, the file shown first.
  package let pictures: [[String]]

  /// The pictures given as their files, each the shown file first.
  package init(pictures: [[String]]) {
    self.pictures = pictures.filter { !$0.isEmpty }
  }

  /// `paths` grouped as the gallery pairs files, told by their names alone (the runtime
  /// knows no more of them): the first still (JPEG, HEIC, HEIF) of a folder and stem takes
  /// the raw files and QuickTime movies of that folder and stem, wherever they come among
  /// `paths`; any other file is a picture of its own. The pictures come in the order of
  /// their first file, each with its still first.
  package init(paths: [String]) {
    var stills: [String: String] = [:]
    for path in paths where Self.kind(of: path) == .still {
      let key = FileName.pictureKey(ofPath: path)
      if stills[key] == nil { stills[key] = path }
    }
    var groups: [[String]] = []
    var groupOfKey: [String: Int] = [:]
    for path in paths {
      let key = FileName.pictureKey(ofPath: path)
      guard let still = stills[key], path == still || Self.kind(of: path) == .companion else {
        groups.append([path])
        continue
      }
      if let index = groupOfKey[key] {
        if path != still { groups[index].append(path) }
      } else {
        groupOfKey[key] = groups.count
        groups.append(path == still ? [still] : [still, path])
      }
    }
    self.init(pictures: groups)
  }

  /// The number of pictures.
  package var pictureCount: Int { pictures.count }

  /// `is` for one picture, `are` for more: the verb that follows `description`.
  package var isOrAre: String { pictures.count == 1 ? "is" : "are" }

  /// The number of files, every file of a pair counted.
  package var fileCount: Int { pictures.reduce(0) { $0 + $1.count } }

  /// Every path, picture by picture.
  package var paths: [String] { pictures.flatMap { $0 } }

  /// The one picture's name (`IMG_1 (JPG + DNG)`), else the count of pictures and, when
  /// more, of files (`3 pictures (6 files: 3 raw)`).
  package var description: String {
    if pictures.count == 1, let only = pictures.first { return Self.name(of: only) }
    return counted("picture", "pictures")
  }

  /// `3 copies (6 files: 3 raw)`: the pictures counted as `singular` or `plural`, with the
  /// files when pairs make them more.
  package func counted(_ singular: String, _ plural: String) -> String {
    let count = pictures.count
    return "\(count) \(count == 1 ? singular : plural)" + filesNote
  }

  /// ` (6 files: 3 raw, 1 video)` when there are more files than pictures, else empty.
  private var filesNote: String {
    let files = fileCount
    guard files > pictures.count else { return "" }
    let all = paths
    let raw = all.filter { ImageFormat(fileName: PathName.lastComponent($0)) == .raw }.count
    let videos = all.filter { ImageFormat(fileName: PathName.lastComponent($0)) == .video }.count
    var kinds: [String] = []
    if raw > 0 { kinds.append("\(raw) raw") }
    if videos > 0 { kinds.append(videos == 1 ? "1 video" : "\(videos) videos") }
    return " (\(files) files" + (kinds.isEmpty ? "" : ": " + kinds.joined(separator: ", ")) + ")"
  }

  /// `IMG_1.JPG`; a pair by its stem and its files' extensions, the shown one first
  /// (`IMG_1 (JPG + DNG)`); files that share no stem by their names (`a + b.mov`).
  static func name(of files: [String]) -> String {
    let names = files.map { PathName.lastComponent($0) }
    guard names.count > 1, let first = names.first else {
      return TextSanitizer.sanitize(names.first ?? "")
    }
    let stem = FileName.stem(of: first)
    let suffixes = names.map { FileName.suffix(of: $0).dropFirst() }
    guard names.allSatisfy({ FileName.stem(of: $0) == stem }), !suffixes.contains(where: \.isEmpty)
    else {
      return TextSanitizer.sanitize(names.joined(separator: " + "))
    }
    return TextSanitizer.sanitize("\(stem) (\(suffixes.joined(separator: " + ")))")
  }

  private enum Kind { case still, companion, other }

  /// What the name says of a file's part in a pair (as `PicturePairs` pairs by format).
  private static func kind(of path: String) -> Kind {
    let name = PathName.lastComponent(path)
    switch ImageFormat(fileName: name) {
    case .jpeg, .heic, .heif: return .still
    case .raw: return .companion
    case .video where name.lowercased().hasSuffix(".mov"): return .companion
    default: return .other
    }
  }
}
