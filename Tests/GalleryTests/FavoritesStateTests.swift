import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// Favourites (a view of the decisions), the list appearance and folding sections,
/// through `update` alone.
@Suite struct FavoritesStateTests {
  static let f = Key.character("f")
  static let space = Key.character(" ")
  static let picked = CullingDecision(rating: .unrated, flag: .picked, labels: [])

  /// The paths of the Favourites section, in order.
  static func favoritesShown(_ state: GalleryState) -> [String] {
    guard let index = state.favoritesSectionIndex else { return [] }
    return state.sections[index].pictures.map(\.path)
  }

  static func focusedPath(_ state: GalleryState) -> String? {
    state.focus.flatMap { state.picture(at: $0) }?.path
  }

  @Test func fPicksTheFocusedPictureAndAsksForItsSidecar() {
    var state = AppFixture.state()
    #expect(state.favoritesSectionIndex == nil)
    let commands = AppFixture.press([Self.f], &state)
    let path = "/pictures/Office/office-1.jpg"
    #expect(state.isFavorite(path))
    #expect(state.decision(of: path) == Self.picked)
    #expect(commands.contains(.writeDecisions([FileDecision(path: path, decision: Self.picked)])))
    #expect(state.message?.description == "favourite (picked)")
    #expect(state.favoritesSectionIndex == 3)
    #expect(state.sections[3].name == "Favourites")
    #expect(Self.favoritesShown(state) == [path])
    #expect(state.focus == ItemIndexPath(item: 0, section: 0), "the focus stays on the picture")
    let again = AppFixture.press([Self.space], &state)
    #expect(!state.isFavorite(path))
    #expect(again.contains(.writeDecisions([FileDecision(path: path, decision: .undecided)])))
    #expect(state.favoritesSectionIndex == nil)
    #expect(state.sections.count == 3)
  }

