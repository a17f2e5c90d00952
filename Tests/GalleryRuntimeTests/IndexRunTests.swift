import Foundation
import LibraryIndex
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery --index` run in this process (`IndexRun`) on folders of real pictures, with
/// its index in a cache folder of its own.
@Suite struct IndexRunTests {
  /// What a run said and how it ended.
  struct Outcome {
    var status: IndexRun.Status
    var output: String
    var errors: String
  }

  /// A folder of three JPEGs (the built-in pictures' own) and an empty `.jpg` (broken),
  /// and a cache folder.
  final class Rig {
    let files = FolderFixture()
    var cache: String { files.path("cache") }
    var indexPath: String { cache + "/gallery/library.sqlite" }

    init() {
      let asset = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/office-1.jpg")
      let bytes = (try? Data(contentsOf: asset)).map { [UInt8]($0) } ?? []
      for number in 1...3 { files.file("Pictures/\(number).jpg", bytes) }
      files.text("Pictures/empty.jpg", "")
    }

    /// Runs `gallery --index` with `arguments` (the pictures' folder when none); standard
    /// error a terminal of `width` columns when given.
    func run(
      _ arguments: [String]? = nil, width: Int? = nil, environment: [String: String] = [:],
      stopping: StopFlag = StopFlag()
    ) async throws -> Outcome {
      guard
        case .run(let options) = try GalleryOptions.parse(
          ["--index"] + (arguments ?? [files.path("Pictures")]))
      else {
        Issue.record("expected options")
        return Outcome(status: .badUsage, output: "", errors: "")
      }
      let written = Locked((output: "", errors: ""))
      let console = IndexRun.Console(
        output: { text in written.withLock { $0.output += text } },
        errors: { text in written.withLock { $0.errors += text } }, errorsWidth: width)
      let launch = GalleryLaunch(
        options: options, unicode: true,
        environment: environment.merging(["XDG_CACHE_HOME": cache]) { given, _ in given })
      let run = IndexRun(launch: launch, console: console, stopping: stopping)
      // It waits for its readers: on a thread of its own, not the test's.
      let status = await Waiting.onOwnThread { run.run() }
      return written.withLock { Outcome(status: status, output: $0.output, errors: $0.errors) }
    }
  }

  @Test func aSecondRunReadsNothingAndADeletedFileIsGoneFromTheIndex() async throws {
    let rig = Rig()
    let first = try await rig.run()
    #expect(first.status == .done)
    #expect(
      first.output
        == "indexed 4 pictures in 1 folder: 4 read, 0 already known, 1 broken, 0 gone\n")
    #expect(first.errors == "")
    let second = try await rig.run()
    #expect(
      second.output
        == "indexed 4 pictures in 1 folder: 0 read, 4 already known, 1 broken, 0 gone\n")
    #expect(unlink(rig.files.path("Pictures/2.jpg")) == 0)
    let third = try await rig.run()
    #expect(
      third.output
        == "indexed 3 pictures in 1 folder: 0 read, 3 already known, 1 broken, 1 gone\n")
    let index = try #require(PictureIndex.open(at: rig.indexPath).index)
    #expect(index.count() == 3)
  }

  @Test func aDamagedIndexIsMadeAgainAndSaidOnStandardError() async throws {
    let rig = Rig()
    #expect(CacheFolders.make(rig.cache + "/gallery"))
    rig.files.file("cache/gallery/library.sqlite", Array(repeating: 0x5A, count: 8192))
    let outcome = try await rig.run()
    #expect(outcome.status == .done)
    #expect(outcome.errors.hasPrefix("gallery: The library index "), "\(outcome.errors)")
    #expect(outcome.errors.contains("is damaged. It was made again"), "\(outcome.errors)")
    #expect(outcome.output.contains("4 read"))
  }

  @Test func anIndexThatCannotBeMadeEndsWithStatusOneAndNothingKept() async throws {
    let rig = Rig()
    // A file where the cache folder should be: no folder can be made under it, even by root.
    rig.files.text("cache", "not a folder")
    let outcome = try await rig.run()
    #expect(outcome.status == .notWritten)
    #expect(outcome.status.rawValue == 1)
    #expect(outcome.output == "")
    #expect(outcome.errors.hasPrefix("gallery: The library index "), "\(outcome.errors)")
    #expect(outcome.errors.hasSuffix(" Nothing was indexed.\n"), "\(outcome.errors)")
  }

  @Test func aNewerGallerysIndexIsLeftAloneWithStatusOne() async throws {
    let rig = Rig()
    let made = try #require(PictureIndex.open(at: rig.indexPath).index)
    made.close()
    // SQLite keeps `user_version` at byte 60, big-endian.
    let handle = try #require(FileHandle(forUpdatingAtPath: rig.indexPath))
    try handle.seek(toOffset: 60)
    try handle.write(contentsOf: Data([0, 0, 0, 99]))
    try handle.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: rig.indexPath))
    let outcome = try await rig.run()
    #expect(outcome.status == .notWritten)
    #expect(outcome.errors.contains("made by a newer gallery (version 99)"), "\(outcome.errors)")
    #expect(outcome.errors.hasSuffix(" Nothing was indexed.\n"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: rig.indexPath)) == before)
  }

  /// Root writes a read-only folder all the same: only another user can see this.
  @Test(.enabled(if: geteuid() != 0, "root writes a read-only folder"))
  func aReadOnlyIndexFolderEndsWithStatusOne() async throws {
    let rig = Rig()
    _ = try await rig.run()
    #expect(chmod(rig.cache + "/gallery", 0o555) == 0)
    defer { chmod(rig.cache + "/gallery", 0o755) }
    let outcome = try await rig.run()
    #expect(outcome.status == .notWritten)
    #expect(outcome.errors.contains("cannot be written. Nothing was indexed."), "\(outcome.errors)")
  }

  @Test func aFolderThatDoesNotExistIsABadUsage() async throws {
    let rig = Rig()
    let outcome = try await rig.run([rig.files.path("nowhere")])
    #expect(outcome.status == .badUsage)
    #expect(outcome.errors == "gallery: \(rig.files.path("nowhere")): no such folder\n")
  }

  @Test func aPictureNamedInsteadOfAFolderIsABadUsage() async throws {
    let rig = Rig()
    let outcome = try await rig.run([rig.files.path("Pictures/1.jpg")])
    #expect(outcome.status == .badUsage)
    #expect(outcome.errors.contains("not a folder"))
  }

  @Test func stoppedItEndsWith130AndPrintsNoSummary() async throws {
    let rig = Rig()
    let stopping = StopFlag()
    stopping.set()
    let outcome = try await rig.run(stopping: stopping)
    #expect(outcome.status == .interrupted)
    #expect(outcome.status.rawValue == 130)
    #expect(outcome.output == "")
    #expect(outcome.errors.contains("gallery: stopped"))
  }

  @Test func withoutATerminalNoBarIsDrawn() async throws {
    let rig = Rig()
    let outcome = try await rig.run(environment: ["GALLERY_TEST_SLOW_READS": "150"])
    #expect(outcome.errors == "")
    #expect(outcome.output.hasPrefix("indexed 4 pictures"))
  }

  /// Reads slowed to 300 ms a file (two readers: 600 ms at least) outlast several of the
  /// bar's redraws, ten a second.
  @Test func onATerminalTheBarIsDrawnThenWipedBeforeTheSummary() async throws {
    let rig = Rig()
    let outcome = try await rig.run(width: 80, environment: ["GALLERY_TEST_SLOW_READS": "300"])
    #expect(outcome.errors.contains("\rindexing ▕"), "\(outcome.errors.debugDescription)")
    #expect(outcome.errors.contains(" of 4"))
    #expect(outcome.errors.hasSuffix(IndexProgressBar.wiping), "\(outcome.errors.debugDescription)")
    #expect(outcome.output.hasPrefix("indexed 4 pictures"))
  }

  @Test func theOptionsThatCannotGoWithIndexAreBadUsage() {
    #expect(throws: OptionsError.conflict(option: "--index", other: "--print")) {
      try GalleryOptions.parse(["--index", "--print", "/tmp"])
    }
    #expect(throws: OptionsError.conflict(option: "--index", other: "-o")) {
      try GalleryOptions.parse(["--index", "-o", "/tmp"])
    }
    #expect(throws: OptionsError.indexWithoutCache) {
      try GalleryOptions.parse(["--index", "--no-cache", "/tmp"])
    }
    #expect(throws: OptionsError.indexNeedsFolders) { try GalleryOptions.parse(["--index"]) }
    // The configuration file's `cache = no` is the browser's default, not a conflict.
    var defaults = GalleryOptions()
    defaults.useCache = false
    #expect(throws: Never.self) {
      try GalleryOptions.parse(["--index", "/tmp"], defaults: defaults)
    }
  }
}
