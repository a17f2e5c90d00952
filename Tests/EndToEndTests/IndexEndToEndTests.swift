import Foundation
import TestSupport
import Testing

/// `gallery --index` as cron runs it (a subprocess, standard error a file) and as a user
/// runs it in a terminal (tmux: the bar drawn in place, wiped, Ctrl-C).
@Suite struct IndexEndToEndTests {
  /// A folder of `count` copies of one of the built-in JPEGs.
  static func pictures(_ files: FolderFixture, count: Int) -> String {
    let asset = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/office-1.jpg")
    let bytes = (try? Data(contentsOf: asset)).map { [UInt8]($0) } ?? []
    for number in 1...count { files.file("Pictures/\(number).jpg", bytes) }
    return files.path("Pictures")
  }

  @Test func asASubprocessItPrintsTheSummaryAndNoBar() async throws {
    let files = FolderFixture()
    let folder = Self.pictures(files, count: 5)
    let binary = try BuiltProduct.path("gallery")
    let environment = ["XDG_CACHE_HOME": files.path("cache"), "HOME": files.path("home")]
    let first = try await Subprocess.run(
      [binary, "--index", folder], environment: environment)
    #expect(first.status == 0, "\(first.errors)")
    #expect(
      first.output == "indexed 5 pictures in 1 folder: 5 read, 0 already known, 0 broken, 0 gone\n")
    #expect(first.errors == "")
    let second = try await Subprocess.run([binary, "--index", folder], environment: environment)
    #expect(second.output.contains(": 0 read, 5 already known,"), "\(second.output)")
    let missing = try await Subprocess.run(
      [binary, "--index", files.path("nowhere")], environment: environment)
    #expect(missing.status == 2)
    #expect(missing.errors.contains("nowhere: no such folder"), "\(missing.errors)")
    let uncached = try await Subprocess.run(
      [binary, "--index", "--no-cache", folder], environment: environment)
    #expect(uncached.status == 2)
    #expect(uncached.errors.contains("'--no-cache' cannot be used with '--index'"))
  }

  /// Reads are slowed by the test seam `GALLERY_TEST_SLOW_READS` (milliseconds a file):
  /// 40 pictures at 250 ms on the readers take about five seconds, long enough to see the
  /// bar redrawn on a busy machine (at 100 ms, two seconds were once missed), with no
  /// timing asserted.
  @Test func inATerminalTheBarIsDrawnThenWipedBeforeTheSummary() async throws {
    let tmux = try await Tmux.start(width: 100, height: 20)
    defer { tmux.kill() }
    let files = FolderFixture()
    let folder = Self.pictures(files, count: 40)
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run(
      "XDG_CACHE_HOME=\(files.path("cache")) GALLERY_TEST_SLOW_READS=250 \(binary) --index "
        + "\(folder); echo \"status $?\"")
    try await tmux.waitUntil(deadline: .seconds(20), "the bar", moving: true) {
      $0.contains("indexing ▕") && $0.contains(" of 40")
    }
    let screen = try await tmux.waitUntil(contains: "status 0", deadline: .seconds(30))
    #expect(
      screen.contains("indexed 40 pictures in 1 folder: 40 read, 0 already known"), "\(screen)")
    #expect(!screen.contains("indexing"), "\(screen)")
  }

  @Test func ctrlCStopsWith130AndKeepsWhatWasRead() async throws {
    let tmux = try await Tmux.start(width: 100, height: 20)
    defer { tmux.kill() }
    let files = FolderFixture()
    let folder = Self.pictures(files, count: 200)
    let binary = try BuiltProduct.path("gallery")
    let command =
      "XDG_CACHE_HOME=\(files.path("cache")) GALLERY_TEST_SLOW_READS=200 \(binary) --index "
      + "\(folder); echo \"status $?\""
    try await tmux.run(command)
    // The rate shows after half a second of reading: files were read by then.
    try await tmux.waitUntil(deadline: .seconds(20), "the bar with a rate", moving: true) {
      $0.contains("indexing ▕") && $0.contains("/s")
    }
    try await tmux.sendKeys("C-c")
    let stopped = try await tmux.waitUntil(contains: "status 130", deadline: .seconds(20))
    #expect(stopped.contains("gallery: stopped: "), "\(stopped)")
    #expect(!stopped.contains("indexing ▕"), "\(stopped)")
    try await tmux.run(
      "XDG_CACHE_HOME=\(files.path("cache")) \(binary) --index \(folder); echo \"again $?\"")
    let again = try await tmux.waitUntil(contains: "again 0", deadline: .seconds(30))
    let known = again.components(separatedBy: " read, ").dropFirst().first?
      .components(separatedBy: " already known").first
    #expect(Int(known ?? "") ?? 0 > 0, "\(again)")
  }
}
