import FoundationEssentials
import Pictures
import TerminalKit

/// What the duplicates grouping reads of the content: the groups of copies from the
/// likeness known, each its best copy first.
extension GalleryContent {
  /// The sections of the duplicates grouping (see `DuplicateSections`): a pair's hash,
  /// size and date are its own file's, else its other files'. O(pictures × groups).
  func duplicateSections() -> [LibrarySection] {
    let hashes = likeness
    let dates = datesTaken
    let decided = decisions
    let read = details
    let best = BestCopy(
      decision: {
        decided.isEmpty
          ? .undecided
          : decided.decision(for: $0.path, companions: $0.companions.map(\.path))
      },
      pixels: { picture in
        let size = ([picture] + picture.companions).lazy
          .compactMap { read.details(for: $0.path)?.storedSize }.first
        return size.map { $0.width * $0.height }
      },
      date: { Self.known(dates, $0) ?? $0.modificationDate })
    let contents = contentHashes
    return DuplicateSections.sections(
      of: pairs.sections, hash: { Self.known(hashes, $0) }, contentHash: { contents[$0.path] },
      best: best)
  }

  /// The files of the groups shown that may be identical copies, their content hash not
  /// known: those of a group's pictures whose size another of its pictures shares (a
  /// copy has its original's size). O(pictures shown).
  package var exactCopyCandidates: [FileStamp] {
    guard grouping == .duplicates else { return [] }
    var stamps: [FileStamp] = []
    for group in shown.librarySections {
      let sizes = Dictionary(grouping: group.pictures, by: \.byteSize)
      for (_, alike) in sizes where alike.count > 1 {
        for picture in alike where contentHashes[picture.path] == nil {
          stamps.append(FileStamp(picture))
        }
      }
    }
    return stamps
  }

  /// Whether any of the files at `paths` is in a group of copies (a pair by any of its
  /// files): what is read or decided of another file changes no group, nor which copy is
  /// best. False outside the duplicates grouping. O(paths + pictures grouped).
  func groupsAny(of paths: some Sequence<String>) -> Bool {
    guard grouping == .duplicates else { return false }
    var grouped = Set<String>()
    for section in groupedSections {
      for picture in section.pictures {
        grouped.insert(picture.path)
        for companion in picture.companions { grouped.insert(companion.path) }
      }
    }
    return paths.contains(where: grouped.contains)
  }

  /// How many of the pictures the duplicates grouping looks at have their likeness read:
  /// each picture once (a pair by any of its files). O(pictures).
  package var likenessKnownCount: Int {
    pairs.sections.reduce(0) { total, section in
      total + section.pictures.count { Self.known(likeness, $0) != nil }
    }
  }

  /// The files whose likeness is not known: the pictures' own (a pair's first file), as
  /// the details are read. O(pictures).
  package var unhashedStamps: [FileStamp] {
    var stamps: [FileStamp] = []
    for section in librarySections {
      for picture in section.pictures
      where likeness[picture.path] == nil && pairs.owner(of: picture.path) == nil {
        stamps.append(FileStamp(picture))
      }
    }
    return stamps
  }
}
