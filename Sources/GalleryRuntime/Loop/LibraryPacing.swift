import Dispatch
import Gallery

/// Paces what makes the library grow (scanned folders, details read) while a scan runs,
/// when taking it costs the state much: a large timeline regroups every picture for each
/// batch it takes, O(pictures), and on a machine with few cores the run loop taking
/// batches back to back would slow down the scan and the reader that feed it.
///
/// After a step that took such batches in `cost`, the next ones wait until twice that
/// has passed (the loop spends at most about a third of its time on them), all joined
/// into one then. A step under `worthPacing` holds nothing back, so a small library
/// arrives as it is scanned. Held batches never pass anything that could depend on them
/// or change the library (the end of the scan, the watcher's changes, a rescan): those
/// take every batch held before them first. Input does pass them: the screen answered
/// is the one the user saw.
struct LibraryPacing {
  /// The cost of a step under which nothing is held back.
  static let worthPacing: UInt64 = 20_000_000
  /// The batches held back, in their order.
  private(set) var held: [Delivery] = []
  /// When held batches may go to the state (monotonic nanoseconds); 0: at once.
  private(set) var dueAt: UInt64 = 0

  /// What of `deliveries` (taken at `now`) to hand to the state now, in order: all of it
  /// with what was held when the batches are due or no scan runs (`scanning` false);
  /// else without the batches, which are held, unless something that must follow them
  /// comes after them (nothing is held after the end of the scan).
  mutating func pace(_ deliveries: [Delivery], scanning: Bool, now: UInt64) -> [Delivery] {
    guard scanning, now < dueAt else {
      defer { held = [] }
      return held.isEmpty ? deliveries : held + deliveries
    }
    var handed: [Delivery] = []
    var ended = false
    for delivery in deliveries {
      if case .event(.scan(.finished)) = delivery { ended = true }
      if !ended, Self.growsLibrary(delivery) {
        held.append(delivery)
        continue
      }
      if !held.isEmpty, Self.mustFollowHeld(delivery) {
        handed += held
        held = []
      }
      handed.append(delivery)
    }
    return handed
  }

  /// Notes a step that handed batches to the state, from `start` to `end`: the next are
  /// due after twice its cost, when it was worth pacing.
  mutating func noteTaken(from start: UInt64, to end: UInt64) {
    let cost = end >= start ? end - start : 0
    dueAt = cost >= Self.worthPacing ? end + 2 * cost : 0
  }

  /// How long to wait for events at most at `now`: `limit` (nil: for ever), cut short
  /// when batches are held until `dueAt`.
  func waitLimit(_ limit: Duration?, now: UInt64) -> Duration? {
    guard !held.isEmpty else { return limit }
    let untilDue = Duration.nanoseconds(Int64(dueAt > now ? dueAt - now : 0))
    return limit.map { min($0, untilDue) } ?? untilDue
  }

  /// A scanned folder or a batch of details.
  static func growsLibrary(_ delivery: Delivery) -> Bool {
    switch delivery {
    case .event(.scan(.section)), .event(.detailsRead): return true
    default: return false
    }
  }

  /// Whether `delivery` must come after the batches held before it: it ends or changes
  /// the scan or the library, or the run.
  static func mustFollowHeld(_ delivery: Delivery) -> Bool {
    switch delivery {
    case .watched, .rescanFinished, .terminate: return true
    case .answered, .repaint: return false
    case .event(let event):
      switch event {
      case .scan, .scanned, .foldersChanged, .rescanned, .acted, .favoritesMigrated,
        .orderLoaded:
        return true
      default: return false
      }
    }
  }
}
