import Foundation
import TestSupport
import Testing

/// The duplicates grouping driven in tmux: a folder with a picture, its exact copies, a
/// resized and a re-encoded copy and a frame of its burst, among pictures alike with
/// none; shown with `--group-by duplicates` once the likeness is read, the rest of the
/// group trashed after the question (into `$XDG_DATA_HOME/Trash`), and `U` bringing
/// every file back.
@Suite struct DuplicatesBrowserEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  @Test func theRestOfAGroupGoesToTheTrashAfterAskingAndUBringsItBack() async throws {
    let tmux = try await Tmux.start(width: 120, height: 40)
    defer { tmux.kill() }
    let root = tmux.directory
    let folder = root.appendingPathComponent("Pictures").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // b000-0.jpg, b000-1.jpg (a frame), b000-resized.jpg, b000-reencoded.jpg and
    // b000-copy.jpg (an exact copy); u000.jpg and u001.jpg alike with none.
    _ = try LikenessSet.write(
      into: folder, bases: 1, burst: 1, unrelated: 2, width: 240, height: 180)
    // A second exact copy.
    try FileManager.default.copyItem(
      atPath: folder + "/b000-0.jpg", toPath: folder + "/b000-copy2.jpg")
    let rest = [
      "b000-1.jpg", "b000-copy.jpg", "b000-copy2.jpg", "b000-reencoded.jpg", "b000-resized.jpg",
    ]
    let before = try Dictionary(
      uniqueKeysWithValues: rest.map {
        ($0, try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)))
      })
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run("stty -g > stty.before")
    try await tmux.run(
      "XDG_CONFIG_HOME=\(root.path)/config XDG_CACHE_HOME=\(root.path)/cache "
        + "XDG_DATA_HOME=\(root.path)/data TERM=xterm-256color \(binary) --graphics cells "
        + "--layout grid --group-by duplicates \(folder)")
    try await tmux.waitUntil(deadline: .seconds(30), "one group, its best copy focused") {
      E2E.isDrawn($0) && E2E.statusLine($0).contains("duplicates: 1 group")
        && E2E.statusLine($0).contains("b000-0.jpg")
        && $0.contains("b000-0.jpg: 6 alike, 3 identical")
    }
    let screen = try await tmux.capture()
    #expect(!screen.contains("u000.jpg") && !screen.contains("u001.jpg"), "\(screen)")
    try await tmux.sendKeys("R")
    try await tmux.waitUntil("the question") {
      E2E.statusLine($0).contains(
        "move 5 copies alike of b000-0.jpg, 2 identical (it stays) to the Trash? y yes, n no")
    }
    try await tmux.sendKeys("y")
    try await tmux.waitUntil(deadline: .seconds(15), "the summary") {
      E2E.statusLine($0).contains("moved to the Trash")
    }
    let trash = root.appendingPathComponent("data/Trash")
    func trashed() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(
        atPath: trash.appendingPathComponent("files").path)) ?? []).sorted()
    }
    let inTrash = await Waiting.until(timeout: .seconds(15), interval: .milliseconds(20)) {
      trashed() == rest
    }
    #expect(inTrash, "\(trashed())")
    let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(left == ["b000-0.jpg", "u000.jpg", "u001.jpg"], "\(left)")
    try await tmux.sendKeys("U")
    try await tmux.waitUntil(deadline: .seconds(15), "undone") {
      E2E.statusLine($0).contains("undone")
    }
    let back = await Waiting.until(timeout: .seconds(15), interval: .milliseconds(20)) {
      rest.allSatisfy { FileManager.default.fileExists(atPath: folder + "/" + $0) }
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(back, "\(names)")
    for name in rest {
      let now = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
      #expect(now == before[name], "\(name) as it was")
    }
    #expect(trashed().isEmpty)
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  /// `--print` draws the groups as the browser would once every hash is in.
  @Test func printDrawsTheGroupsOnceEveryHashIsRead() async throws {
    let files = FolderFixture()
    let folder = files.folder("Pictures")
    _ = try LikenessSet.write(
      into: folder, bases: 1, burst: 1, unrelated: 2, width: 240, height: 180)
    let binary = try BuiltProduct.path("gallery")
    let printed = try await Subprocess.run(
      [
        binary, "--print", "--group-by", "duplicates", "--format", "json", "--size", "100x30",
        folder,
      ],
      environment: ["XDG_CACHE_HOME": files.path("cache"), "HOME": files.path("home")])
    #expect(printed.status == 0, "\(printed.errors)")
    #expect(
      printed.output.contains("\"name\": \"b000-0.jpg: 5 alike, 2 identical\""), "\(printed.output)"
    )
    #expect(!printed.output.contains("u000.jpg"), "\(printed.output)")
  }
}