  @Test func theFavouritesSectionListsPicturesInTheOrderTheyWereMarked() {
    var state = AppFixture.state()
    AppFixture.press([.tab, .right, Self.f, .left, Self.f, .tab, Self.f], &state)
    #expect(
      Self.favoritesShown(state) == [
        "/pictures/Kitchen/kitchen-2.jpg", "/pictures/Kitchen/kitchen-1.jpg",
        "/pictures/MacBook/macbook-1.jpg",
      ])
    #expect(state.focus == ItemIndexPath(item: 0, section: 2))
    // Tab reaches the Favourites section, laid out as a grid of the MacBook's columns.
    AppFixture.press([.tab], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 3))
    #expect(AppFixture.columns(state, section: 3) == 3, "all three in the first row of 4")
    #expect(AppFixture.focusIsOnScreen(state))
  }

  @Test func unmarkingInsideTheFavouritesSectionFocusesTheNeighbour() {
    var state = AppFixture.state()
    AppFixture.press([Self.f, .right, Self.f, .right, Self.f], &state)
    // End is the last picture: the last favourite.
    AppFixture.press([.end], &state)
    #expect(state.focus == ItemIndexPath(item: 2, section: 3))
    #expect(Self.focusedPath(state) == "/pictures/Office/office-3.jpg")
    AppFixture.press([.left], &state)
    #expect(state.focus == ItemIndexPath(item: 1, section: 3))
    // The middle one goes; the one after it takes its place under the focus.
    AppFixture.press([Self.f], &state)
    #expect(Self.favoritesShown(state).count == 2)
    #expect(state.focus == ItemIndexPath(item: 1, section: 3))
    #expect(Self.focusedPath(state) == "/pictures/Office/office-3.jpg")
    // The last one goes: the previous one.
    AppFixture.press([Self.f], &state)
    #expect(Self.focusedPath(state) == "/pictures/Office/office-1.jpg")
    #expect(state.focus == ItemIndexPath(item: 0, section: 3))
    // The section empties and goes: the same picture in its folder's section.
    AppFixture.press([Self.f], &state)
    #expect(state.favoritesSectionIndex == nil)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
    #expect(AppFixture.focusIsOnScreen(state))
  }

  @Test func markingFromAFolderKeepsAFocusThatIsNotInTheFavouritesSection() {
    var state = AppFixture.state()
    AppFixture.press([.tab, .tab, .right, Self.f, .left, Self.f], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 2))
    #expect(
      Self.favoritesShown(state) == [
        "/pictures/MacBook/macbook-2.jpg", "/pictures/MacBook/macbook-1.jpg",
      ])
    AppFixture.press([.right, Self.f], &state)
    #expect(state.focus == ItemIndexPath(item: 1, section: 2))
    #expect(Self.favoritesShown(state) == ["/pictures/MacBook/macbook-1.jpg"])
  }

  @Test func theDetailViewTogglesAndKeepsShowingThePicture() {
    var state = AppFixture.state()
    AppFixture.press([.down, .enter], &state)
    #expect(state.presentation.mode == .detail)
    let commands = AppFixture.press([Self.space], &state)
    #expect(
      commands.contains(
        .writeDecisions([
          FileDecision(path: "/pictures/Kitchen/kitchen-1.jpg", decision: Self.picked)
        ])))
    #expect(state.presentation.mode == .detail)
    #expect(Self.focusedPath(state) == "/pictures/Kitchen/kitchen-1.jpg", "Space no longer pages")
    // Opened from the Favourites section, unmarking keeps the same picture on screen.
    AppFixture.press([.escape, .end, .enter], &state)
    #expect(state.focus?.section == 3)
    AppFixture.press([Self.f], &state)
    #expect(state.presentation.mode == .detail)
    #expect(Self.focusedPath(state) == "/pictures/Kitchen/kitchen-1.jpg")
    #expect(state.focus == ItemIndexPath(item: 0, section: 1))
    #expect(!state.isFavorite("/pictures/Kitchen/kitchen-1.jpg"))
  }

  @Test func aPickShowsInTheFavouritesAndARejectTakesItOut() {
    var state = AppFixture.state()
    AppFixture.press([.right, .character("P")], &state)
    #expect(Self.favoritesShown(state) == ["/pictures/Office/office-2.jpg"])
    #expect(state.isFavorite("/pictures/Office/office-2.jpg"))
    AppFixture.press([.character("X")], &state)
    #expect(state.favoritesSectionIndex == nil, "a reject is no pick")
    #expect(state.focus == ItemIndexPath(item: 1, section: 0))
  }

  @Test func undoTakesAFavouriteBackAsAnyDecision() {
    var state = AppFixture.state()
    AppFixture.press([.character("3"), Self.f], &state)
    let path = "/pictures/Office/office-1.jpg"
    #expect(state.isFavorite(path))
    let commands = AppFixture.press([.character("U")], &state)
    #expect(!state.isFavorite(path))
    #expect(state.favoritesSectionIndex == nil)
    let threeStars = CullingDecision(rating: StarRating(clamping: 3), flag: .none, labels: [])
    #expect(state.decision(of: path) == threeStars, "the stars stay")
    #expect(commands.contains(.writeDecisions([FileDecision(path: path, decision: threeStars)])))
  }

  @Test func fTakesTheMarkedPicturesTogether() {
    var state = AppFixture.state()
    AppFixture.press([.character("m"), .right, .right, .character("m"), Self.f], &state)
    #expect(
      Self.favoritesShown(state) == [
        "/pictures/Office/office-1.jpg", "/pictures/Office/office-3.jpg",
      ])
    #expect(state.message?.description == "favourite (picked) on 2 pictures")
    // Both favourites: f takes both back, in one step undo gives back.
    AppFixture.press([Self.f], &state)
    #expect(state.favoritesSectionIndex == nil)
    AppFixture.press([.character("U")], &state)
    #expect(Self.favoritesShown(state).count == 2)
  }

  @Test func withARatingRuleFGivesTheStarsAndTakesOneStarLessBack() {
    var state = GalleryState(
      library: AppFixture.library(), width: 10, height: 10,
      configuration: .init(firstRowScrolling: .paging, favoriteRule: .rating(atLeast: 4)))
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    let first = "/pictures/Office/office-1.jpg"
    let second = "/pictures/Office/office-2.jpg"
    AppFixture.press([Self.f], &state)
    #expect(state.decision(of: first).rating.stars == 4)
    #expect(state.message?.description == "favourite (4 stars)")
    // Five stars are a favourite already; a reject is none, stars and all.
    AppFixture.press([.right, .character("5")], &state)
    #expect(Self.favoritesShown(state) == [first, second])
    AppFixture.press([.character("X")], &state)
    #expect(Self.favoritesShown(state) == [first])
    AppFixture.press([Self.f], &state)
    #expect(
      state.decision(of: second)
        == CullingDecision(rating: StarRating(clamping: 5), flag: .none, labels: []))
    AppFixture.press([.left, Self.f], &state)
    #expect(state.decision(of: first).rating.stars == 3)
    #expect(state.message?.description == "not a favourite (3 stars)")
    #expect(Self.favoritesShown(state) == [second])
  }

  @Test func picksReadFromSidecarsShowOnlyForTheFoldersOpened() {
    var state = AppFixture.state()
    let gone = "/elsewhere/gone.jpg"
    _ = state.update(
      .decisionsRead(["/pictures/MacBook/macbook-2.jpg": Self.picked, gone: Self.picked]))
    #expect(Self.favoritesShown(state) == ["/pictures/MacBook/macbook-2.jpg"])
    #expect(state.content.favorites.contains(gone), "kept, not shown")
  }

  @Test func migratedFavouritesShowAndTheStatusLineSaysSoOnce() {
    var state = AppFixture.state(width: 140, height: 30)
    var migration = FavoritesMigration()
    migration.file = "/state/gallery/favorites.json"
    migration.keptAs = "/state/gallery/favorites.json.migrated"
    migration.decisions = [
      "/pictures/Kitchen/kitchen-2.jpg": Self.picked, "/pictures/Office/office-3.jpg": Self.picked,
    ]
    migration.migrated = 2
    migration.waiting = 1
    _ = state.update(.favoritesMigrated(migration))
    #expect(
      Self.favoritesShown(state) == [
        "/pictures/Kitchen/kitchen-2.jpg", "/pictures/Office/office-3.jpg",
      ])
    #expect(
      state.message?.description
        == "2 favourites are now picked (favorites.json kept as favorites.json.migrated)"
        + " · 1 favourite of favorites.json waits for its file")
    #expect(state.message?.isWarning == false)
    // On disk already: undo has nothing of them to take back.
    let commands = AppFixture.press([.character("U")], &state)
    #expect(!commands.contains { if case .writeDecisions = $0 { true } else { false } })
    #expect(Self.favoritesShown(state).count == 2)
  }

  @Test func aDamagedFileAndAFailedMigrationShowInTheStatusLine() {
    var state = AppFixture.state(width: 100, height: 30)
    var damaged = FavoritesMigration()
    damaged.warning = FavoritesWarning.setAside(
      path: "/state/gallery/favorites.json", backup: "/state/gallery/favorites.json.bak",
      problem: "is not a valid favourites file")
    _ = state.update(.favoritesMigrated(damaged))
    let status =
      GalleryView.render(state).text.split(
        separator: "\n"
      ).last.map(String.init) ?? ""
    #expect(status.contains("favorites.json is not a valid favourites file"), "\(status)")
    #expect(status.contains("favorites.json.bak"), "\(status)")
    var failed = FavoritesMigration()
    failed.migrated = 1
    failed.error = .cannotSetAside(path: "/state/f.json", reason: "disk full")
    _ = state.update(.favoritesMigrated(failed))
    #expect(state.message?.description.contains("disk full") == true)
    #expect(state.message?.isWarning == true)
  }

  @Test func aPickReadBeforeItsFolderIsScannedShowsOnceItIs() {
    var state = GalleryState(width: 80, height: 24)
    _ = state.update(.decisionsRead(["/pictures/Kitchen/kitchen-3.jpg": Self.picked]))
    #expect(state.sections.isEmpty, "no folder holds it yet")
    let library = AppFixture.library()
    for section in library.sections { _ = state.update(.scan(.section(section))) }
    #expect(state.sections.map(\.name) == ["Office", "Kitchen", "MacBook", "Favourites"])
    #expect(state.sections[3].pictures[0].byteSize == 122_000, "the scanned picture's details")
  }

  // MARK: Collapsing

  @Test func zFoldsTheFocusedSectionAndTheFocusGoesToItsHeader() {
    var state = AppFixture.state()
    AppFixture.press([.tab, .right, .down], &state)
    #expect(state.focus == ItemIndexPath(item: 3, section: 1))
    AppFixture.press([.character("z")], &state)
    #expect(state.isCollapsed(1))
    #expect(state.focus == .header(1))
    #expect(state.layout.numberOfItems(inSection: 1) == 0)
    #expect(AppFixture.focusIsOnScreen(state))
    // Down from the folded header goes into the next section, up comes back to it.
    AppFixture.press([.down], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 2))
    AppFixture.press([.up], &state)
    #expect(state.focus == .header(1))
    AppFixture.press([.up], &state)
    #expect(state.focus?.section == 0)
    AppFixture.press([.down, .enter], &state)
    #expect(!state.isCollapsed(1))
    #expect(state.focus == .header(1))
    #expect(state.layout.numberOfItems(inSection: 1) == 25)
    #expect(state.presentation.mode == .grid)
  }

  @Test func foldsSurviveResizesAndViewChanges() {
    var state = AppFixture.state()
    AppFixture.press([.tab, .tab, .character("z")], &state)
    #expect(state.isCollapsed(2))
    for (width, height) in [(160, 50), (40, 12), (200, 60), (80, 24)] {
      _ = state.update(.resize(width: width, height: height, cellAspect: 2))
      #expect(state.isCollapsed(2))
      #expect(state.focus == .header(2))
      #expect(AppFixture.focusIsOnScreen(state), "\(width)×\(height)")
      #expect(state.layout.numberOfItems(inSection: 2) == 0)
    }
    AppFixture.press([.character("v")], &state)
    #expect(state.presentation.showsList && state.isCollapsed(2))
    AppFixture.press([.character("v")], &state)
    #expect(!state.presentation.showsList && state.isCollapsed(2))
    // Home, End, Tab and the detail view's steps pass the folded pictures by.
    AppFixture.press([.end], &state)
    #expect(state.focus == .header(2))
    AppFixture.press([.home, .tab, .tab], &state)
    #expect(state.focus == .header(2))
    AppFixture.press([.backTab, .end], &state)
    AppFixture.press([.backTab], &state)
    #expect(state.focus?.section == 1)
  }

  @Test func aFoldedFavouritesSectionStaysFoldedAsItChanges() {
    var state = AppFixture.state()
    AppFixture.press([Self.f, .end, .tab], &state)
    AppFixture.press([.character("z")], &state)
    #expect(state.isCollapsed(3))
    AppFixture.press([.home, .right, Self.f], &state)
    #expect(state.isCollapsed(3))
    #expect(Self.favoritesShown(state).count == 2)
  }

  @Test func clickingAHeaderFoldsIt() {
    var state = AppFixture.state(width: 80, height: 24)
    _ = state.update(.mouse(MouseEvent(.click, x: 3, y: 0)))
    #expect(state.isCollapsed(0))
    #expect(state.focus == .header(0))
    _ = state.update(.mouse(MouseEvent(.click, x: 3, y: 0)))
    #expect(!state.isCollapsed(0))
  }

  // MARK: The list

  @Test func vSwitchesToTheListKeepingTheFocus() {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press([.tab, .right, .down], &state)
    let before = Self.focusedPath(state)
    AppFixture.press([.character("v")], &state)
    #expect(state.presentation.showsList)
    #expect(Self.focusedPath(state) == before)
    #expect(AppFixture.focusIsOnScreen(state))
    // One row per picture, the full width less nothing, two lines tall.
    let frame = state.frame(of: ItemIndexPath(item: 0, section: 1))
    #expect(frame?.height == ListPreset.rowHeight)
    #expect(frame?.width == 80)
  }

  @Test func listNavigationStepsThroughRowsAndHeaders() {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press([.character("v")], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
    AppFixture.press([.down, .down], &state)
    #expect(state.focus == ItemIndexPath(item: 2, section: 0))
    AppFixture.press([.up, .up, .up], &state)
    #expect(state.focus == .header(0), "headers are rows of the list")
    AppFixture.press([.enter], &state)
    #expect(state.isCollapsed(0))
    AppFixture.press([.down], &state)
    #expect(state.focus == .header(1))
    AppFixture.press([.down], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 1))
    AppFixture.press([.enter], &state)
    #expect(state.presentation.mode == .detail)
    AppFixture.press([.escape], &state)
    #expect(state.presentation.mode == .grid && state.presentation.showsList)
    AppFixture.press([.pageDown], &state)
    #expect(state.focus!.item > 3)
    #expect(AppFixture.focusIsOnScreen(state))
    AppFixture.press([.end], &state)
    #expect(Self.focusedPath(state) == "/pictures/MacBook/macbook-30.jpg")
    #expect(AppFixture.focusIsOnScreen(state))
  }

  @Test func listThumbnailsAreSmallBoxes() {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press([.character("v")], &state)
    let wants = state.thumbnailWants()
    #expect(!wants.isEmpty)
    #expect(wants.allSatisfy { $0.size == ListPreset.thumbnailBox(cellAspect: 2) })
    #expect(ListPreset.thumbnailBox(cellAspect: 2) == TileSize(columns: 5, rows: 2))
  }

  @Test func fTogglesInTheListAndTheRowKeepsTheFocusAcrossResizes() {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press([.character("v"), .down, Self.f], &state)
    #expect(Self.favoritesShown(state) == ["/pictures/Office/office-2.jpg"])
    #expect(state.focus == ItemIndexPath(item: 1, section: 0))
    // The Favourites section is a list section too, at the end.
    AppFixture.press([.end], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 3))
    #expect(state.frame(of: state.focus!)?.height == ListPreset.rowHeight)
    AppFixture.press([.character("z")], &state)
    #expect(state.focus == .header(3))
    for (width, height) in [(140, 44), (60, 16), (80, 24)] {
      _ = state.update(.resize(width: width, height: height, cellAspect: 2))
      #expect(state.presentation.showsList && state.isCollapsed(3) && state.focus == .header(3))
      #expect(AppFixture.focusIsOnScreen(state), "\(width)×\(height)")
    }
    AppFixture.press([.enter, .down, Self.f], &state)
    #expect(state.favoritesSectionIndex == nil)
    #expect(state.focus == ItemIndexPath(item: 1, section: 0), "back on the picture in its folder")
    #expect(AppFixture.focusIsOnScreen(state))
  }
}

