import Foundation
import LibraryIndex
import TestSupport
import Testing

/// An index another connection holds is passed by for that operation, after the busy
/// timeout, with a notice: the gallery goes on reading files.
@Suite struct BusyTests {
  /// Another program holding the file against readers too (exclusive locking): opening
  /// is passed by with a notice, once the timeout is over; let go, it opens again.
  @Test func anIndexHeldExclusivelyIsBypassedWithANotice() async throws {
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    let library = IndexSamples.library(20)
    let holder = try #require(IndexSamples.open(path).0)
    holder.record(library)
    let notice = await Waiting.onOwnThread { () -> IndexNotice?? in
      var notice: IndexNotice??
      let clock = ContinuousClock()
      let held = holder.holdingExclusively {
        let started = clock.now
        let (index, said) = IndexSamples.open(path, busyTimeout: .milliseconds(200))
        notice = index == nil ? said : nil
        print("BusyTests: opening passed by in \(clock.now - started)")
      }
      return held ? notice : nil
    }
    let said = try #require(notice, "the holder could not hold the file")
    #expect(said?.problem == .locked(path: path))
    #expect(said?.outcome == .bypassed)
    #expect(said?.sentence.contains("busy in another program") == true)
    // Let go: it opens and answers, and nothing was lost or half written.
    let waiter = try #require(IndexSamples.open(path).0)
    #expect(waiter.lookUp(library.map(\.stamp)).details.count == 20)
    #expect(holder.count() == 20)
    #expect(holder.isIntact() == true)
  }

  /// Another gallery writing a batch beyond the timeout: this one's batch is passed by
  /// with a notice, and its lookups still answer (WAL: a writer stops no reader).
  @Test func aBatchWaitingForAWriterIsBypassedAndReadersGoOn() async throws {
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    let library = IndexSamples.library(20)
    let writer = try #require(IndexSamples.open(path).0)
    writer.record(library)
    let other = try #require(IndexSamples.open(path, busyTimeout: .milliseconds(200)).0)
    let outcome = await Waiting.onOwnThread { () -> (Int, IndexNotice?)? in
      writer.writingHeld {
        (
          other.lookUp(library.map(\.stamp)).details.count,
          other.record(IndexSamples.library(5, under: "/other"))
        )
      }
    }
    let (answered, notice) = try #require(outcome)
    #expect(answered == 20)
    #expect(notice?.problem == .locked(path: path))
    #expect(notice?.outcome == .bypassed)
    // Let go: the next batch is kept.
    #expect(other.record(IndexSamples.library(5, under: "/other")) == nil)
    #expect(writer.count() == 25)
  }
}
