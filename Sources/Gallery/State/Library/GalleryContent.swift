import CompositionalLayout
import DiffableData
import Foundation
import Pictures
import TerminalKit

/// What the gallery shows: the folders' sections, the favourites and the marks, and the
/// sections they make on screen in the order and under the filter chosen.
///
/// The one source of truth for content. What is stored: the library's sections (as the
/// scan and the watcher deliver them, each picture and folder once, in natural order), the
/// favourites, the marks, the order (`PictureOrder`), the filter (`NameFilter`), the
/// grouping (`SectionGrouping`) and the dates taken the timeline and the order by date
/// taken need. Everything else is derived from them here and nowhere else: the sections
/// grouped (the folders', or the timeline's), the snapshot of what is shown (each section in the order, narrowed by the
/// filter, a section the filter empties left out), which finds a shown picture by path and
/// gives the differences a change makes, and the shown sections (those, then the
/// Favourites section while it has pictures to show). Every change goes through a method
/// that rebuilds what it touches, so they can never disagree.
public struct GalleryContent: Sendable {
  /// The identifier of the Favourites section; never a folder's path (those start with `/`).
  public static let favoritesSectionID = "gallery:favorites"
  /// The Favourites section's title.
  public static let favoritesSectionName = "Favourites"

  /// The folders' sections in display order, each picture shown once (where it first
  /// appears when two roots overlap), pictures in natural order; order and filter not
  /// applied.
  public private(set) var librarySections: [LibrarySection] = []
  /// The favourite pictures by path, in the order they were marked.
  public private(set) var favorites = Favorites()
  /// Which favourites the Favourites section shows.
  public private(set) var favoritesScope = FavoritesScope.all
  /// What the favourites' files are, read when they were loaded: the details of a
  /// favourite no scanned folder holds.
  private var favoriteFiles: [String: Picture] = [:]
  /// The marked pictures by path (`m`): what `-o` prints, `o` opens and `y` copies.
  public private(set) var marks: Set<String> = []
  /// The order of the pictures in each section.
  public private(set) var order = PictureOrder.standard
  /// Whether the order applies to the pictures named one by one too: they keep the order
  /// they were given in until the user sorts (a saved order does not move them).
  public private(set) var sortsNamedFiles = false
  /// The filter on names; `NameFilter.none` shows everything.
  public private(set) var filter = NameFilter.none
  /// When the pictures were taken, as their files say (see `TakenDates` for its rules).
  public private(set) var taken = TakenDates()
  /// When each picture was taken, by path, as read from its file (EXIF, a video's
  /// creation time): for the timeline and the order by date taken; a picture without one
  /// sorts by its modification time.
  public var datesTaken: [String: Date] { taken.dates }
  /// The pictures whose files were read and carry no date.
  public var undatedPaths: Set<String> { taken.undated }
  /// What the sections are: the folders, or days, months or years taken.
  public private(set) var grouping = SectionGrouping.folder
  /// The timeline's titles and month names in the locale (see `TimelineTitles`).
  private var titles = TimelineTitles()
  /// The locale timeline titles and counts are written in; nil writes `2026-03-14`.
  public var locale: Locale? { titles.locale }
  /// The months' short names, for the scrubber.
  public var shortMonthNames: [String] { titles.shortMonthNames }
  /// The time zone a moment is put on a day in.
  public var timeZone: TimeZone { taken.timeZone }
  /// Whether the scan has finished.
  public private(set) var isScanComplete = false
  /// What the finished scan counted, nil before it finished.
  public private(set) var scanStats: ScanStats?
  /// Problems the scan met, shown in the status line.
  public private(set) var warnings: [ScanWarning] = []
  /// The library with each pair's files joined, and whose companion each file is (see
  /// `LibraryPairs` for its rules).
  private var pairs = LibraryPairs()
  /// Whether the files of a pair (RAW+JPEG, a Live Photo) show as one picture
  /// (`PicturePairs`); false shows each file apart.
  public var pairsFiles: Bool { pairs.joinsFiles }

