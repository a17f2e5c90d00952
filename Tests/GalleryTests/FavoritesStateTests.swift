import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// Favourites, the list appearance and folding sections, through `update` alone.
@Suite struct FavoritesStateTests {
  static let f = Key.character("f")
  static let space = Key.character(" ")

  /// The paths of the Favourites section, in order.
  static func favoritesShown(_ state: GalleryState) -> [String] {
    guard let index = state.favoritesSectionIndex else { return [] }
    return state.sections[index].pictures.map(\.path)
  }

  static func focusedPath(_ state: GalleryState) -> String? {
    state.focus.flatMap { state.picture(at: $0) }?.path
  }

  @Test func fTogglesTheFocusedPictureAndAsksForASave() {
    var state = AppFixture.state()
    #expect(state.favoritesSectionIndex == nil)
    let commands = AppFixture.press([Self.f], &state)
    let path = "/pictures/Office/office-1.jpg"
    #expect(state.isFavorite(path))
    #expect(commands.contains(.saveFavorites(Favorites([path]))))
    #expect(state.favoritesSectionIndex == 3)
    #expect(state.sections[3].name == "Favourites")
    #expect(Self.favoritesShown(state) == [path])
    #expect(state.focus == ItemIndexPath(item: 0, section: 0), "the focus stays on the picture")
    let again = AppFixture.press([Self.space], &state)
    #expect(!state.isFavorite(path))
    #expect(again.contains(.saveFavorites(Favorites())))
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
    #expect(commands.contains(.saveFavorites(Favorites(["/pictures/Kitchen/kitchen-1.jpg"]))))
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

  @Test func loadedFavouritesShowIncludingOnesWhoseFileIsGone() {
    var state = AppFixture.state()
    let gone = "/elsewhere/gone.jpg"
    _ = state.update(
      .favoritesLoaded(
        FavoritesLoad(favorites: Favorites(["/pictures/MacBook/macbook-2.jpg", gone]))))
    #expect(Self.favoritesShown(state) == ["/pictures/MacBook/macbook-2.jpg", gone])
    let picture = state.sections[3].pictures[1]
    #expect(picture.fileName == "gone.jpg")
    #expect(state.libraryPath(of: gone) == nil)
    // The thumbnail fails: a broken entry, kept.
    _ = state.update(.pictureDescribed(path: gone, outcome: .failed(.notFound(gone))))
    #expect(Self.favoritesShown(state).contains(gone))
    state.browsing.moveFocus(to: ItemIndexPath(item: 1, section: 3))
    let frame = GalleryView.render(state)
    #expect(frame.text.contains("gone.jpg"))
  }

  @Test func aDamagedFileAndASaveFailureShowInTheStatusLine() {
    var state = AppFixture.state(width: 100, height: 30)
    let warning = FavoritesWarning.setAside(
      path: "/state/gallery/favorites.json", backup: "/state/gallery/favorites.json.bak",
      problem: "is not a valid favourites file")
    _ = state.update(.favoritesLoaded(FavoritesLoad(favorites: Favorites(), warnings: [warning])))
    let status =
      GalleryView.render(state).text.split(
        separator: "\n"
      ).last.map(String.init) ?? ""
    #expect(status.contains("favorites.json is not a valid favourites file"), "\(status)")
    #expect(status.contains("favorites.json.bak"), "\(status)")
    _ = state.update(
      .favoritesSaved(.failure(.cannotWrite(path: "/state/f.json", reason: "disk full"))))
    #expect(state.message?.description.contains("disk full") == true)
    AppFixture.press([Self.f], &state)
    #expect(state.isFavorite("/pictures/Office/office-1.jpg"), "kept in memory")
    _ = state.update(.favoritesSaved(.success([])))
    #expect(state.message == nil, "a save that works clears the failure")
  }

  @Test func scannedSectionsGoBeforeTheFavouritesSection() {
    var state = GalleryState(width: 80, height: 24)
    _ = state.update(
      .favoritesLoaded(FavoritesLoad(favorites: Favorites(["/pictures/Kitchen/kitchen-3.jpg"]))))
    #expect(state.sections.map(\.name) == ["Favourites"])
    #expect(state.sections[0].pictures[0].byteSize == 0, "not scanned yet")
    state.browsing.moveFocus(to: ItemIndexPath(item: 0, section: 0))
    state.browsing.userTookFocus()  // the user moved there, as a key would
    let library = AppFixture.library()
    for section in library.sections { _ = state.update(.scan(.section(section))) }
    #expect(state.sections.map(\.name) == ["Office", "Kitchen", "MacBook", "Favourites"])
    #expect(state.focus == ItemIndexPath(item: 0, section: 3), "the focus moved with it")
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
  /// A launch as the runtime makes it: the favourites and the saved order before the scan,
  /// then the folders' sections one by one.
  static func launched(favorites: [String], order: PictureOrder) -> GalleryState {
    var state = GalleryState(width: 120, height: 40)
    _ = state.update(.favoritesLoaded(FavoritesLoad(favorites: Favorites(favorites))))
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
      .favoritesLoaded(FavoritesLoad(favorites: Favorites(["/pictures/Kitchen/kitchen-3.jpg"]))))
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

/// The favourites a gallery shows are those under the folders it opened; the others stay
/// in the file for the galleries of their folders.
@Suite struct FavoritesScopeTests {
  static let here = "/pictures/Kitchen/kitchen-3.jpg"
  static let elsewhere = "/home/ana/Trips/osaka.jpg"

  static func state(_ scope: FavoritesScope, files: [String: Picture] = [:]) -> GalleryState {
    var state = GalleryState(
      width: 120, height: 40, configuration: .init(favoritesScope: scope))
    _ = state.update(
      .favoritesLoaded(
        FavoritesLoad(favorites: Favorites([here, elsewhere]), files: files)))
    for section in AppFixture.library().sections { _ = state.update(.scan(.section(section))) }
    return state
  }

  @Test func onlyTheFavouritesUnderTheFoldersOpenedShow() throws {
    let state = Self.state(.under(["/pictures"]))
    let favorites = try #require(state.favoritesSectionIndex)
    #expect(state.sections[favorites].pictures.map(\.path) == [Self.here])
    #expect(state.content.favorites.paths == [Self.here, Self.elsewhere], "both kept")
    #expect(!FavoritesScope.under(["/pictures"]).includes("/pictures-old/a.jpg"))
    #expect(FavoritesScope.under(["/"]).includes("/any/where.jpg"))
  }

  /// Shown all, one no folder holds has its file's own size and format, as read.
  @Test func allShowsEveryFavouriteWithItsFilesDetails() throws {
    let file = Picture(
      path: Self.elsewhere, fileName: "osaka.jpg", byteSize: 37_638,
      modificationDate: Date(timeIntervalSince1970: 1_700_000_000), format: .jpeg)
    let state = Self.state(.all, files: [Self.elsewhere: file])
    let favorites = try #require(state.favoritesSectionIndex)
    let shown = state.sections[favorites].pictures
    #expect(shown.map(\.path) == [Self.here, Self.elsewhere])
    #expect(shown.last?.byteSize == 37_638 && shown.last?.format == .jpeg)
    #expect(shown.first?.byteSize == 122_000, "the scanned one's details")
  }
}
