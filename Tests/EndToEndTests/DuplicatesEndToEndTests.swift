import Foundation
import TestSupport
import Testing

/// `gallery --duplicates` as a script runs it: a subprocess, its groups on standard
/// output, nothing on standard error, nothing changed in the folder.
@Suite struct DuplicatesEndToEndTests {
  @Test func itPrintsTheGroupsAndChangesNothing() async throws {
    let files = FolderFixture()
    let folder = files.folder("Pictures")
    let set = try LikenessSet.write(
      into: folder, bases: 2, burst: 3, unrelated: 3, width: 240, height: 180)
    let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    let binary = try BuiltProduct.path("gallery")
    let environment = ["XDG_CACHE_HOME": files.path("cache"), "HOME": files.path("home")]
    let text = try await Subprocess.run(
      [binary, "--duplicates", "--similar", folder], environment: environment)
    #expect(text.status == 0, "\(text.errors)")
    #expect(text.errors == "")
    #expect(text.output.hasPrefix("exact copies: 2 files of "), "\(text.output)")
    #expect(text.output.contains("similar: 7 pictures\n"), "\(text.output)")
    #expect(
      text.output.hasSuffix(
        "2 groups of exact copies (4 files), 2 groups of similar pictures (14) among 17 files\n"),
      "\(text.output)")
    let json = try await Subprocess.run(
      [binary, "--duplicates", "--format", "json", folder], environment: environment)
    #expect(json.status == 0, "\(json.errors)")
    let document = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    #expect((document?["exact"] as? [Any])?.count == set.exactGroups.count)
    #expect(document?["similar"] is NSNull)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == before)
    let missing = try await Subprocess.run(
      [binary, "--duplicates", files.path("nowhere")], environment: environment)
    #expect(missing.status == 2)
    #expect(missing.errors.contains("nowhere: no such folder"), "\(missing.errors)")
  }

  /// Hashes are slowed by the test seam `GALLERY_TEST_SLOW_READS` (milliseconds a file):
  /// 30 pictures at 100 ms on four threads take about a second, long enough to see the
  /// bar, with no timing asserted.
  @Test func inATerminalTheBarIsDrawnThenWipedBeforeTheGroups() async throws {
    let tmux = try await Tmux.start(width: 100, height: 20)
    defer { tmux.kill() }
    let files = FolderFixture()
    let folder = files.folder("Pictures")
    _ = try LikenessSet.write(
      into: folder, bases: 2, burst: 4, unrelated: 16, width: 160, height: 120)
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run(
      "XDG_CACHE_HOME=\(files.path("cache")) GALLERY_TEST_SLOW_READS=100 \(binary) "
        + "--duplicates --similar \(folder) | tail -n 1; echo \"status $?\"")
    try await tmux.waitUntil(deadline: .seconds(20), "the bar", moving: true) {
      $0.contains("comparing ▕") && $0.contains(" of 32")
    }
    let screen = try await tmux.waitUntil(contains: "status 0", deadline: .seconds(30))
    #expect(screen.contains("among 32 files"), "\(screen)")
    #expect(!screen.contains("comparing"), "\(screen)")
  }

  @Test func ctrlCStopsWith130AndWipesTheBar() async throws {
    let tmux = try await Tmux.start(width: 100, height: 20)
    defer { tmux.kill() }
    let files = FolderFixture()
    let folder = files.folder("Pictures")
    _ = try LikenessSet.write(
      into: folder, bases: 0, unrelated: 60, width: 96, height: 72)
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run(
      "XDG_CACHE_HOME=\(files.path("cache")) GALLERY_TEST_SLOW_READS=300 \(binary) "
        + "--duplicates --similar \(folder); echo \"status $?\"")
    try await tmux.waitUntil(deadline: .seconds(20), "the bar", moving: true) {
      $0.contains("comparing ▕")
    }
    try await tmux.sendKeys("C-c")
    let stopped = try await tmux.waitUntil(contains: "status 130", deadline: .seconds(20))
    #expect(stopped.contains("gallery: stopped while comparing"), "\(stopped)")
    #expect(!stopped.contains("comparing ▕"), "\(stopped)")
  }
}