  /// The shown library sections and pictures by identifier (section: folder path, item:
  /// picture path), for O(1) lookups and differences. Derived.
  public private(set) var snapshot = Snapshot<String, String>()
  /// The sections in display order: the shown library sections, then the Favourites
  /// section while it has pictures to show. Derived.
  public private(set) var sections: [LibrarySection] = []
  /// Every picture and folder of the library, shown or not, by path: for leaving out
  /// repeats and keeping marks only on pictures that exist.
  private var libraryPictures: Set<String> = []
  private var librarySectionIDs: Set<String> = []
  /// The shown library sections. Derived.
  private var shownLibrarySections: [LibrarySection] = []
  /// The sections before order and filter: `pairs.sections` by folder, else the timeline
  /// newest first (`Timeline`). Made when the library, the dates or the grouping change.
  private var groupedSections: [LibrarySection] = []
  /// Whether folders were added to the library since the timeline was last regrouped.
  public private(set) var needsRegroup = false

  /// An empty gallery.
  public init() {}

  // MARK: Queries

  /// The index of the Favourites section in `sections`, nil while it is not shown.
  public var favoritesSectionIndex: Int? {
    sections.count > shownLibrarySections.count ? shownLibrarySections.count : nil
  }

  /// The number of pictures the shown library sections hold.
  public var shownPictureCount: Int { snapshot.numberOfItems }

  /// The number of pictures in the folders' sections, shown or not, as the gallery shows
  /// them: a pair once while pairs are joined. O(1).
  public var pictureCount: Int { pairs.pictureCount }

  /// The number of pictures in the shown section at `index`.
  public func count(inSection index: Int) -> Int {
    sections.indices.contains(index) ? sections[index].pictures.count : 0
  }

  /// The picture at `path` among the shown sections, nil when there is none.
  public func picture(at path: ItemIndexPath) -> Picture? {
    guard sections.indices.contains(path.section),
      sections[path.section].pictures.indices.contains(path.item)
    else { return nil }
    return sections[path.section].pictures[path.item]
  }

  /// Whether the picture at `path` is a favourite: for a pair, any of its files (one may
  /// have been marked while the files were shown apart). O(files of the pair).
  public func isFavorite(_ path: String) -> Bool {
    favorites.contains(path) || companions(of: path).contains(where: favorites.contains)
  }

  /// Whether the library or the favourites hold the picture at `path`: what is known of
  /// any other (its details, its date) is for a file that is gone. O(1).
  public func holds(_ path: String) -> Bool {
    libraryPictures.contains(path) || favorites.contains(path)
  }

  /// Whether a scanned folder holds the file at `path`, shown or not (a favourite's file
  /// alone is not enough). O(1).
  public func isInLibrary(_ path: String) -> Bool { libraryPictures.contains(path) }

  /// Whether the picture at `path` is marked: for a pair, any of its files. O(files of
  /// the pair).
  public func isMarked(_ path: String) -> Bool {
    marks.contains(path) || companions(of: path).contains(where: marks.contains)
  }

  /// The number of marked pictures, a pair's files once. O(marks).
  public var markedPictureCount: Int {
    !pairs.hasPairs ? marks.count : Set(marks.map(shownPath)).count
  }

  /// The paths of the other files shown as the picture at `path` (the raw of a RAW+JPEG
  /// pair, a Live Photo's video); empty for a file shown alone. O(1).
  public func companions(of path: String) -> [String] { pairs.companions(of: path) }

  /// The path of the picture a file is shown as: the still of its pair, else its own.
  /// O(1).
  public func shownPath(of path: String) -> String { pairs.owner(of: path) ?? path }

  /// Where the picture at `path` is shown in its folder's section, nil when no shown
  /// folder shows it. O(1).
  public func libraryPath(of path: String) -> ItemIndexPath? {
    snapshot.indexPath(for: path).map { ItemIndexPath(item: $0.item, section: $0.section) }
  }

  /// The identifier of the shown section at `index`: its folder's path, or the
  /// Favourites id.
  public func sectionIdentifier(at index: Int) -> String? {
    guard sections.indices.contains(index) else { return nil }
    return index == favoritesSectionIndex ? Self.favoritesSectionID : sections[index].id
  }

