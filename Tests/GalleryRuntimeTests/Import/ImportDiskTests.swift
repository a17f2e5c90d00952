import Foundation
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery import` onto a real small disk (a tmpfs mounted for the test): a full one
/// stops the import with what was done counted and nothing partial under a name, and a
/// second run on more room finishes it; a read-only one is refused with a message.
@Suite(.enabled(if: SmallDisk.isAvailable, "needs to mount a tmpfs (root)"))
struct ImportDiskTests {
  @Test func aFullDestinationStopsAndASecondRunFinishes() async throws {
    let disk = try #require(SmallDisk(megabytes: 2))
    let card = ImportCard()
    var pictures: [String: [UInt8]] = [:]
    for number in 1...6 {
      pictures["IMG_000\(number).CR3"] = card.file(
        "IMG_000\(number).CR3", head: ImportCard.cr3Head, size: 600_000)
    }
    let first = try await card.run([card.card, "--to", disk.root])
    #expect(first.status == .someFailed)
    #expect(first.errors.contains("the destination \(disk.root) is full"), "\(first.errors)")
    #expect(first.errors.contains("run the same import again to finish it"))
    let copied = Self.check(disk.root, against: pictures)
    #expect((1...5).contains(copied), "\(copied) copied")
    #expect(first.errors.contains("stopped: the destination \(disk.root) is full; \(copied) file"))

    #expect(disk.resize(megabytes: 8))
    let second = try await card.run([card.card, "--to", disk.root])
    #expect(second.status == .done, "\(second.errors)")
    #expect(
      second.output.hasPrefix("imported \(6 - copied) file"), "\(second.output)")
    #expect(second.output.contains("\(copied) already imported, 0 failed"))
    #expect(Self.check(disk.root, against: pictures) == 6)
  }

  @Test func aReadOnlyDestinationIsAMessage() async throws {
    let disk = try #require(SmallDisk(megabytes: 1))
    #expect(disk.setReadOnly(true))
    let card = ImportCard()
    card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00")
    let outcome = try await card.run([card.card, "--to", disk.root])
    #expect(outcome.status == .badUsage)
    #expect(
      outcome.errors == "gallery: import: the destination \(disk.root) is on a read-only disk\n")
    // A dry run only reads it.
    let dry = try await card.run([card.card, "--to", disk.root, "--dry-run"])
    #expect(dry.status == .done, "\(dry.errors)")
  }

  /// Every file under `folder` is one of `pictures`, whole, under its own name, and no
  /// temporary file is left; how many there are.
  static func check(_ folder: String, against pictures: [String: [UInt8]]) -> Int {
    let tree = ImportCard.tree(folder)
    for (path, bytes) in tree {
      let name = String(path.split(separator: "/").last ?? "")
      #expect(pictures[name] == bytes, "\(path) is not whole")
    }
    return tree.count
  }
}
