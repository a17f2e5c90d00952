import Foundation
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery --duplicates` run in this process (`DuplicatesRun`) on made folders, with its
/// index in a cache folder of its own.
@Suite struct DuplicatesRunTests {
  struct Outcome {
    var status: DuplicatesRun.Status
    var output: String
    var errors: String
  }

  /// A folder holding a small labelled set (2 bases, each a burst, copies, and 4
  /// unrelated pictures), and a cache folder.
  final class Rig {
    let files = FolderFixture()
    let set: LikenessSet
    var cache: String { files.path("cache") }
    var pictures: String { files.path("Pictures") }

    init() throws {
      _ = files.folder("Pictures")
      set = try LikenessSet.write(
        into: files.path("Pictures"), bases: 2, burst: 3, unrelated: 4, width: 240, height: 180)
    }

    func run(_ arguments: [String]) async throws -> Outcome {
      guard case .run(let options) = try GalleryOptions.parse(["--duplicates"] + arguments)
      else {
        Issue.record("expected options")
        return Outcome(status: .badUsage, output: "", errors: "")
      }
      let written = Locked((output: "", errors: ""))
      let console = IndexRun.Console(
        output: { text in written.withLock { $0.output += text } },
        errors: { text in written.withLock { $0.errors += text } }, errorsWidth: nil)
      let launch = GalleryLaunch(
        options: options, unicode: true, environment: ["XDG_CACHE_HOME": cache])
      let run = DuplicatesRun(launch: launch, console: console)
      let status = await Waiting.onOwnThread { run.run() }
      return written.withLock { Outcome(status: status, output: $0.output, errors: $0.errors) }
    }
  }

  @Test func exactCopiesAreFoundAloneWithoutSimilar() async throws {
    let rig = try Rig()
    let outcome = try await rig.run([rig.pictures])
    #expect(outcome.status == .done, "\(outcome.errors)")
    #expect(outcome.errors == "")
    for group in rig.set.exactGroups {
      for path in group { #expect(outcome.output.contains("  " + path + "\n")) }
    }
    #expect(outcome.output.hasSuffix("2 groups of exact copies (4 files) among 18 files\n"))
    #expect(!outcome.output.contains("similar"))
  }

  @Test func similarGroupsEachBaseAndASecondRunIsWarm() async throws {
    let rig = try Rig()
    let first = try await rig.run(["--similar", "--format", "json", rig.pictures])
    #expect(first.status == .done, "\(first.errors)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any])
    let exact = try #require(document["exact"] as? [[String: Any]])
    #expect(
      Set(exact.compactMap { ($0["files"] as? [String]).map(Set.init) }) == Set(rig.set.exactGroups)
    )
    let similar = try #require(document["similar"] as? [[String: Any]])
    let found = similar.compactMap { group in
      (group["files"] as? [[String: Any]]).map { Set($0.compactMap { $0["path"] as? String }) }
    }
    #expect(Set(found) == Set(rig.set.nearGroups))
    #expect(document["hashed"] as? Int == rig.set.members.count)
    // Warm: every hash from the index, none computed.
    let second = try await rig.run(["--similar", "--format", "json", rig.pictures])
    let again = try #require(
      try JSONSerialization.jsonObject(with: Data(second.output.utf8)) as? [String: Any])
    #expect(again["hashed"] as? Int == 0)
    #expect(
      second.output.replacingOccurrences(of: "\"hashed\": 0", with: "")
        == first.output.replacingOccurrences(
          of: "\"hashed\": \(rig.set.members.count)", with: ""))
  }

  @Test func aMissingFolderIsBadUsageAndAnUnreadableFileIsNamed() async throws {
    let rig = try Rig()
    let missing = try await rig.run([rig.files.path("nowhere")])
    #expect(missing.status == .badUsage)
    #expect(missing.errors.contains("nowhere"))
    guard getuid() != 0 else { return }  // root reads every file
    let locked = rig.set.members[0].path
    #expect(chmod(locked, 0) == 0)
    defer { chmod(locked, 0o644) }
    let outcome = try await rig.run(["--similar", rig.pictures])
    #expect(outcome.status == .someUnread)
    #expect(outcome.errors.contains(locked), "\(outcome.errors)")
  }

  @Test func theOptionsGoOnlyWithFolders() throws {
    #expect(throws: OptionsError.duplicatesNeedFolders) {
      try GalleryOptions.parse(["--duplicates"])
    }
    #expect(throws: OptionsError.requiresDuplicates(option: "--similar")) {
      try GalleryOptions.parse(["--similar", "/tmp"])
    }
    #expect(throws: OptionsError.conflict(option: "--duplicates", other: "--print")) {
      try GalleryOptions.parse(["--duplicates", "--print", "/tmp"])
    }
    #expect(throws: OptionsError.requiresPrint(option: "--size")) {
      try GalleryOptions.parse(["--duplicates", "--size", "80x24", "/tmp"])
    }
  }
}
