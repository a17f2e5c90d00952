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
