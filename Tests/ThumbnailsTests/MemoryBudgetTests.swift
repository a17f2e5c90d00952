import Foundation
import Testing

@testable import Thumbnails

/// One budget for every memory cache: the least recently used entry of any goes first.
@Suite struct MemoryLedgerTests {
  /// A budget of 16 MiB: its caches hold 12 together (the last quarter is an animation's).
  @Test func cachesSharingABudgetEvictTheOldestEntryOfAny() {
    let ledger = MemoryLedger(budget: MemoryBudget(bytes: 16 << 20))
    let small = ByteLimitedLRU<String, Int>(capacity: 12 << 20, ledger: ledger)
    let large = ByteLimitedLRU<String, Int>(capacity: 12 << 20, ledger: ledger)
    small.insert(1, bytes: 6 << 20, for: "a")
    large.insert(2, bytes: 6 << 20, for: "b")
    #expect(small.value(for: "a") == 1)  // a is now more recent than b
    small.insert(3, bytes: 6 << 20, for: "c")  // 18 MiB past the 12: b, the oldest, goes
    #expect(large.value(for: "b") == nil)
    #expect(small.value(for: "a") == 1 && small.value(for: "c") == 3)
    #expect(ledger.byteCount == 12 << 20)
    large.insert(4, bytes: 7 << 20, for: "d")  // 19 MiB: a, then c go
    #expect(ledger.byteCount == 7 << 20)
    #expect(small.count == 0)
    #expect(large.value(for: "d") == 4, "the newest stays")
    #expect(small.byteCount + large.byteCount == ledger.byteCount)
  }

  @Test func removalsAndReplacementsAreCountedBack() {
    let ledger = MemoryLedger(budget: MemoryBudget(bytes: 16 << 20))
    let cache = ByteLimitedLRU<String, Int>(capacity: 16 << 20, ledger: ledger)
    cache.insert(1, bytes: 4 << 20, for: "a")
    cache.insert(2, bytes: 1 << 20, for: "a")  // replaced: 1 MiB, not 5
    #expect(ledger.byteCount == 1 << 20)
    cache.insert(3, bytes: 2 << 20, for: "b")
    cache.removeAll { $0 == "a" }
    #expect(ledger.byteCount == 2 << 20)
    cache.insert(4, bytes: 20 << 20, for: "huge")  // past the cap: not kept, not counted
    #expect(ledger.byteCount == 2 << 20 && cache.value(for: "huge") == nil)
  }

  /// Threads inserting into four caches at once never leave them past the budget, and the
  /// ledger's count is what they hold.
  @Test func manyThreadsKeepTheBudget() async {
    let budget = MemoryBudget(bytes: 16 << 20)
    let ledger = MemoryLedger(budget: budget)
    let caches = (0..<4).map { _ in ByteLimitedLRU<Int, Int>(capacity: 8 << 20, ledger: ledger) }
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask {
          for index in 0..<2000 {
            let cache = caches[(worker + index) % 4]
            cache.insert(index, bytes: (64 << 10) * (1 + index % 7), for: worker * 10_000 + index)
            _ = caches[index % 4].value(for: worker * 10_000 + index - 3)
          }
        }
      }
    }
    let held = caches.map(\.byteCount).reduce(0, +)
    #expect(held == ledger.byteCount)
    #expect(held <= budget.cachedBytes)
    #expect(held > budget.cachedBytes / 2, "the budget is used, not emptied")
  }

  @Test func aPipelinesCachesShareItsBudget() {
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(
        diskCache: ThumbnailDiskCache(isEnabled: false), memory: MemoryBudget(bytes: 32 << 20))
    ) { _, _ in }
    defer { pipeline.shutdown() }
    #expect(pipeline.memory.budget.bytes == 32 << 20)
    #expect(pipeline.decoded.capacity == 16 << 20 && pipeline.art.capacity == 8 << 20)
    #expect(pipeline.zoomed.capacity == 24 << 20 && pipeline.pictures.capacity == 16 << 20)
  }
}

@Suite struct MemoryBudgetTests {
  @Test(arguments: [
    ("256M", 256 << 20), ("1G", 1 << 30), ("512", 512 << 20), ("96MiB", 96 << 20),
    ("2gb", 2 << 30), ("16384k", 16 << 20), (" 64M ", 64 << 20), ("64G", 64 << 30),
  ])
  func sizesAsUsersWriteThem(text: String, bytes: Int) {
    #expect(MemoryBudget(parsing: text)?.bytes == bytes)
  }

  @Test(arguments: ["", "0", "15M", "65G", "12X", "-5M", "1.5G", "M", "99999999999999999999G"])
  func sizesOutsideTheRangeOrNotSizesAreRefused(text: String) {
    #expect(MemoryBudget(parsing: text) == nil)
  }

  @Test func theDefaultFitsASmallMachineAndItsSharesAddUp() {
    let standard = MemoryBudget.standard
    #expect(standard.bytes == 128 << 20)
    #expect(standard.cachedBytes + standard.animationBytes == standard.bytes)
    #expect(standard.decodedBytes + standard.artBytes == standard.cachedBytes)
  }
}
