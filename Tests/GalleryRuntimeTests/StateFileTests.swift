import Foundation
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime

/// The state file beside the favourites: the order and the last folders kept across runs,
/// never fatal.
@Suite struct StateFileTests {
  @Test func liveBesideTheFavourites() {
    let environment = ["XDG_STATE_HOME": "/s", "HOME": "/h"]
    #expect(StateFile(environment: environment)?.path == "/s/gallery/state.json")
    #expect(StateFile(environment: ["HOME": "/h"])?.path == "/h/.local/state/gallery/state.json")
    #expect(StateFile(environment: [:]) == nil)
  }

  @Test func anOrderSurvivesASaveAndALoad() async throws {
    let files = FolderFixture()
    let keeper = StateFileKeeper(environment: ["XDG_STATE_HOME": files.path("state")])
    #expect(keeper.load().isEmpty, "no file yet: nothing to restore, no warning")
    keeper.save(PictureOrder(key: .size, isReversed: true)) { Issue.record("failed: \($0)") }
    // `finish` waits for the keeper's queue: on a thread of its own, not the test's.
    await Waiting.onOwnThread { keeper.finish() }
    let events = keeper.load()
    guard case .orderLoaded(let order)? = events.first else {
      Issue.record("no order in \(events)")
      return
    }
    #expect(order == PictureOrder(key: .size, isReversed: true))
    let text = try String(contentsOfFile: files.path("state/gallery/state.json"), encoding: .utf8)
    #expect(text.contains("\"order\" : \"size\""))
  }

  /// The folders of `x` and `c`, the last first, come back at the next start; a save of
  /// the order keeps them, and a save of them keeps the order.
  @Test func theLastFoldersSurviveASaveAndALoadBesideTheOrder() async throws {
    let files = FolderFixture()
    let environment = ["XDG_STATE_HOME": files.path("state")]
    let keeper = StateFileKeeper(environment: environment)
    keeper.save(PictureOrder(key: .size)) { Issue.record("failed: \($0)") }
    // As the prompt sends them: the folder just used first.
    keeper.save(recentFolders: ["/mnt/photos"]) { Issue.record("\($0)") }
    keeper.save(recentFolders: ["~/Sync", "/mnt/photos"]) { Issue.record("\($0)") }
    await Waiting.onOwnThread { keeper.finish() }
    // The next run: a keeper of its own reads them, and its save of the order keeps them.
    let next = StateFileKeeper(environment: environment)
    let events = next.load()
    #expect(events.count == 2, "\(events)")
    guard case .recentFoldersLoaded(let folders)? = events.last else {
      Issue.record("no folders in \(events)")
      return
    }
    #expect(folders == ["~/Sync", "/mnt/photos"])
    next.save(PictureOrder(key: .name, isReversed: true)) { Issue.record("failed: \($0)") }
    await Waiting.onOwnThread { next.finish() }
    let contents = try #require(try StateFile(environment: environment)?.load())
    #expect(contents.order == PictureOrder(key: .name, isReversed: true))
    #expect(contents.recentFolders == ["~/Sync", "/mnt/photos"])
    // The state takes them as the prompts' last folders.
    var state = GalleryState(width: 80, height: 24)
    _ = state.update(.recentFoldersLoaded(folders))
    #expect(state.recentFolders == folders)
  }

  /// A file from before the folders were kept still reads, with none.
  @Test func aFileWithoutFoldersReads() {
    let bytes = Array(#"{"version":1,"order":"size","reversed":true}"#.utf8)
    let contents = StateFile.contents(inFileBytes: bytes)
    #expect(contents == StateFile.Contents(order: PictureOrder(key: .size, isReversed: true)))
  }

  @Test func aDamagedFileIsReportedNotFatalAndReplacedByTheNextSave() async {
    let files = FolderFixture()
    _ = files.file("state/gallery/state.json", Array("{not json".utf8))
    let keeper = StateFileKeeper(environment: ["XDG_STATE_HOME": files.path("state")])
    guard case .stateFileFailed(let error)? = keeper.load().first else {
      Issue.record("no error reported")
      return
    }
    #expect(error == .damaged(path: files.path("state/gallery/state.json")))
    #expect(error.description.contains("damaged"))
    keeper.save(PictureOrder(key: .modified)) { Issue.record("failed: \($0)") }
    await Waiting.onOwnThread { keeper.finish() }
    guard case .orderLoaded(let order)? = keeper.load().first else {
      Issue.record("not replaced")
      return
    }
    #expect(order.key == .modified)
  }

  /// Two galleries open at once: each save merges with what the other wrote, so neither's
  /// folders are lost (this run's last first, the other's after), and the order stays the
  /// one chosen last, not the one a run loaded at its start.
  @Test func twoGalleriesAtOnceKeepEachOthersFoldersAndOrder() async throws {
    let files = FolderFixture()
    let environment = ["XDG_STATE_HOME": files.path("state")]
    let first = StateFileKeeper(environment: environment)
    first.save(recentFolders: ["/old"]) { Issue.record("\($0)") }
    await Waiting.onOwnThread { first.finish() }
    let one = StateFileKeeper(environment: environment)
    let two = StateFileKeeper(environment: environment)
    #expect(one.load().count == 2 && two.load().count == 2, "both start with /old")
    one.save(recentFolders: ["/one", "/old"]) { Issue.record("\($0)") }
    await Waiting.onOwnThread { one.finish() }
    two.save(recentFolders: ["/two", "/old"]) { Issue.record("\($0)") }
    await Waiting.onOwnThread { two.finish() }
    let file = try #require(StateFile(environment: environment))
    #expect(try file.load()?.recentFolders == ["/two", "/one", "/old"])
    // The first sorts; the second, which never did, keeps that order with its next folder.
    one.save(PictureOrder(key: .size, isReversed: true)) { Issue.record("\($0)") }
    await Waiting.onOwnThread { one.finish() }
    two.save(recentFolders: ["/old", "/two"]) { Issue.record("\($0)") }
    await Waiting.onOwnThread { two.finish() }
    let merged = try #require(try file.load())
    #expect(merged.recentFolders == ["/old", "/two", "/one"])
    #expect(merged.order == PictureOrder(key: .size, isReversed: true))
    // At most the prompt's number of folders.
    for number in 1...12 {
      one.save(recentFolders: ["/many/\(number)"]) { Issue.record("\($0)") }
    }
    await Waiting.onOwnThread { one.finish() }
    let capped = try #require(try file.load())
    #expect(capped.recentFolders.count == GalleryState.recentFolderLimit)
    #expect(capped.recentFolders.first == "/many/12")
  }

  @Test func anUnwritableFolderIsAMessage() async {
    let files = FolderFixture()
    _ = files.file("blocked", Array("a file where the folder should be".utf8))
    let keeper = StateFileKeeper(environment: ["XDG_STATE_HOME": files.path("blocked")])
    let reported = Reported()
    keeper.save(.standard) { reported.set($0) }
    await Waiting.onOwnThread { keeper.finish() }
    #expect(
      reported.value?.contains("sort order and last folders not kept") == true,
      "\(reported.value ?? "")")
  }

  final class Reported: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?
    func set(_ error: StateFileError) { lock.withLock { text = error.description } }
    var value: String? { lock.withLock { text } }
  }
}