/// Where every launch starts: the first picture of the first folder, whatever the
/// favourites and the saved order; the focus stays where the user puts it.
@Suite struct StartFocusTests {
  /// A launch as the runtime makes it: the favourites migrated and the saved order before
  /// the scan, then the folders' sections one by one.
  static func launched(favorites: [String], order: PictureOrder) -> GalleryState {
    var state = GalleryState(width: 120, height: 40)
    var migration = FavoritesMigration()
    migration.decisions = Dictionary(
      uniqueKeysWithValues: favorites.map { ($0, FavoritesStateTests.picked) })
    migration.migrated = favorites.count
    _ = state.update(.favoritesMigrated(migration))
    _ = state.update(.orderLoaded(order))
    for section in AppFixture.library().sections { _ = state.update(.scan(.section(section))) }
    return state
  }

  @Test func aLaunchStartsAtTheFirstPictureOfTheFirstFolder() {
    let favorite = "/pictures/Kitchen/kitchen-3.jpg"
    let reversed = PictureOrder(key: .name, isReversed: true)
    let state = Self.launched(favorites: [favorite], order: reversed)
    #expect(state.sections.map(\.name) == ["Office", "Kitchen", "MacBook", "Favourites"])
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
    #expect(state.picture(at: ItemIndexPath(item: 0, section: 0))?.fileName == "office-15.jpg")
    let plain = Self.launched(favorites: [favorite], order: .standard)
    #expect(plain.focus == ItemIndexPath(item: 0, section: 0))
  }

