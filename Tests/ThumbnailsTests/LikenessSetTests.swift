import Foundation
import Pictures
import TestSupport
import Testing
import Thumbnails

/// The labelled set hashed through the decoder, as the finder hashes files: how well each
/// kind of hash groups bursts and copies apart from their neighbours.
@Suite struct LikenessSetTests {
  /// The set's hashes of each kind, by path.
  static func measured() throws -> (LikenessSet, [PerceptualHash.Kind: [String: PerceptualHash]]) {
    let folder = FolderFixture()
    let set = try LikenessSet.write(
      into: folder.root, bases: 20, burst: 5, unrelated: 40, width: 320, height: 240)
    let hasher = LikenessHasher()
    var hashes: [PerceptualHash.Kind: [String: PerceptualHash]] = [:]
    for kind in PerceptualHash.Kind.allCases {
      for member in set.members {
        hashes[kind, default: [:]][member.path] = try hasher.hash(path: member.path, kind: kind)
          .get()
      }
    }
    return (set, hashes)
  }

  static func score(_ set: LikenessSet, _ hashes: [String: PerceptualHash], within threshold: Int)
    -> GroupingScore
  {
    let paths = set.members.map(\.path)
    let found = LikenessGroups.groups(paths.compactMap { hashes[$0] }, within: threshold)
      .map { Set($0.map { paths[$0] }) }
    return GroupingScore(found: found, truth: set.nearGroups)
  }

  @Test func theGalleryKindGroupsTheSetAtItsDefaultThreshold() throws {
    let (set, hashes) = try Self.measured()
    for kind in PerceptualHash.Kind.allCases {
      let byPath = hashes[kind] ?? [:]
      var near: [Int] = []
      var far: [Int] = []
      let members = set.members
      for one in members.indices {
        for other in members.indices where other > one {
          guard let a = byPath[members[one].path], let b = byPath[members[other].path] else {
            continue
          }
          let together = members[one].group != nil && members[one].group == members[other].group
          if together { near.append(a.distance(to: b)) } else { far.append(a.distance(to: b)) }
        }
      }
      near.sort()
      far.sort()
      let figures = (4...16).map { threshold -> String in
        let score = Self.score(set, byPath, within: threshold)
        return String(format: "%d: P %.3f R %.3f", threshold, score.precision, score.recall)
      }
      print(
        "likeness \(kind): same-base pairs median \(near[near.count / 2]), 95th",
        "\(near[near.count * 95 / 100]), max \(near.last ?? 0); other pairs min \(far.first ?? 0),",
        "1st percentile \(far[far.count / 100]), median \(far[far.count / 2])")
      print("likeness \(kind) by threshold: " + figures.joined(separator: ", "))
    }
    let chosen = Self.score(
      set, hashes[PerceptualHash.kind] ?? [:], within: LikenessGroups.defaultThreshold)
    #expect(chosen.precision >= 0.95)
    #expect(chosen.recall >= 0.9)
  }

  @Test func exactCopiesHashAlike() throws {
    let folder = FolderFixture()
    let set = try LikenessSet.write(
      into: folder.root, bases: 3, burst: 1, unrelated: 0, width: 160, height: 120)
    let hasher = LikenessHasher()
    for group in set.exactGroups {
      let hashes = try group.map { try hasher.hash(path: $0).get() }
      #expect(Set(hashes).count == 1)
    }
  }

  @Test func aPictureTooSmallToHashSaysSo() throws {
    let folder = FolderFixture()
    let path = folder.root + "/tiny.jpg"
    let pixels = [UInt8](repeating: 200, count: 20 * 20 * 4)
    try Data(MadeJPEG.encode(pixels, width: 20, height: 20, quality: 90))
      .write(to: URL(fileURLWithPath: path))
    guard case .failure = LikenessHasher().hash(path: path) else {
      Issue.record("a 20-pixel picture was hashed")
      return
    }
  }
}