  /// The marked paths: those on screen in the order shown (a pair's files together), then
  /// those the filter hides in the library's order, then marked favourites no folder
  /// holds. O(pictures).
  public var markedPaths: [String] {
    guard !marks.isEmpty else { return [] }
    var result: [String] = []
    var seen = Set<String>()
    func add(_ path: String) {
      if marks.contains(path), seen.insert(path).inserted { result.append(path) }
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
    for path in favorites.paths { add(path) }
    return result
  }

  // MARK: Changes

  /// Adds a scanned section after the others (before the Favourites section); a picture
  /// or folder already in the library is left out. O(section) (O(section log section)
  /// in an order other than by name).
  ///
  /// - Returns: whether anything was added.
  @discardableResult
  mutating func add(_ section: LibrarySection) -> Bool {
    guard librarySectionIDs.insert(section.id).inserted else { return false }
    let pictures = section.pictures.filter { libraryPictures.insert($0.id).inserted }
    let added = section.with(pictures: pictures)
    librarySections.append(added)
    let joined = pairs.append(added)
    if grouping.isTimeline {
      // A day can gather pictures of any folder: the timeline is regrouped whole, once
      // for all the folders a step of the run loop brings (`regroupIfNeeded`), not at
      // each folder, which would cost O(pictures) a folder.
      needsRegroup = true
      return true
    }
    groupedSections.append(joined)
    if let shown = arranged(joined) {
      do {
        try snapshot.appendSections([shown.id])
        try snapshot.appendItems(shown.pictures.map(\.id), toSection: shown.id)
        shownLibrarySections.append(shown)
      } catch {
        rebuildShown()
      }
    }
    rebuildSections()
    return true
  }

  /// Replaces the folders' sections with `library`'s (a batch of folder changes applied,
  /// or a rescan); `rewritten` pictures are marked reloaded. Marks on pictures that left
  /// go with them.
  ///
  /// - Returns: the difference in what is shown, nil when nothing shown changed.
  ///
  /// O(pictures) for the snapshots and their difference.
  mutating func replaceLibrary(with library: Library, rewritten: [String])
    -> SnapshotDifference?
  {
    let unique = library.pictureSnapshot()
    librarySections = Self.sections(of: library, shownIn: unique)
    librarySectionIDs = Set(librarySections.map(\.id))
    libraryPictures = Set(unique.itemIdentifiers)
    for warning in library.warnings where !warnings.contains(warning) { warnings.append(warning) }
    pruneMarks()
    // A rewritten file may say another date now: it is read again.
    forgetDates(of: rewritten)
    taken.keepOnly(holds)
    pairAgain()
    let old = snapshot
    rebuildShown(reloading: rewritten)
    let difference = snapshot.difference(from: old)
    return difference.isEmpty && rewritten.isEmpty ? nil : difference
  }

  /// Sets the favourites (read at start, or one toggled).
  mutating func setFavorites(_ favorites: Favorites) {
    self.favorites = favorites
    pruneMarks()
    rebuildSections()
  }

  /// Notes what the favourites' files are (read with them at start).
  mutating func noteFavoriteFiles(_ files: [String: Picture]) {
    favoriteFiles = files
    rebuildSections()
  }

  /// Shows the favourites `scope` includes.
  mutating func setFavoritesScope(_ scope: FavoritesScope) {
    favoritesScope = scope
    rebuildSections()
  }

  /// The favourites the Favourites section shows, in the order they were marked.
  public var shownFavorites: [String] { favorites.paths.filter(favoritesScope.includes) }

  /// Marks (`true`) or unmarks the pictures at `paths`.
  mutating func setMarked(_ paths: [String], _ marked: Bool) {
    if marked { marks.formUnion(paths) } else { marks.subtract(paths) }
  }

  /// Unmarks every picture.
  mutating func clearMarks() { marks = [] }

  /// Moves the marks of the files in `moves`' keys to their new paths (a moved or
  /// renamed file stays marked). O(moves).
  mutating func followMarks(_ moves: [String: String]) {
    for (from, to) in moves where marks.remove(from) != nil { marks.insert(to) }
  }

  /// Puts the pictures in `order`; `chosenNow` (a sort key this session, not the order
  /// a run saved) applies it to the pictures named one by one as well.
  mutating func setOrder(_ order: PictureOrder, chosenNow: Bool) {
    guard order != self.order || (chosenNow && !sortsNamedFiles) else { return }
    self.order = order
    if chosenNow { sortsNamedFiles = true }
    rebuildShown()
  }

  /// Whether the order moves what is shown: not while every shown section holds the
  /// pictures named one by one and the user has not sorted them (they keep the order
  /// given; a saved order leaves them alone).
  public var isOrderApplied: Bool {
    sortsNamedFiles || sections.isEmpty
      || sections.contains { $0.id != LibrarySection.namedFilesID }
  }

  /// Shows the files of a pair as one picture (`true`) or each apart. Marks stay on the
  /// files they were set on.
  mutating func setPairsFiles(_ joined: Bool) {
    guard joined != pairsFiles else { return }
    pairAgain(joiningFiles: joined)
    rebuildShown()
  }

  /// Puts the pictures in sections by `grouping`: the folders, or the days, months or
  /// years taken (the pictures whose dates are not read yet wait in the last section).
  mutating func setGrouping(_ grouping: SectionGrouping) {
    guard grouping != self.grouping else { return }
    self.grouping = grouping
    regroup()
    rebuildShown()
  }

  /// Writes timeline titles and counts in `locale`, and puts moments on days in
  /// `timeZone` (set once, before any date).
  mutating func setCalendar(locale: Locale?, timeZone: TimeZone) {
    titles = TimelineTitles(locale: locale)
    taken.setTimeZone(timeZone)
    regroup()
    rebuildShown()
  }

  /// Narrows the shown pictures to names matching `filter`.
  mutating func setFilter(_ filter: NameFilter) {
    guard filter != self.filter else { return }
    self.filter = filter
    rebuildShown()
  }

  /// Takes dates read from the pictures' files: in the timeline the pictures move to
  /// their periods, in the order by date taken to their places.
  ///
  /// - Returns: whether what is shown may have changed.
  ///
  /// O(dates) to note them; O(pictures) when they rearrange what is shown.
  @discardableResult
  mutating func noteDatesTaken(_ taken: DatesTaken) -> Bool {
    guard !taken.isEmpty else { return false }
    self.taken.note(taken)
    if grouping.isTimeline {
      regroup()
    } else if order.key != .dateTaken || taken.dates.isEmpty {
      return false
    }
    rebuildShown()
    return true
  }

  /// Forgets what was read of the files at `paths` (rewritten: their dates are read
  /// again).
  mutating func forgetDates(of paths: [String]) {
    taken.forget(paths)
  }

  /// The pictures (a pair once) whose dates are neither known nor known to be none:
  /// what the timeline still waits for. O(1).
  public var datesPending: Int {
    max(0, pairs.pictureCount - taken.count)
  }

  /// The stamps of the library's pictures whose dates have not been read, in the
  /// library's order. A pair is dated by its still; its raw and video are not read for
  /// one. O(pictures).
  public var unreadDateStamps: [FileStamp] {
    var stamps: [FileStamp] = []
    for section in librarySections {
      for picture in section.pictures
      where !taken.isRead(picture.path) && pairs.owner(of: picture.path) == nil {
        stamps.append(FileStamp(picture))
      }
    }
    return stamps
  }

  /// Notes that the scan has finished.
  mutating func finishScan(_ stats: ScanStats? = nil) {
    isScanComplete = true
    if let stats { scanStats = stats }
  }

  /// Regroups the timeline when folders came since it was last made. O(pictures).
  mutating func regroupIfNeeded() {
    guard needsRegroup else { return }
    regroup()
    rebuildShown()
  }

  /// Notes a problem the scan met.
  mutating func noteWarning(_ warning: ScanWarning) { warnings.append(warning) }

  // MARK: Derived

  /// `groupedSections` from `pairs.sections`: the folders themselves, or the timeline.
  /// O(pictures).
  private mutating func regroup() {
    needsRegroup = false
    guard grouping.isTimeline else {
      groupedSections = pairs.sections
      return
    }
    var made = titles
    groupedSections = Timeline.sections(
      of: pairs.sections, days: taken.days, grouping: grouping
    ) { made.title(of: $0) }
    titles = made
  }

  /// `section` in the order, narrowed by the filter; nil when the filter leaves it
  /// empty (with no filter, an empty folder's section stays).
  private func arranged(_ section: LibrarySection) -> LibrarySection? {
    var pictures = section.pictures
    if !filter.isEmpty {
      // A pair shows when any of its files' names matches (`CR3` finds the raws).
      pictures = pictures.filter { picture in
        filter.matches(picture.fileName)
          || picture.companions.contains {
            filter.matches($0.fileName)
          }
      }
      if pictures.isEmpty { return nil }
    }
    if section.id != LibrarySection.namedFilesID || sortsNamedFiles {
      pictures = order.sorted(pictures, datesTaken: datesTaken)
    }
    return section.with(pictures: pictures)
  }

  /// The shown library sections and their snapshot from the library, then `sections`.
  /// O(pictures), O(pictures log pictures) in an order other than by name.
  private mutating func rebuildShown(reloading rewritten: [String] = []) {
    var grouped = groupedSections
    if grouping.isTimeline && order.isReversed {
      // Oldest first; the pictures without a date stay last.
      let undated = grouped.last?.id == Timeline.undatedSectionID ? grouped.popLast() : nil
      grouped.reverse()
      if let undated { grouped.append(undated) }
    }
    shownLibrarySections = grouped.compactMap(arranged)
    var shown = Snapshot<String, String>()
    shown.reserveCapacity(items: pairs.pictureCount)
    for section in shownLibrarySections {
      guard (try? shown.appendSections([section.id])) != nil else { continue }
      try? shown.appendItems(section.pictures.map(\.id), toSection: section.id)
    }
    try? shown.reloadItems(rewritten.filter { shown.contains(item: $0) })
    snapshot = shown
    rebuildSections()
  }

  /// The pairs and the companions' maps from the library, from scratch (the files of a
  /// pair joined or not, `joiningFiles`, as before by default).
  private mutating func pairAgain(joiningFiles: Bool? = nil) {
    pairs.rebuild(from: librarySections, joinsFiles: joiningFiles ?? pairsFiles)
    regroup()
  }

  /// `sections` from the shown library sections and the favourites: the Favourites
  /// section lists the library's picture for each path (a pair once, however many of its
  /// files are favourites), or one made from the path alone for a file no shown folder
  /// holds (it loads from its path, or shows as broken when the file is gone), in the
  /// order and under the filter. O(sections + favourites).
  private mutating func rebuildSections() {
    sections = shownLibrarySections
    var seen = Set<String>()
    let shown = shownFavorites.map(shownPath).filter { seen.insert($0).inserted }
    guard !shown.isEmpty else { return }
    let pictures = shown.map { path in
      libraryPath(of: path).flatMap { picture(at: $0) } ?? favoriteFiles[path]
        ?? Self.pictureOutsideLibrary(path)
    }
    let section = LibrarySection(
      name: Self.favoritesSectionName, folder: URL(fileURLWithPath: "/"), pictures: pictures)
    // By name, the Favourites section keeps the order the pictures were marked in.
    guard let shown = arranged(section) else { return }
    sections.append(shown)
  }

  /// Keeps the marks of pictures the library or the favourites still hold.
  private mutating func pruneMarks() {
    marks = marks.filter(holds)
  }

  /// A picture known only by its path (its file is gone, or was not read): no size or
  /// date.
  static func pictureOutsideLibrary(_ path: String) -> Picture {
    Picture(
      path: path, fileName: PathName.lastComponent(path), byteSize: 0, modificationDate: nil,
      format: ImageFormat(fileName: path))
  }

  /// The sections of `library` holding exactly the items of `snapshot` (a picture or
  /// folder repeated through overlapping roots shows once, where it first appears).
  static func sections(of library: Library, shownIn snapshot: Snapshot<String, String>)
    -> [LibrarySection]
  {
    var result: [LibrarySection] = []
    result.reserveCapacity(snapshot.numberOfSections)
    var seen = Set<String>()
    for section in library.sections where snapshot.contains(section: section.id) {
      guard seen.insert(section.id).inserted else { continue }
      let pictures = section.pictures.filter {
        snapshot.sectionIdentifier(containingItem: $0.id) == section.id
      }
      result.append(section.with(pictures: pictures))
    }
    return result
  }
}