  @Test func afterAKeyTheFocusStaysWhereTheUserPutIt() {
    var state = GalleryState(width: 120, height: 40)
    _ = state.update(
      .decisionsRead(["/pictures/Kitchen/kitchen-3.jpg": FavoritesStateTests.picked]))
    let library = AppFixture.library()
    _ = state.update(.scan(.section(library.sections[0])))
    _ = state.update(.key(.right))
    let chosen = state.focus
    #expect(chosen == ItemIndexPath(item: 1, section: 0))
    for section in library.sections.dropFirst() { _ = state.update(.scan(.section(section))) }
    _ = state.update(.orderLoaded(.standard))
    #expect(state.focus == chosen)
  }

  /// With `-o`: m, Right, m, Tab, M marks two Office pictures and the whole Kitchen, never
  /// the favourites (the launch no longer starts in them).
  @Test func marksFromTheStartGoToTheFolders() {
    var state = Self.launched(
      favorites: ["/pictures/MacBook/macbook-2.jpg"],
      order: PictureOrder(key: .name, isReversed: false))
    for key: Key in [.character("m"), .right, .character("m"), .tab, .character("M")] {
      _ = state.update(.key(key))
    }
    #expect(state.markCount == 27)
    #expect(!state.isMarked("/pictures/MacBook/macbook-2.jpg"))
  }
}

