import Foundation
import Gallery
import Pictures
import SystemSupport
import Testing

@testable import GalleryRuntime

/// The finder's groups from given hashes, no file read: exact copies by size then content,
/// near copies by perceptual hash, a group of exact copies alone said once.
@Suite struct DuplicateFinderTests {
  static func stamp(_ name: String, size: Int64) -> FileStamp {
    FileStamp(path: "/p/" + name, byteSize: size, modificationDate: nil)
  }

  static let finder = DuplicateFinder(
    index: nil, similar: true, threads: 2,
    contentHash: { path throws(FileReadError) in
      // Files named `x…` share their content; the rest differ.
      ContentHash(high: 0, low: path.hasPrefix("/p/x") ? 1 : UInt64(path.utf8.count * 31))
    },
    perceptualHash: { path in
      // `a`, `b`, `c`: one burst (bits 1 and 2 apart); `x1`, `x2`: copies; `z`: alone.
      switch path {
      case "/p/a": .success(PerceptualHash(bits: 0b0000))
      case "/p/b": .success(PerceptualHash(bits: 0b0011))
      case "/p/c": .success(PerceptualHash(bits: 0b1111))
      case "/p/x1", "/p/x2": .success(PerceptualHash(bits: 0xFFFF_0000_0000_0000))
      case "/p/bad": .failure(.truncated)
      default: .success(PerceptualHash(bits: 0x0F0F_0F0F_0F0F_0F0F))
      }
    })

  @Test func aBurstWithoutCopiesIsAGroupAndCopiesAloneAreSaidOnce() {
    let files = [
      Self.stamp("a", size: 10), Self.stamp("b", size: 11), Self.stamp("c", size: 12),
      Self.stamp("x1", size: 50), Self.stamp("x2", size: 50), Self.stamp("z", size: 60),
      Self.stamp("bad", size: 70),
    ]
    let report = Self.finder.find(files)
    #expect(report.exact.map(\.paths) == [["/p/x1", "/p/x2"]])
    #expect(report.similar?.map { $0.members.map(\.path) } == [["/p/a", "/p/b", "/p/c"]])
    #expect(report.similar?.first?.members.map(\.distance) == [0, 2, 4])
    #expect(report.problems.map(\.path) == ["/p/bad"])
    #expect(report.hashed == files.count)
  }

  /// Two names of one file (a hard link, a symbolic link the scan followed) are never
  /// offered as copies, one of which could be deleted: the file is compared once, under
  /// its first name, and the other names are said to be the same file.
  @Test func twoNamesOfOneFileAreNoCopies() {
    func named(_ name: String, inode: UInt64) -> FileStamp {
      FileStamp(path: "/p/" + name, byteSize: 50, modificationDate: nil, device: 1, inode: inode)
    }
    var finder = Self.finder
    finder.similar = false
    let report = finder.find([named("x1", inode: 7), named("x2", inode: 7), named("x3", inode: 7)])
    #expect(report.exact.isEmpty)
    #expect(
      report.notices == [
        "/p/x2 is the same file as /p/x1, not a copy",
        "/p/x3 is the same file as /p/x1, not a copy",
      ])
    // With a true copy beside them, the copy and the first name are the group.
    let copied = finder.find([named("x1", inode: 7), named("x2", inode: 7), named("x9", inode: 8)])
    #expect(copied.exact.map(\.paths) == [["/p/x1", "/p/x9"]])
  }

  /// On the disk: a hard link and a symbolic link to a picture are the same file; its copy
  /// is a copy.
  @Test func linksOnTheDiskAreKnownByTheirInode() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "finder-links-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7) })
    try bytes.write(to: URL(fileURLWithPath: folder + "/a.jpg"))
    try bytes.write(to: URL(fileURLWithPath: folder + "/copy.jpg"))
    #expect(link(folder + "/a.jpg", folder + "/hard.jpg") == 0)
    #expect(symlink(folder + "/a.jpg", folder + "/soft.jpg") == 0)
    let stamps = ["a.jpg", "copy.jpg", "hard.jpg", "soft.jpg"].map {
      FileStamp(path: folder + "/" + $0, byteSize: 4096, modificationDate: nil)
    }
    var finder = DuplicateFinder(index: nil, similar: false, threads: 1)
    finder.similar = false
    let report = finder.find(stamps)
    #expect(report.exact.map(\.paths) == [[folder + "/a.jpg", folder + "/copy.jpg"]])
    #expect(report.notices.count == 2)
  }

  @Test func withoutSimilarOnlyFilesOfASharedSizeAreRead() {
    let read = Locked([String]())
    var finder = Self.finder
    finder.similar = false
    let content = finder.contentHash
    finder.contentHash = { path throws(FileReadError) in
      read.withLock { $0.append(path) }
      return try content(path)
    }
    let report = finder.find([
      Self.stamp("x1", size: 50), Self.stamp("x2", size: 50), Self.stamp("z", size: 60),
    ])
    #expect(read.withLock { $0.sorted() } == ["/p/x1", "/p/x2"])
    #expect(report.exact.count == 1)
    #expect(report.similar == nil)
  }
}
