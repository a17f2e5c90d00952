import CompositionalLayout
import DiffableData
import FoundationEssentials
import Pictures
import TerminalKit

/// What the content answers: pictures by place and path, the favourites, the marks, the
/// pairs, the details and the dates still to read.
///
/// Reads only, each O(1) unless it says otherwise; the changes and what they derive are in
/// `GalleryContent.swift`, the one file that writes the content's fields.
extension GalleryContent {
  /// The index of the Favourites section in `sections`, nil while it is not shown.
  package var favoritesSectionIndex: Int? {
    shown.favoritesSectionIndex
  }

  /// The number of pictures the shown library sections hold.
  package var shownPictureCount: Int { snapshot.numberOfItems }

  /// The number of pictures in the folders' sections, shown or not, as the gallery shows
  /// them: a pair once while pairs are joined. O(1).
  package var pictureCount: Int { pairs.pictureCount }

  /// The number of pictures in the shown section at `index`.
  package func count(inSection index: Int) -> Int {
    sections.indices.contains(index) ? sections[index].pictures.count : 0
  }

  /// The picture at `path` among the shown sections, nil when there is none.
  package func picture(at path: ItemIndexPath) -> Picture? {
    guard sections.indices.contains(path.section),
      sections[path.section].pictures.indices.contains(path.item)
    else { return nil }
    return sections[path.section].pictures[path.item]
  }

  /// Whether the picture at `path` is a favourite: whether the decision it shows (for a
  /// pair, its own file's, else its other files') makes it one. O(files of the pair).
  package func isFavorite(_ path: String) -> Bool {
    favoriteRule.includes(decision(of: path))
  }

  /// Whether the library holds the picture at `path`: what is known of any other (its
  /// details, its date) is for a file that is gone. O(1).
  package func holds(_ path: String) -> Bool { libraryPictures[path] != nil }

  /// The hashes in `stamped` made of a file as the library has it now, by path: one made
  /// of a file since rewritten or replaced (another stamp), or gone, is dropped, so a
  /// hash read before a change and delivered after it never stands for the new file.
  /// O(hashes).
  package func current<Hash>(_ stamped: [FileStamp: Hash]) -> [String: Hash] {
    var hashes: [String: Hash] = [:]
    hashes.reserveCapacity(stamped.count)
    for (stamp, hash) in stamped where libraryPictures[stamp.path] == stamp {
      hashes[stamp.path] = hash
    }
    return hashes
  }

  /// Whether a scanned folder holds the file at `path`, shown or not (a favourite's file
  /// alone is not enough). O(1).
  package func isInLibrary(_ path: String) -> Bool { libraryPictures[path] != nil }

  /// Whether the picture at `path` is marked: for a pair, any of its files. O(files of
  /// the pair).
  package func isMarked(_ path: String) -> Bool {
    pictureMarks.isMarked(path, companions: companions(of: path))
  }

  /// The number of marked pictures, a pair's files once. O(marks).
  package var markedPictureCount: Int {
    !pairs.hasPairs ? marks.count : pictureMarks.pictureCount(shownPath: shownPath)
  }

  /// The paths of the other files shown as the picture at `path` (the raw of a RAW+JPEG
  /// pair, a Live Photo's video); empty for a file shown alone. O(1).
  package func companions(of path: String) -> [String] { pairs.companions(of: path) }

  /// The path of the picture a file is shown as: the still of its pair, else its own.
  /// O(1).
  package func shownPath(of path: String) -> String { pairs.owner(of: path) ?? path }

  /// Where the picture at `path` is shown in its folder's section, nil when no shown
  /// folder shows it. O(1).
  package func libraryPath(of path: String) -> ItemIndexPath? {
    snapshot.indexPath(for: path).map { ItemIndexPath(item: $0.item, section: $0.section) }
  }

  /// The identifier of the shown section at `index`: its folder's path, or the
  /// Favourites id.
  package func sectionIdentifier(at index: Int) -> String? {
    guard sections.indices.contains(index) else { return nil }
    return index == favoritesSectionIndex ? Self.favoritesSectionID : sections[index].id
  }

  /// The marked paths: those on screen in the order shown (a pair's files together), then
  /// those the filter hides in the library's order. O(pictures).
  package var markedPaths: [String] {
    guard !pictureMarks.isEmpty else { return [] }
    var result: [String] = []
    var seen = Set<String>()
    func add(_ path: String) {
      if pictureMarks.contains(path), seen.insert(path).inserted { result.append(path) }
    }
    func addPicture(_ path: String) {
      add(path)
      for companion in companions(of: path) { add(companion) }
    }
    for path in snapshot.itemIdentifiers { addPicture(path) }
    for section in librarySections {
      for picture in section.pictures where pairs.owner(of: picture.path) == nil {
        addPicture(picture.path)
      }
    }
    return result
  }

  /// What `-o` prints: the marked paths (`markedPaths`), else, while a search narrows the
  /// gallery (`/is:picked`, `--filter 'rating>=4'`), every file of each picture it shows,
  /// in the order shown, the Favourites section's repeats left out; else none.
  /// O(pictures).
  package var selectedPaths: [String] {
    let marked = markedPaths
    guard marked.isEmpty, !filter.isEmpty else { return marked }
    var result: [String] = []
    var seen = Set<String>()
    for (index, section) in sections.enumerated() where index != favoritesSectionIndex {
      for picture in section.pictures {
        for path in [picture.path] + companions(of: picture.path)
        where seen.insert(path).inserted {
          result.append(path)
        }
      }
    }
    return result
  }

  /// Whether the order moves what is shown: not while every shown section holds the
  /// pictures named one by one and the user has not sorted them (they keep the order
  /// given; a saved order leaves them alone).
  package var isOrderApplied: Bool {
    sortsNamedFiles || sections.isEmpty
      || sections.contains { $0.id != LibrarySection.namedFilesID }
  }

  /// The pictures (a pair once) whose details are not read yet, so whose dates are
  /// neither known nor known to be none: what the timeline still waits for. O(1).
  package var datesPending: Int {
    max(0, pairs.pictureCount - details.count)
  }

  /// What the file at `path` said of itself (camera, lens, exposure, place, when…), as
  /// the library index or its head gave it; nil while it is not read. O(1).
  package func details(for path: String) -> PictureDetails? {
    details.details(for: path)
  }

  /// The stamps of the library's pictures whose details have not been read, in the
  /// library's order. A pair is read for its still; its raw and video are not read.
  /// O(pictures).
  package var unreadDetailStamps: [FileStamp] {
    var stamps: [FileStamp] = []
    for section in librarySections {
      for picture in section.pictures
      where !details.isRead(picture.path) && pairs.owner(of: picture.path) == nil {
        stamps.append(FileStamp(picture))
      }
    }
    return stamps
  }
}
