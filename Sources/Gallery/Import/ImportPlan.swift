import Pictures
import TerminalKit

/// What an import copies where, worked out before anything is copied: the pictures found
/// on the card, joined into the groups that travel together (a RAW+JPEG pair and a Live
/// Photo, by `PicturePairs`, and their sidecars: `.xmp`, `.THM`, `.WAV` of the same
/// name), each group given its folder and its new stem from the templates. The files of
/// a group keep what follows the stem (`.CR3`, `.JPG.xmp`), so they keep one stem under
/// their new name too.
///
/// The names are the ones wanted: whether they are free is the disk's to say, and a
/// taken one gets a suffix when the group is copied (`IMG_1 (2).JPG`), as the file
/// actions give. The order is the folders', then the time taken, then the card's path,
/// so a second run of the same card plans the same names.
package struct ImportPlan: Sendable, Hashable {
  /// The groups, in the order they are copied.
  package var groups: [ImportGroup]

  /// The extensions (lower case, without the dot) of the files that ride along with a
  /// picture of the same stem rather than being pictures of their own: XMP sidecars, a
  /// video's thumbnail (`.THM`), a sound memo (`.WAV`).
  package static let sidecarExtensions: Set<String> = ["xmp", "thm", "wav"]

  /// Plans `folders`' pictures with `facts` (by path: what each picture's head said), in
  /// `folderTemplate`'s folders under `nameTemplate`'s names.
  package init(
    _ folders: [ImportFolder], facts: [String: ImportPictureFacts],
    folderTemplate: ImportTemplate, nameTemplate: ImportTemplate
  ) {
    var groups: [ImportGroup] = []
    for folder in folders {
      groups += Self.groups(in: folder, facts: facts)
    }
    // The folder first, then the names: a name's {seq} counts within its folder.
    for index in groups.indices {
      let facts = groups[index].facts
      groups[index].folder = folderTemplate.render(facts)
    }
    groups.sort {
      ($0.folder, $0.facts.wallClock, $0.lead) < ($1.folder, $1.facts.wallClock, $1.lead)
    }
    var counts: [String: Int] = [:]
    for index in groups.indices {
      let number = counts[groups[index].folder, default: 0] + 1
      counts[groups[index].folder] = number
      groups[index].facts.sequence = number
      groups[index].stem = nameTemplate.render(groups[index].facts)
    }
    self.groups = groups
  }

  /// Every file planned.
  package var fileCount: Int { groups.reduce(0) { $0 + $1.files.count } }
  /// Every byte planned.
  package var byteCount: Int64 { groups.reduce(0) { $0 + $1.byteCount } }

  /// The groups of one folder of the card.
  private static func groups(in folder: ImportFolder, facts: [String: ImportPictureFacts])
    -> [ImportGroup]
  {
    var riders: [ImportFile] = folder.otherFiles
    var pictures: [Picture] = []
    for picture in folder.pictures {
      if isSidecar(picture.fileName) {
        riders.append(ImportFile(source: picture.path, byteSize: picture.byteSize))
      } else {
        pictures.append(picture)
      }
    }
    // The riders by the stem they follow; `NAME.JPG.xmp` follows `NAME` too.
    var byStem: [String: [ImportFile]] = [:]
    for rider in riders where isSidecar(rider.name) {
      var stem = String(FileName.stem(of: rider.name))
      if rider.name.lowercased().hasSuffix(".xmp"), stem.contains(".") {
        stem = String(FileName.stem(of: stem))
      }
      byStem[stem, default: []].append(rider)
    }
    var groups: [ImportGroup] = []
    for picture in PicturePairs.pair(pictures) {
      let stem = String(FileName.stem(of: picture.fileName))
      var files = [picture] + picture.companions
      files.sort { $0.path < $1.path }
      let members =
        files.map { ImportFile(source: $0.path, byteSize: $0.byteSize) }
        + (byStem[stem] ?? []).sorted { $0.source < $1.source }
      let known = ([picture] + picture.companions).compactMap { facts[$0.path] }
      let taken = known.first { $0.taken != nil } ?? known.first
      let group = ImportGroup(
        lead: picture.path, originalStem: stem, files: members,
        facts: ImportFacts(
          wallClock: taken?.taken ?? taken?.fileClock ?? 0, name: stem, camera: taken?.camera))
      groups.append(group)
    }
    return groups
  }

  private static func isSidecar(_ name: String) -> Bool {
    let suffix = FileName.suffix(of: name).dropFirst().lowercased()
    return sidecarExtensions.contains(suffix)
  }
}

/// One folder of the card as the scan found it: its pictures (formats sniffed), and its
/// other files, some of which may be sidecars.
package struct ImportFolder: Sendable, Hashable {
  package var path: String
  package var pictures: [Picture]
  /// The regular files that are no pictures, with their sizes.
  package var otherFiles: [ImportFile]

  package init(path: String, pictures: [Picture], otherFiles: [ImportFile] = []) {
    self.path = path
    self.pictures = pictures
    self.otherFiles = otherFiles
  }
}

/// What a picture's head said that the templates use.
package struct ImportPictureFacts: Sendable, Hashable {
  /// When it was taken on the camera's clock (`TakenTime.wallClock`), nil when the file
  /// does not say.
  package var taken: Int64?
  /// Its modification time on this machine's clock: the date of a picture that has no
  /// date taken.
  package var fileClock: Int64
  package var camera: String?

  package init(taken: Int64?, fileClock: Int64, camera: String?) {
    self.taken = taken
    self.fileClock = fileClock
    self.camera = camera
  }
}

/// The files that travel together under one new stem: a picture, the other files of its
/// pair, and their sidecars.
package struct ImportGroup: Sendable, Hashable {
  /// The path of the picture shown for the group (a pair's still).
  package var lead: String
  /// The stem the files have on the card.
  package var originalStem: String
  /// Every file, the lead among them, in the order of their paths (sidecars last).
  package var files: [ImportFile]
  /// What the templates were given.
  package var facts: ImportFacts
  /// The folder under the destination, as the folder template made it.
  package var folder = ""
  /// The new stem, as the name template made it, before any suffix.
  package var stem = ""

  /// The files' bytes.
  package var byteCount: Int64 { files.reduce(0) { $0 + $1.byteSize } }

  /// The name `file` takes with `suffix` after the stem (`""`, or ` (2)`).
  package func name(of file: ImportFile, suffix: String) -> String {
    stem + suffix + file.tail(after: originalStem)
  }
}

/// One file of a group on the card.
package struct ImportFile: Sendable, Hashable {
  package var source: String
  package var byteSize: Int64

  package init(source: String, byteSize: Int64) {
    self.source = source
    self.byteSize = byteSize
  }

  /// Its name on the card.
  package var name: String { PathName.lastComponent(source) }

  /// What follows `stem` in its name (`.CR3`, `.JPG.xmp`); its extension when it does not
  /// start with the stem.
  func tail(after stem: String) -> String {
    name.hasPrefix(stem) ? String(name.dropFirst(stem.count)) : String(FileName.suffix(of: name))
  }
}
