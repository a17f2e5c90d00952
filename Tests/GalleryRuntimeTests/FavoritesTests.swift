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
  ///
  /// The kills are spread over the time saves really take on this machine, measured
  /// first: under a sanitizer, or beside other tests, a save takes many times what it takes
  /// alone, and kills timed for a quiet machine would all land before the first save.
  /// Every round starts from the same list, so a save costs the same in each. A forked
  /// child also pays for its start, and the machine's load changes: a round in which the
  /// child got no save done widens the span by half, one in which it did narrows it by a
  /// tenth. The span so settles where about one kill in five comes before the first save
  /// (the old file is kept) and the others land among the saves (the file is the last one
  /// saved).
  @Test func aSaveKilledAtAnyMomentLeavesTheOldOrTheNewFile() async throws {
    let fixture = FolderFixture()
    let store = FavoritesStore(path: fixture.path("state/favorites.json"))
    let old = Favorites((0..<100).map { "/\($0)" })
    try store.save(old)
    // Five saves as a child makes them, each reading the file the one before wrote, on a
    // thread of its own (they wait for the disk). They also warm up everything a child
    // runs: a child forked while another thread was setting up something it then needs
    // would wait for it for ever, never getting a save done.
    let span = try await Waiting.onOwnThread {
      var next = old
      return try ContinuousClock().measure {
        for index in old.count..<(old.count + 5) {
          next.insert("/\(index)")
          try store.save(next)
        }
      }
    }
    // Each round starts from the old file, put back plainly: no child runs yet.
    let oldFile = Data(FavoritesStore.encode(old))
    var spread = span
    var roundsThatWrote = 0
    var generator = SystemRandomNumberGenerator()
    for round in 0..<50 {
      try oldFile.write(to: URL(fileURLWithPath: store.path))
      let (child, forked) = try await Self.startSaving(200, in: store, after: old)
      try await Task.sleep(
        until: forked + spread * Double.random(in: 0...1, using: &generator), clock: .continuous)
      kill(child, SIGKILL)
      // Reaped on a thread of its own: the test's thread is one of the cooperative pool's.
      _ = await Subprocess.exitStatus(of: child)
      let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: store.path)))
      guard case .success(let favorites) = FavoritesStore.decode(bytes) else {
        Issue.record("round \(round): the file is torn: \(String(decoding: bytes, as: UTF8.self))")
        return
      }
      #expect(favorites.paths == (0..<favorites.count).map { "/\($0)" })
      #expect(favorites.count >= old.count)
      if favorites.count > old.count {
        roundsThatWrote += 1
        spread = spread * 0.9
      } else {
        // At most five seconds, so stuck children cannot stretch the test for ever.
        spread = min(.seconds(5), spread * 1.5)
      }
    }
    // The child got saves done in most rounds, so the kills landed among them.
    #expect(roundsThatWrote > 10, "five saves took \(span); kills spread over \(spread) at last")
    #expect(store.load().warnings.isEmpty)
  }

  /// Forks a child that adds `/n`, `/n+1`, … to `favorites` (`/0` … `/n-1`), saving after
  /// each, `count` saves, then ends; and when it was forked.
  ///
  /// Forked on a thread of its own: the test's thread is one of the cooperative pool's, and
  /// a sanitizer's fork copies much memory. Only the saves and `_exit` run in the child,
  /// and it is forked while no other test's script is open for writing (it would keep it
  /// busy while it lives).
  static func startSaving(_ count: Int, in store: FavoritesStore, after favorites: Favorites)
    async throws -> (pid_t, ContinuousClock.Instant)
  {
    let (child, forked) = await Waiting.onOwnThread { () -> (pid_t, ContinuousClock.Instant) in
      let forked = ContinuousClock.now
      let child = Executable.fork()
      if child == 0 {
        var favorites = favorites
        let next = favorites.count
        for index in next..<(next + count) {
          favorites.insert("/\(index)")
          _ = try? store.save(favorites)
        }
        _exit(0)
      }
      return (child, forked)
    }
    try #require(child > 0, "fork failed")
    return (child, forked)
  }
}