/// What makes a picture a favourite, as the configuration file names it.
@Suite struct FavoriteRuleTests {
  static func decision(_ stars: Int, _ flag: CullingFlag = .none) -> CullingDecision {
    CullingDecision(rating: StarRating(clamping: stars), flag: flag, labels: [.red])
  }

  @Test func theWordsNameTheRules() {
    #expect(FavoriteRule(word: "picks") == .picks)
    #expect(FavoriteRule(word: "rating>=4") == .rating(atLeast: 4))
    for word in ["rating>=0", "rating>=6", "rating>4", "pick", "all", "opened", ""] {
      #expect(FavoriteRule(word: word) == nil, "\(word)")
    }
    #expect(FavoriteRule.rating(atLeast: 2).word == "rating>=2")
  }

  @Test func picksMakeAndUnmakeTheFlagOnly() {
    let rule = FavoriteRule.picks
    #expect(rule.made(Self.decision(2, .rejected)) == Self.decision(2, .picked))
    #expect(rule.unmade(Self.decision(2, .picked)) == Self.decision(2))
    #expect(rule.unmade(Self.decision(2)) == Self.decision(2), "not one: as it is")
  }

  @Test func aRatingRuleRaisesStarsAndNeverLowersThem() {
    let rule = FavoriteRule.rating(atLeast: 4)
    #expect(!rule.includes(Self.decision(5, .rejected)))
    #expect(rule.includes(Self.decision(4, .picked)))
    #expect(rule.made(Self.decision(2)) == Self.decision(4))
    #expect(rule.made(Self.decision(5, .rejected)) == Self.decision(5))
    #expect(rule.made(Self.decision(5)) == Self.decision(5))
    #expect(rule.unmade(Self.decision(5)) == Self.decision(3))
    #expect(FavoriteRule.rating(atLeast: 1).unmade(Self.decision(1)) == Self.decision(0))
  }
}
