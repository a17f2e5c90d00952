import Foundation
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct FavoritesSetTests {
  @Test func toggleMarksAndUnmarksKeepingOrder() {
    var favorites = Favorites(["/b", "/a", "/b"])
    #expect(favorites.paths == ["/b", "/a"])
    let markedC = favorites.toggle("/c")
    let markedB = favorites.toggle("/b")
    #expect(markedC && !markedB)
    #expect(favorites.paths == ["/a", "/c"])
    #expect(favorites.contains("/c") && !favorites.contains("/b"))
    #expect(favorites.count == 2)
  }
}

@Suite struct FavoritesStoreTests {
  @Test func defaultPathFollowsXdgStateHomeThenHome() {
    #expect(
      FavoritesStore.defaultPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
        == "/s/gallery/favorites.json")
    #expect(
      FavoritesStore.defaultPath(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])
        == "/h/.local/state/gallery/favorites.json")
    #expect(
      FavoritesStore.defaultPath(environment: ["HOME": "/h/"])
        == "/h/.local/state/gallery/favorites.json")
    #expect(FavoritesStore.defaultPath(environment: [:]) == nil)
    #expect(throws: FavoritesError.noStateFolder) { try FavoritesStore(environment: [:]) }
  }

  @Test func savedFavoritesComeBackInOrderAndTheFolderIsPrivate() throws {
    let fixture = FolderFixture()
    let store = try FavoritesStore(environment: ["XDG_STATE_HOME": fixture.path("state")])
    #expect(store.path == fixture.path("state/gallery/favorites.json"))
    #expect(store.load() == FavoritesLoad(favorites: Favorites(), warnings: []))
    let favorites = Favorites(["/pictures/z.jpg", "/pictures/a b/\u{e9}t\u{e9}.png", "/gone/x.jpg"])
    #expect(try store.save(favorites).isEmpty)
    let loaded = store.load()
    #expect(loaded.favorites == favorites)
    #expect(loaded.warnings.isEmpty)
    var status = stat()
    #expect(stat(fixture.path("state/gallery"), &status) == 0)
    #expect(status.st_mode & 0o777 == 0o700)
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: fixture.path("state/gallery"))
    #expect(leftovers == ["favorites.json"])
  }

  @Test func aCorruptFileIsSetAsideWithAWarningAndNotOverwritten() throws {
    let fixture = FolderFixture()
    let file = fixture.text("gallery/favorites.json", "{\"version\":1,\"favorites\":[\"/a\"")
    fixture.text("gallery/favorites.json.bak", "an older backup\n")
    let store = FavoritesStore(path: file)
    let loaded = store.load()
    #expect(loaded.favorites.isEmpty)
    #expect(
      loaded.warnings == [
        .setAside(path: file, backup: file + ".bak.1", problem: "is not a valid favourites file")
      ])
    #expect(loaded.warnings.first?.description.contains(".bak.1") == true)
    #expect(try String(contentsOfFile: file + ".bak", encoding: .utf8) == "an older backup\n")
    #expect(
      try String(contentsOfFile: file + ".bak.1", encoding: .utf8)
        == "{\"version\":1,\"favorites\":[\"/a\"")
    #expect(!FileManager.default.fileExists(atPath: file))
    try store.save(Favorites(["/new.jpg"]))
    #expect(store.load().favorites == Favorites(["/new.jpg"]))
  }

  @Test func aDamagedFileAppearingBeforeASaveIsSetAsideToo() throws {
    let fixture = FolderFixture()
    let store = FavoritesStore(path: fixture.path("favorites.json"))
    fixture.text("favorites.json", "{\"version\": 7, \"favorites\": []}")
    let warnings = try store.save(Favorites(["/x.png"]))
    #expect(warnings.count == 1)
    #expect(try String(contentsOfFile: store.path + ".bak", encoding: .utf8).contains("7"))
    #expect(store.load().favorites == Favorites(["/x.png"]))
  }

  @Test func anUnreadableFileIsSetAside() throws {
    // A folder where the file should be is not read as one, even by the superuser.
    let fixture = FolderFixture()
    fixture.folder("favorites.json")
    let store = FavoritesStore(path: fixture.path("favorites.json"))
    let loaded = store.load()
    guard case .setAside(_, let backup, let problem)? = loaded.warnings.first else {
      Issue.record("expected a set-aside warning, got \(loaded.warnings)")
      return
    }
    #expect(backup == store.path + ".bak")
    #expect(problem == "is not a file")
    try store.save(Favorites(["/a.jpg"]))
    #expect(store.load().favorites.paths == ["/a.jpg"])
  }

  @Test func anUnwritableFolderIsATypedError() throws {
    let fixture = FolderFixture()
    fixture.text("blocker", "a file where a folder should be\n")
    let store = FavoritesStore(path: fixture.path("blocker/gallery/favorites.json"))
    #expect {
      try store.save(Favorites(["/a.jpg"]))
    } throws: { error in
      guard case .cannotCreateFolder(let path, _) = error as? FavoritesError else { return false }
      return path == fixture.path("blocker/gallery")
    }
    if geteuid() != 0 {
      fixture.folder("locked")
      fixture.setMode("locked", 0o500)
      let locked = FavoritesStore(path: fixture.path("locked/favorites.json"))
      #expect(throws: FavoritesError.self) { try locked.save(Favorites(["/a.jpg"])) }
    }
  }

  @Test func staleTemporaryFilesOfDeadProcessesAreRemoved() throws {
    let fixture = FolderFixture()
    let store = FavoritesStore(path: fixture.path("favorites.json"))
    try store.save(Favorites(["/a.jpg"]))
    // Process ids above the kernel's limit never run.
    fixture.text(".favorites.json.99999999.tmp", "{\"vers")
    fixture.text(".other.1.tmp", "not ours")
    _ = store.load()
    let names = try FileManager.default.contentsOfDirectory(atPath: fixture.root).sorted()
    #expect(names == [".other.1.tmp", "favorites.json"])
  }

  /// Each save writes favourites `/0` … `/n-1` for growing n; after a kill at a random
  /// moment the file must hold such a list in full, as long as before or longer, never a
  /// torn mix.
  @Test func aSaveKilledAtAnyMomentLeavesTheOldOrTheNewFile() async throws {
    let fixture = FolderFixture()
    let store = FavoritesStore(path: fixture.path("state/favorites.json"))
    try store.save(Favorites(["/0"]))  // also warms up everything the child will use
    var known = 1
    var roundsThatWrote = 0
    var generator = SystemRandomNumberGenerator()
    for round in 0..<50 {
      let base = known
      let child = fork()
      if child == 0 {
        // Only the saves and _exit run in the child.
        var favorites = Favorites((0..<base).map { "/\($0)" })
        for index in base..<(base + 1000) {
          favorites.insert("/\(index)")
          _ = try? store.save(favorites)
        }
        _exit(0)
      }
      try #require(child > 0, "fork failed")
      try await Task.sleep(for: .microseconds(Int.random(in: 200...25_000, using: &generator)))
      kill(child, SIGKILL)
      // Reaped on a thread of its own: the test's thread is one of the cooperative pool's.
      _ = await Subprocess.exitStatus(of: child)
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: store.path)))
      guard case .success(let favorites) = FavoritesStore.decode(bytes) else {
        Issue.record("round \(round): the file is torn: \(String(decoding: bytes, as: UTF8.self))")
        return
      }
      #expect(favorites.paths == (0..<favorites.count).map { "/\($0)" })
      #expect(favorites.count >= base)
      if favorites.count > base { roundsThatWrote += 1 }
      known = favorites.count
    }
    // The child got saves done in most rounds, so the kills landed mid-loop.
    #expect(roundsThatWrote > 10)
    #expect(store.load().warnings.isEmpty)
  }
}
