/// The library's sections with the files of each pair (RAW+JPEG, a Live Photo) joined
/// into one picture, or shown apart, and which still each companion file belongs to.
///
/// Its rules: made from the library's sections, one at a time as they arrive or whole
/// when the library or the choice changes; the companions' maps are made with the
/// sections, over the whole library shown or not, so a companion always finds its still.
struct LibraryPairs: Sendable {
  /// Whether the files of a pair show as one picture (`PicturePairs`); false shows each.
  private(set) var joinsFiles = true
  /// The library's sections with each pair joined (the library's own while the files
  /// show apart): made when the library changes, not at every order or filter.
  private(set) var sections: [LibrarySection] = []
  /// The pictures of `sections`: the library's, a pair once.
  private(set) var pictureCount = 0
  /// The still each companion file of a pair is shown as.
  private var owners: [String: String] = [:]
  /// Each still's companion files.
  private var companionsByOwner: [String: [String]] = [:]

  /// Whether any picture of the library is a pair.
  var hasPairs: Bool { !owners.isEmpty }

  /// The companion files of the picture at `path` (none when it is not a pair's still).
  func companions(of path: String) -> [String] { companionsByOwner[path] ?? [] }

  /// The still the companion file at `path` is shown as; nil for a file shown itself.
  func owner(of path: String) -> String? { owners[path] }

  /// Adds a section of the library after the others; returns it with its pairs joined.
  mutating func append(_ section: LibrarySection) -> LibrarySection {
    let joined = paired(section)
    sections.append(joined)
    pictureCount += joined.pictures.count
    noteCompanions(of: joined)
    return joined
  }

  /// Makes everything again from the library's `librarySections`, joining the files of a
  /// pair or not (`joinsFiles`).
  mutating func rebuild(from librarySections: [LibrarySection], joinsFiles: Bool) {
    self.joinsFiles = joinsFiles
    owners = [:]
    companionsByOwner = [:]
    sections = librarySections.map(paired)
    pictureCount = sections.reduce(0) { $0 + $1.pictures.count }
    for section in sections { noteCompanions(of: section) }
  }

  /// `section` with the files of each pair joined into one picture, unless they show apart.
  private func paired(_ section: LibrarySection) -> LibrarySection {
    joinsFiles ? section.with(pictures: PicturePairs.pair(section.pictures)) : section
  }

  /// Notes which picture each companion file of `section`'s pairs is shown as.
  private mutating func noteCompanions(of section: LibrarySection) {
    for picture in section.pictures where !picture.companions.isEmpty {
      companionsByOwner[picture.path] = picture.companions.map(\.path)
      for companion in picture.companions { owners[companion.path] = picture.path }
    }
  }
}
