/// How far the reading of the pictures' details has come: what was asked for, and what
/// of it is still awaited, for the status line's `reading details · 12,400 of 48,000`.
///
/// Its rules: each stamp is asked for once (a file rewritten since has another stamp and
/// is asked again); a reading lasts while anything asked is awaited, and its count
/// starts again at the next one. A file that leaves the library is awaited no more, nor
/// counted.
package struct DetailsReading: Hashable, Sendable {
  /// Every stamp asked for, so each is asked once.
  private var asked: Set<FileStamp> = []
  /// The paths asked for and not yet answered.
  private var awaited: Set<String> = []
  /// The paths this reading asked for, answered or not.
  private var total = 0
  /// Reads asked for (one per `ask` of some stamps) whose reader has not said it is
  /// through (`finish`).
  private var readsOut = 0

  /// Nothing asked.
  package init() {}

  /// How many files of this reading were read, and how many it asked for; nil when
  /// none is awaited.
  package var progress: (read: Int, total: Int)? {
    awaited.isEmpty ? nil : (total - awaited.count, total)
  }

  /// Whether `stamp` was asked for already.
  func wasAsked(_ stamp: FileStamp) -> Bool { asked.contains(stamp) }

  /// Notes that `stamps` were asked for.
  mutating func ask(_ stamps: [FileStamp]) {
    if awaited.isEmpty { total = 0 }
    if !stamps.isEmpty { readsOut += 1 }
    asked.formUnion(stamps)
    for stamp in stamps where awaited.insert(stamp.path).inserted { total += 1 }
  }

  /// Notes that the files at `paths` were read.
  mutating func receive(_ paths: some Sequence<String>) {
    for path in paths { awaited.remove(path) }
  }

  /// Notes that one read is through: every file it asked for was answered or passed by
  /// (a file the reader cannot read brings no answer of its own). Once the last read
  /// asked for is through, nothing is awaited.
  mutating func finish() {
    readsOut = max(0, readsOut - 1)
    if readsOut == 0 { awaited = [] }
  }

  /// Forgets the files `holds` no longer names: they are neither awaited nor counted.
  mutating func keepOnly(_ holds: (String) -> Bool) {
    asked = asked.filter { holds($0.path) }
    let gone = awaited.filter { !holds($0) }
    awaited.subtract(gone)
    total -= gone.count
  }
}
