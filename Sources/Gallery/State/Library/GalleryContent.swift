import CompositionalLayout
import DiffableData
import FoundationEssentials
import Pictures
import TerminalKit

/// What the gallery shows: the folders' sections, the favourites and the marks, and the
/// sections they make on screen in the order and under the filter chosen.
///
/// The one source of truth for content, composed of values with their own rules:
/// `LibraryPairs` (the library with each pair's files joined), `FavoritePictures` (the
/// files the culling decisions make favourites), `Marks` (marks follow their files),
/// `LibraryDetails` (what the files said, and the dates taken derived from it),
/// `TimelineTitles`, `ScanProgress` and `ShownSections` (what is on screen). What is
/// stored besides: the library's sections (as the scan and the watcher deliver them, each
/// picture and folder once, in natural order), the order (`PictureOrder`), the filter
/// (`PictureQuery`) and the grouping (`SectionGrouping`). Everything else is derived from
/// them in this file and nowhere else: the sections grouped (the folders', or the
/// timeline's), then `ShownSections` (each section in the order, narrowed by the filter,
/// a section the filter empties left out, then the Favourites section while it has
/// pictures to show). Every change goes through a method here that rebuilds what it
/// touches, so they can never disagree; this is the one file that writes the fields, and
/// `GalleryContent+Queries.swift` reads them.
package struct GalleryContent: Sendable {
  /// The identifier of the Favourites section; never a folder's path (those start with `/`).
  package static let favoritesSectionID = "gallery:favorites"
  /// The Favourites section's title.
  package static let favoritesSectionName = "Favourites"

  /// The sharpness measured of pictures, by path (`Sharpness.value`), for the order by it.
  package private(set) var sharpness: [String: Double] = [:]
  /// The perceptual hashes of pictures, by path, for stacks and near copies.
  package private(set) var likeness: [String: PerceptualHash] = [:]
  /// The content hashes of files, by path, as text: read for the duplicates grouping's
  /// candidates alone, to tell identical copies.
  package private(set) var contentHashes: [String: String] = [:]
  /// How many hashes `likeness` held when the duplicates were last grouped.
  private var likenessGrouped = 0
  /// The hashes of the files moved to the Trash, for an undo to bring back with them.
  private var trashedMeasures = TrashedMeasures()
  /// The stacks of what is shown, which are open, and the rules that make them (see
  /// `PictureStacks`): a closed stack shows as its cover alone.
  package private(set) var stacks = PictureStacks()
  /// The folders' sections in display order, each picture shown once (where it first
  /// appears when two roots overlap), pictures in natural order; order and filter not
  /// applied.
  package private(set) var librarySections: [LibrarySection] = [] {
    didSet { recentResults.forgetAll() }
  }
  /// The files the decisions make favourites (see `FavoritePictures`).
  private(set) var favoritePictures = FavoritePictures()
  /// The favourite files by path, in the order they became favourites.
  package var favorites: Favorites { favoritePictures.favorites }
  /// What makes a picture a favourite.
  package var favoriteRule: FavoriteRule { favoritePictures.rule }
  /// The marked files (see `Marks` for their rules).
  private(set) var pictureMarks = Marks()
  /// The marked pictures by path (`m`): what `-o` prints, `o` opens and `y` copies.
  package var marks: Set<String> { pictureMarks.paths }
  /// What was decided of each file while culling (see `PictureDecisions` for its rules).
  /// Changing them changes nothing shown but the tiles: a filter or an order on them
  /// counts from the moment it is applied, as one on marks does.
  package private(set) var decisions = PictureDecisions()
  /// The order of the pictures in each section.
  package private(set) var order = PictureOrder.standard {
    didSet { recentResults.forgetAll() }
  }
  /// Whether the order applies to the pictures named one by one too: they keep the order
  /// they were given in until the user sorts (a saved order does not move them).
  package private(set) var sortsNamedFiles = false {
    didSet { recentResults.forgetAll() }
  }
  /// The filter: words in the names and fields of the details (`PictureQuery`);
  /// `PictureQuery.none` shows everything.
  package private(set) var filter = PictureQuery.none
  /// What the pictures' files said, and when each was taken (see `LibraryDetails` for
  /// its rules).
  package private(set) var details = LibraryDetails() {
    didSet {
      recentResults.forgetAll()
      shown.forgetSearchColumns()
    }
  }
  /// When the pictures were taken, as their files say (see `TakenDates`).
  package var taken: TakenDates { details.taken }
  /// When each picture was taken, by path, as read from its file (EXIF, a video's
  /// creation time): for the timeline and the order by date taken; a picture without one
  /// sorts by its modification time.
  package var datesTaken: [String: Date] { taken.dates }
  /// The pictures whose files were read and carry no date.
  package var undatedPaths: Set<String> { taken.undated }
  /// What the sections are: the folders, or days, months or years taken, or copies.
  package private(set) var grouping = SectionGrouping.folder
  /// The grouping the duplicates were chosen from, which `C` goes back to.
  package private(set) var groupingBeforeDuplicates = SectionGrouping.folder
  /// The timeline's titles and month names in the locale (see `TimelineTitles`).
  private var titles = TimelineTitles()
  /// The locale timeline titles and counts are written in; nil writes `2026-03-14`.
  package var locale: LocaleWords? { titles.locale }
  /// The months' short names, for the scrubber.
  package var shortMonthNames: [String] { titles.shortMonthNames }
  /// The time zone a moment is put on a day in.
  package var timeZone: LocalTimeZone { taken.timeZone }
  /// How far the scan has come (see `ScanProgress`).
  private(set) var scan = ScanProgress()
  /// Whether the scan has finished.
  package var isScanComplete: Bool { scan.isComplete }
  /// What the finished scan counted, nil before it finished.
  package var scanStats: ScanStats? { scan.stats }
  /// Problems the scan met, shown in the status line.
  package var warnings: [ScanWarning] { scan.warnings }
  /// The library with each pair's files joined, and whose companion each file is (see
  /// `LibraryPairs` for its rules).
  private(set) var pairs = LibraryPairs()
  /// Whether the files of a pair (RAW+JPEG, a Live Photo) show as one picture
  /// (`PicturePairs`); false shows each file apart.
  package var pairsFiles: Bool { pairs.joinsFiles }

  /// What is shown: the arranged sections and their snapshot (see `ShownSections`).
  /// Derived.
  private(set) var shown = ShownSections()
  /// The shown library sections and pictures by identifier (section: folder path, item:
  /// picture path), for O(1) lookups and differences. Derived.
  package var snapshot: Snapshot<String, String> { shown.snapshot }
  /// The sections in display order: the shown library sections, then the Favourites
  /// section while it has pictures to show. Derived.
  package var sections: [LibrarySection] { shown.sections }
  /// Every picture of the library, shown or not, by path, with the stamp of its file as
  /// the library has it: for leaving out repeats, keeping marks only on pictures that
  /// exist, and taking only the hashes made of a file as it is now.
  private(set) var libraryPictures: [String: FileStamp] = [:]
  private var librarySectionIDs: Set<String> = []
  /// The sections before order and filter: `pairs.sections` by folder, else the timeline
  /// newest first (`Timeline`). Made when the library, the dates or the grouping change.
  private(set) var groupedSections: [LibrarySection] = [] {
    didSet { recentResults.forgetAll() }
  }
  /// What the filters typed last showed, for Backspace; forgotten when what they were
  /// applied to changes (the observers above).
  private var recentResults = RecentFilterResults()
  /// Whether folders were added to the library since the timeline was last regrouped.
  package private(set) var needsRegroup = false

  /// An empty gallery.
  package init() {}

  // MARK: Changes

  /// Adds a scanned section after the others (before the Favourites section); a picture
  /// or folder already in the library is left out. O(section) (O(section log section)
  /// in an order other than by name).
  ///
  /// - Returns: whether anything was added.
  @discardableResult
  mutating func add(_ section: LibrarySection) -> Bool {
    guard librarySectionIDs.insert(section.id).inserted else { return false }
    let pictures = section.pictures.filter { picture in
      guard libraryPictures[picture.id] == nil else { return false }
      libraryPictures[picture.id] = FileStamp(picture)
      return true
    }
    let added = section.with(pictures: pictures)
    librarySections.append(added)
    let joined = pairs.append(added)
    if grouping.gathersFolders {
      // A day, or a group of copies, can gather pictures of any folder: the sections are
      // made again whole, once
      // for all the folders a step of the run loop brings (`regroupIfNeeded`), not at
      // each folder, which would cost O(pictures) a folder.
      needsRegroup = true
      return true
    }
    groupedSections.append(joined)
    if let arranged = arranged(joined), !shown.appendLibrarySection(stacked(arranged)) {
      rebuildShown()
    }
    rebuildSections()
    return true
  }

  /// Replaces the folders' sections with `library`'s (a batch of folder changes applied,
  /// or a rescan); `rewritten` pictures are marked reloaded. Marks on pictures that left
  /// go with them; the hashes of the files at `trashed` (moved to the Trash here) are
  /// kept for an undo that brings them back.
  ///
  /// - Returns: the difference in what is shown, nil when nothing shown changed.
  ///
  /// O(pictures) for the snapshots and their difference.
  mutating func replaceLibrary(
    with library: Library, rewritten: [String], trashed: [String] = []
  ) -> SnapshotDifference? {
    let leaving = pictures(at: trashed)
    let unique = library.pictureSnapshot()
    librarySections = Self.sections(of: library, shownIn: unique)
    librarySectionIDs = Set(librarySections.map(\.id))
    libraryPictures = [:]
    libraryPictures.reserveCapacity(unique.numberOfItems)
    for section in librarySections {
      for picture in section.pictures { libraryPictures[picture.id] = FileStamp(picture) }
    }
    scan.noteNew(library.warnings)
    pruneMarks()
    // Before the groups are made again: a rewritten file's hashes are stale (it is
    // hashed again), and a file back from the Trash brings its own.
    keepMeasures(forgetting: rewritten, settingAside: leaving)
    // A rewritten file may say another date now: it is read again.
    forgetDetails(of: rewritten)
    details.keepOnly(holds)
    pairAgain()
    let old = snapshot
    rebuildShown(reloading: rewritten)
    let difference = snapshot.difference(from: old)
    return difference.isEmpty && rewritten.isEmpty ? nil : difference
  }

  /// Takes `rule` for what makes a favourite.
  mutating func setFavoriteRule(_ rule: FavoriteRule) {
    favoritePictures.setRule(rule, decisions: decisions)
    rebuildSections()
  }

  /// Marks (`true`) or unmarks the pictures at `paths`.
  mutating func setMarked(_ paths: [String], _ marked: Bool) {
    pictureMarks.set(paths, marked)
  }

  /// Unmarks every picture.
  mutating func clearMarks() { pictureMarks.clear() }

  /// Moves the marks of the files in `moves`' keys to their new paths (a moved or
  /// renamed file stays marked). O(moves).
  mutating func followMarks(_ moves: [String: String]) {
    pictureMarks.follow(moves)
  }

  /// Sets the decisions of the files in `decisions`' keys. O(decisions): nothing shown is
  /// rearranged but the Favourites section, which follows them (see `FavoritePictures`).
  mutating func setDecisions(_ decisions: [String: CullingDecision]) {
    guard self.decisions.set(decisions) else { return }
    noteFavorites(of: decisions)
  }

  /// Keeps the sharpness measured of pictures, arranging nothing. O(values).
  mutating func noteSharpness(_ values: [String: Double]) {
    sharpness.merge(values) { $1 }
  }

  /// Keeps the perceptual hashes of pictures in the library. O(hashes).
  ///
  /// - Returns: whether what is shown may have changed: in the duplicates grouping, the
  ///   groups are made again (O(pictures × groups)); while stacks are on, the pictures a
  ///   hash makes alike are stacked (`likenessMayRestack`; O(pictures log pictures)).
  @discardableResult
  mutating func noteLikeness(_ hashes: [String: PerceptualHash]) -> Bool {
    let fresh = hashes.filter { holds($0.key) && likeness[$0.key] != $0.value }
    guard !fresh.isEmpty else { return false }
    if grouping == .duplicates {
      likeness.merge(fresh) { $1 }
      guard regroupsDuplicates(adding: 0) else { return false }
      regroup()
      rebuildShown()
      return true
    }
    let restacks = likenessMayRestack(fresh)
    likeness.merge(fresh) { $1 }
    guard restacks else { return false }
    recentResults.forgetAll()
    rebuildShown()
    return true
  }

  /// Whether the duplicates are grouped again once `added` more hashes are kept: while
  /// a library's hashes stream in, each grouping costs O(pictures × groups), so past
  /// `duplicatesRegroupedAlways` hashes they are grouped again only when the hashes have
  /// grown by a quarter since, a few dozen times for any library; the rest are grouped
  /// when the reader is through (`groupLatestLikeness`).
  func regroupsDuplicates(adding added: Int) -> Bool {
    let count = likeness.count + added
    return count <= Self.duplicatesRegroupedAlways
      || count - likenessGrouped >= likenessGrouped / 4
  }

  /// Up to how many hashes the duplicates are grouped again at every batch: a few
  /// milliseconds each.
  static let duplicatesRegroupedAlways = 2_000

  /// Groups the duplicates with every hash known, when some came since they were
  /// grouped. Returns whether what is shown may have changed. O(pictures × groups).
  mutating func groupLatestLikeness() -> Bool {
    guard grouping == .duplicates, likeness.count != likenessGrouped else { return false }
    regroup()
    rebuildShown()
    return true
  }

  /// Makes the duplicates' groups again from what is known now (decisions, sizes and
  /// dates change which copy is best); nothing in another grouping.
  mutating func regroupDuplicates() {
    guard grouping == .duplicates else { return }
    regroup()
    rebuildShown()
  }

  /// Keeps the content hashes of files in the library; in the duplicates grouping the
  /// groups are titled again. Returns whether what is shown may have changed.
  /// O(hashes), O(pictures × groups) in the duplicates grouping.
  @discardableResult
  mutating func noteContentHashes(_ hashes: [String: String]) -> Bool {
    let fresh = hashes.filter { holds($0.key) && contentHashes[$0.key] != $0.value }
    guard !fresh.isEmpty else { return false }
    contentHashes.merge(fresh) { $1 }
    guard grouping == .duplicates else { return false }
    regroup()
    rebuildShown()
    return true
  }

  /// Takes `rules` for what makes a stack, and shows the sections again by them.
  mutating func setStackRules(_ rules: StackRules) {
    guard rules != stacks.rules else { return }
    stacks.setRules(rules)
    recentResults.forgetAll()
    rebuildShown()
  }

  /// Opens (`true`) or closes the stack of the pictures shown at `members`: open, it
  /// shows every picture in place; closed, its cover alone. O(pictures).
  mutating func setStackOpen(_ members: [String], _ open: Bool) {
    stacks.setOpen(members, open)
    recentResults.forgetAll()
    rebuildShown()
  }

  /// Makes the stacks again: a decision changed which picture is a stack's cover.
  /// O(pictures) while any picture is stacked, else O(1).
  mutating func restack() {
    guard !stacks.isEmpty else { return }
    recentResults.forgetAll()
    rebuildShown()
  }

  /// Arranges the pictures again by the sharpness known, in that order. Returns whether
  /// what is shown may have changed. O(pictures log pictures) in that order, else O(1).
  mutating func arrangeBySharpness() -> Bool {
    guard order.key == .sharpness else { return false }
    recentResults.forgetAll()
    rebuildShown()
    return true
  }

  /// Forgets the sharpness and hashes of the files no longer in the library and of
  /// those `rewritten`, which are measured again; the hashes of `trashed` files that left
  /// are kept aside, and those of files back as they left are known again. O(figures),
  /// and O(pictures) while hashes of trashed files are kept.
  private mutating func keepMeasures(
    forgetting rewritten: [String], settingAside trashed: [Picture]
  ) {
    for picture in trashed where !holds(picture.path) {
      let kept = TrashedMeasures.Kept(
        stamp: FileStamp(picture), likeness: likeness[picture.path],
        contentHash: contentHashes[picture.path])
      if kept.likeness != nil || kept.contentHash != nil {
        trashedMeasures.keep(kept, at: picture.path)
      }
    }
    if !sharpness.isEmpty || !likeness.isEmpty || !contentHashes.isEmpty {
      let stale = Set(rewritten)
      sharpness = sharpness.filter { holds($0.key) && !stale.contains($0.key) }
      likeness = likeness.filter { holds($0.key) && !stale.contains($0.key) }
      contentHashes = contentHashes.filter { holds($0.key) && !stale.contains($0.key) }
    }
    guard !trashedMeasures.isEmpty else { return }
    for section in librarySections {
      for picture in section.pictures where trashedMeasures.holds(picture.path) {
        guard let back = trashedMeasures.take(for: picture) else { continue }
        if let hash = back.likeness { likeness[picture.path] = hash }
        if let hash = back.contentHash { contentHashes[picture.path] = hash }
      }
    }
  }

  /// The library's files at `paths`, as they are now. O(pictures), O(1) for none.
  private func pictures(at paths: [String]) -> [Picture] {
    guard !paths.isEmpty else { return [] }
    let wanted = Set(paths)
    return librarySections.flatMap { $0.pictures.filter { wanted.contains($0.path) } }
  }

  /// Whether the filter or the order reads the culling decisions.
  var showsByDecisions: Bool { filter.needs.decisions || order.key == .rating }

  /// Takes decisions read from the files' sidecars: a filter or an order that reads
  /// decisions is applied again when any changed, so `--filter 'rating>=3'` or an order
  /// by rating saved from the last run shows what the sidecars say as they are read.
  /// (A decision made here leaves the pictures shown where they are until the filter or
  /// the order is chosen again, as Lightroom keeps a picture just rated in view.)
  ///
  /// - Returns: whether what is shown may have changed.
  ///
  /// O(decisions), O(pictures log pictures) when what is shown depends on them.
  mutating func receiveDecisions(_ read: [String: CullingDecision]) -> Bool {
    guard decisions.set(read) else { return false }
    noteFavorites(of: read)
    // The best of copies is the one rated or picked: the groups are ordered again when
    // a copy's decision came.
    let regroups = grouping == .duplicates && groupsAny(of: read.keys)
    if regroups { regroup() }
    guard showsByDecisions || regroups else { return false }
    recentResults.forgetAll()
    rebuildShown()
    return true
  }

  /// Moves the decisions of the files in `moves`' keys to their new paths. O(moves).
  mutating func followDecisions(_ moves: [String: String]) {
    decisions.follow(moves)
    let revision = favoritePictures.revision
    favoritePictures.follow(moves)
    if favoritePictures.revision != revision { rebuildSections() }
  }

  /// Notes the decisions of the files in `changes`' keys among the favourites, and shows
  /// the Favourites section again when they may change it. O(changes log changes), and
  /// O(sections + favourites) when the favourites changed.
  private mutating func noteFavorites(of changes: [String: CullingDecision]) {
    let revision = favoritePictures.revision
    favoritePictures.note(changes)
    if favoritePictures.revision != revision { rebuildSections() }
  }

  /// Puts the pictures in `order`; `chosenNow` (a sort key this session, not the order
  /// a run saved) applies it to the pictures named one by one as well.
  mutating func setOrder(_ order: PictureOrder, chosenNow: Bool) {
    guard order != self.order || (chosenNow && !sortsNamedFiles) else { return }
    self.order = order
    if chosenNow { sortsNamedFiles = true }
    rebuildShown()
  }

  /// Shows the files of a pair as one picture (`true`) or each apart. Marks stay on the
  /// files they were set on.
  mutating func setPairsFiles(_ joined: Bool) {
    guard joined != pairsFiles else { return }
    pairAgain(joiningFiles: joined)
    rebuildShown()
  }

  /// Puts the pictures in sections by `grouping`: the folders, or the days, months or
  /// years taken (the pictures whose dates are not read yet wait in the last section),
  /// or the groups of copies (those whose likeness is read).
  mutating func setGrouping(_ grouping: SectionGrouping) {
    guard grouping != self.grouping else { return }
    if grouping == .duplicates { groupingBeforeDuplicates = self.grouping }
    self.grouping = grouping
    regroup()
    rebuildShown()
  }

  /// Writes timeline titles and counts in `locale`, and puts moments on days in
  /// `timeZone` (set once, before any date).
  mutating func setCalendar(locale: LocaleWords?, timeZone: LocalTimeZone) {
    titles = TimelineTitles(locale: locale)
    details.setTimeZone(timeZone)
    regroup()
    rebuildShown()
  }

  /// Narrows the shown pictures to those matching `filter`.
  ///
  /// As a filter is typed, most keys change little: a query with the same sound terms
  /// (a space, a term not whole yet) shows the same pictures; one typed a moment ago
  /// (Backspace) shows what it showed then (`RecentFilterResults`); one that only narrows
  /// the last (`PictureQuery.narrows`), or another kept, is looked for among the pictures
  /// that showed, already grouped and in order. O(pictures looked at), O(pictures log
  /// pictures) for a new query with nothing kept to start from.
  mutating func setFilter(_ filter: PictureQuery) {
    guard filter != self.filter else { return }
    let previous = self.filter
    self.filter = filter
    if filter.rendered == previous.rendered { return }
    if isStacking {
      // What is shown narrowed would lose the pictures inside closed stacks: the
      // sections are made again, stacked after the filter.
      rebuildShown()
      return
    }
    recentResults.keep(
      shown, for: previous, pictureLimit: 4 * max(pairs.pictureCount, 5_000))
    if let recent = recentResults.result(for: filter) {
      shown = recent.shown
    } else if let base = recentResults.narrowest(holdingMatchesOf: filter) {
      let narrowed = NarrowedSections(
        base.shown.librarySections, of: base.query, columns: base.shown.searchColumns,
        by: filter,
        lookUp: detailsShown(for:), isMarked: isMarked, isFavorite: isFavorite,
        decision: decisionShown(for:))
      if let laidOut = narrowed.baseColumns {
        recentResults.noteColumns(laidOut, of: base.rendered)
      }
      if narrowed.keptEverything {
        // Every picture matches (the first letters of a word often do): nothing to make.
        shown = base.shown
        shown.noteSearchColumns(narrowed.columns)
      } else {
        shown = ShownSections(
          narrowing: base.shown, to: narrowed.sections, positions: narrowed.positions,
          searchColumns: narrowed.columns)
      }
    } else {
      rebuildShown()
      return
    }
    rebuildSections()
  }

  /// Lays out the details and names of every picture shown, in their places, when no filter
  /// narrows them and the pictures have not changed since: called when the user is
  /// idle or the library's last details came, so that the first filter typed on a field
  /// finds them at hand instead of looking up those of the whole library between two
  /// keys. O(pictures) once, O(1) after.
  mutating func prepareSearch() {
    guard filter.matchesEverything, shown.searchColumns == nil else { return }
    shown.noteSearchColumns(
      shown.librarySections.map { SearchColumns($0.pictures, lookUp: detailsShown(for:)) })
  }

  /// Takes details read from the pictures' files, and the dates they give: in the
  /// timeline the pictures move to their periods, in the order by date taken to their
  /// places, and a filter of fields shows those that now match.
  ///
  /// - Returns: whether what is shown may have changed.
  ///
  /// O(batch) to note them; O(pictures) when they rearrange what is shown.
  @discardableResult
  mutating func noteDetails(_ batch: PictureDetailsBatch) -> Bool {
    guard !batch.isEmpty else { return false }
    let datesMoved = details.note(batch)
    if grouping == .duplicates {
      // Only the sizes and dates of the copies grouped order a group: the details of
      // any other picture change nothing shown, and grouping costs O(pictures × groups).
      guard groupsAny(of: batch.details.keys) else { return false }
      regroup()
    } else if grouping.gathersFolders {
      regroup()
    } else if !filter.readsDetails && (order.key != .dateTaken || !datesMoved) && !isStacking {
      return false
    }
    rebuildShown()
    return true
  }

  /// Forgets what was read of the files at `paths` (rewritten: their details are read
  /// again).
  mutating func forgetDetails(of paths: [String]) {
    details.forget(paths)
  }

  /// Notes that the scan has finished.
  mutating func finishScan(_ stats: ScanStats? = nil) {
    scan.finish(stats)
  }

  /// Regroups the timeline when folders came since it was last made. O(pictures).
  mutating func regroupIfNeeded() {
    guard needsRegroup else { return }
    regroup()
    rebuildShown()
  }

  /// Notes a problem the scan met.
  mutating func noteWarning(_ warning: ScanWarning) { scan.note(warning) }

  // MARK: Derived

  /// `groupedSections` from `pairs.sections`: the folders themselves, the timeline, or
  /// the groups of copies. O(pictures), O(pictures × groups) for the copies.
  private mutating func regroup() {
    needsRegroup = false
    if grouping == .duplicates {
      groupedSections = duplicateSections()
      likenessGrouped = likeness.count
      return
    }
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
    if !filter.matchesEverything {
      guard let narrowed = filtered(section) else { return nil }
      pictures = narrowed.pictures
    }
    // A group of copies keeps its best copy first, whatever the order.
    if grouping != .duplicates && (section.id != LibrarySection.namedFilesID || sortsNamedFiles) {
      pictures = order.sorted(
        pictures, datesTaken: datesTaken, decision: decisionShown(for:),
        sharpness: { sharpness[$0.path] })
    }
    return section.with(pictures: pictures)
  }

  /// `section` narrowed by the filter, its order kept; nil when the filter leaves it
  /// empty.
  private func filtered(_ section: LibrarySection) -> LibrarySection? {
    let pictures = filter.matching(
      section.pictures, details: detailsShown(for:), isMarked: isMarked,
      isFavorite: isFavorite, decision: decisionShown(for:))
    return pictures.isEmpty ? nil : section.with(pictures: pictures)
  }

  /// What the library index and the files said of `picture`: its own file's details,
  /// else the first of its pair's files' that has them.
  private func detailsShown(for picture: Picture) -> PictureDetails? {
    if let own = details.details(for: picture.path) { return own }
    for companion in picture.companions {
      if let found = details.details(for: companion.path) { return found }
    }
    return nil
  }

  /// Whether `picture`, or any file of its pair, is marked.
  private func isMarked(_ picture: Picture) -> Bool {
    pictureMarks.contains(picture.path)
      || picture.companions.contains { pictureMarks.contains($0.path) }
  }

  /// The decision `picture` shows: its own file's, else its pair's (see
  /// `PictureDecisions`). O(files of the pair).
  private func decisionShown(for picture: Picture) -> CullingDecision {
    decisions.isEmpty
      ? .undecided
      : decisions.decision(for: picture.path, companions: picture.companions.map(\.path))
  }

  /// Whether the decision `picture` shows makes it a favourite (see `FavoriteRule`).
  private func isFavorite(_ picture: Picture) -> Bool {
    favoritePictures.rule.includes(decisionShown(for: picture))
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
    stacks.forgetStacks()
    var arrangedSections: [LibrarySection] = []
    arrangedSections.reserveCapacity(grouped.count)
    for section in grouped {
      if let arranged = arranged(section) { arrangedSections.append(stacked(arranged)) }
    }
    shown.show(arrangedSections, capacity: pairs.pictureCount, reloading: rewritten)
    rebuildSections()
  }

  /// Whether pictures may be stacked: stacks are on and some hash is known; not among
  /// copies, which a stack would hide behind their best.
  var isStacking: Bool { stacks.rules.isOn && !likeness.isEmpty && grouping != .duplicates }

  /// `section` (arranged) with its closed stacks shown as their covers, the stacks noted.
  /// A pair's date and hash are its own file's, else its other files'. O(section).
  private mutating func stacked(_ section: LibrarySection) -> LibrarySection {
    guard isStacking else { return section }
    // Read into locals: the stacks are written meanwhile.
    let dates = datesTaken
    let hashes = likeness
    let measured = sharpness
    let decided = decisions
    return stacks.stack(
      section, date: { Self.known(dates, $0) }, hash: { Self.known(hashes, $0) },
      isPicked: {
        decided.decision(for: $0.path, companions: $0.companions.map(\.path)).flag == .picked
      },
      sharpness: { Self.known(measured, $0) })
  }

  /// The pairs and the companions' maps from the library, from scratch (the files of a
  /// pair joined or not, `joiningFiles`, as before by default).
  private mutating func pairAgain(joiningFiles: Bool? = nil) {
    pairs.rebuild(from: librarySections, joinsFiles: joiningFiles ?? pairsFiles)
    regroup()
  }

  /// `sections` from the shown library sections and the favourites: the Favourites
  /// section lists the library's picture for each favourite a shown folder holds (a pair
  /// once, whichever of its files have the decision), in the order and under the filter.
  /// A favourite no shown folder holds is not listed: decisions are read from the
  /// sidecars of the folders opened only, and a file gone keeps its decision for undo
  /// alone. O(sections + favourites).
  private mutating func rebuildSections() {
    var seen = Set<String>()
    let pictures = favorites.paths.compactMap { path -> Picture? in
      let shownPath = shownPath(of: path)
      // A favourite inside a closed stack is listed too: only its tile is hidden.
      guard seen.insert(shownPath).inserted,
        let picture = shown.libraryPicture(shownPath)
          ?? stacks.stack(of: shownPath)?.members.first(where: { $0.path == shownPath }),
        isFavorite(picture)
      else { return nil }
      return picture
    }
    let section = LibrarySection(
      name: Self.favoritesSectionName, folder: URL(fileURLWithPath: "/"), pictures: pictures)
    // By name, the Favourites section keeps the order the pictures became favourites in.
    shown.showFavorites(pictures.isEmpty ? nil : arranged(section))
  }

  /// Keeps the marks of pictures the library still holds.
  private mutating func pruneMarks() {
    pictureMarks.keepOnly(holds)
  }
}
