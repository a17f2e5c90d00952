import Foundation
import Gallery
import GalleryRuntime
import Pictures
import XMPSidecars

#if canImport(Glibc)
  import Glibc
#endif

/// The fault-injection probe: one file action in a process of its own, for the tests that
/// kill it at random moments (MoveFaultTests, TurnFaultTests, UndoFaultTests).
///
/// - `move SRC DST`: one `SafeMove.move`; prints `moved in N us`.
/// - `move-picture SRC FOLDER`: the gallery's move of the picture SRC into FOLDER, its
///   XMP sidecars along (a name taken gives a free one); prints `moved in N us`.
/// - `turn PATH`: turns the picture right as the gallery does; prints `turned in N us`, or
///   the message (another program's save found) with status 1.
/// - `replace PATH FROM`: another program saving PATH as editors and exiftool do: FROM's
///   bytes written to a new file beside it, flushed, renamed over the name.
/// - `trash PATH`: the gallery's Trash, another gallery's.
/// - `trash-undo PATH GO`: trashes PATH, prints `trashed`, waits for the file GO to
///   exist, then undoes: status 0 when put back, 3 with the message when refused.
///
/// - `index-write DB NAME BATCHES SIZE`: batches recorded in the library index
///   (`IndexWriting.swift`).
/// - `sidecar-ratings FOLDER STARS`: a rating written into the XMP sidecars of every
///   `.CR2` in FOLDER (`SidecarWriting.swift`).
/// - `xmp-in-file PATH STARS`: a rating written into the XMP inside the picture PATH, as
///   `xmp-in-file = yes` does, at the steps of its rewrite as a turn; prints `written`,
///   or the message with status 1.
/// - `favorites-migrate STATE_HOME RULE`: the favourites of an older gallery made
///   decisions (`FavoritesMigrating.swift`).
///
/// The Trash is `$XDG_DATA_HOME/Trash`. Status 2 on a wrong command line. With
/// `GALLERY_PROBE_START_AT_US=T` (microseconds since 1970) the action waits until T, so
/// two probes started apart act together; with `GALLERY_PROBE_KILL_AFTER_US=N` the probe
/// sends itself SIGKILL N microseconds after its action starts: a delay counted from the
/// action rather than from the program's start, which takes longer and varies more.
/// A turn acts at the steps of its rewrite (`RewriteTestSeam.Step`, named as in Swift):
/// with `GALLERY_PROBE_SAVE_AT=STEP` and `GALLERY_PROBE_SAVE_FROM=FROM` it plays another
/// program saving FROM's bytes over the picture at that step (as `replace` does); with
/// `GALLERY_PROBE_KILL_AT=STEP` it sends itself SIGKILL there. With
/// `GALLERY_PROBE_KILL_AT_BYTES=N` it sends itself SIGKILL at the first write that would
/// make a file longer than N bytes: a move across disks killed with its temporary file
/// made and N bytes written, every time.
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("\(message)\n".utf8))
  exit(status)
}

/// Waits for the start time, then arms the kill; the clock's start.
func start() -> ContinuousClock.Instant {
  if let at = environment["GALLERY_PROBE_START_AT_US"].flatMap({ Int64($0) }) {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let wait = at - (Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000)
    if wait > 0 { usleep(UInt32(min(wait, 10_000_000))) }
  }
  if let bytes = environment["GALLERY_PROBE_KILL_AT_BYTES"].flatMap({ rlim_t($0) }) {
    // The kernel stops such a write with SIGXFSZ, before any of it is written.
    signal(SIGXFSZ) { _ in kill(getpid(), SIGKILL) }
    var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
    setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
  }
  if let delay = environment["GALLERY_PROBE_KILL_AFTER_US"].flatMap({ UInt32($0) }) {
    Thread.detachNewThread {
      usleep(delay)
      kill(getpid(), SIGKILL)
    }
  }
  return ContinuousClock.now
}

func microseconds(since started: ContinuousClock.Instant) -> Int64 {
  let (seconds, attoseconds) = (ContinuousClock.now - started).components
  return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
}

/// The bytes of the file at `path`; status 2 when it cannot be read.
func contents(of path: String) -> Data {
  guard let bytes = FileManager.default.contents(atPath: path) else {
    fail("cannot read \(path)", status: 2)
  }
  return bytes
}

/// Saves `bytes` over `path` as editors do: a new file beside it, flushed, renamed over
/// the name.
func save(_ path: String, _ bytes: Data) {
  let temporary = path + ".other-save"
  guard FileManager.default.createFile(atPath: temporary, contents: bytes) else {
    fail("cannot write \(temporary)", status: 1)
  }
  let descriptor = open(temporary, O_RDONLY)
  fsync(descriptor)
  close(descriptor)
  guard rename(temporary, path) == 0 else { fail("cannot rename", status: 1) }
}

/// The rewrite step `name` names, or nil.
func step(_ name: String?) -> RewriteTestSeam.Step? {
  RewriteTestSeam.Step.allCases.first { "\($0)" == name }
}

/// What the environment asks a turn to do at its steps; nil when nothing.
func seam(turning path: String) -> RewriteTestSeam? {
  let saveAt = step(environment["GALLERY_PROBE_SAVE_AT"])
  let theirs = environment["GALLERY_PROBE_SAVE_FROM"].map(contents(of:))
  let killAt = step(environment["GALLERY_PROBE_KILL_AT"])
  guard (saveAt != nil && theirs != nil) || killAt != nil else { return nil }
  return RewriteTestSeam { step in
    if step == saveAt, let theirs { save(path, theirs) }
    if step == killAt { kill(getpid(), SIGKILL) }
  }
}

func actor(seam: RewriteTestSeam? = nil) -> FileActor {
  FileActor(
    ordering: SectionOrdering(roots: []), home: environment["HOME"] ?? "/",
    trash: Trash.ofThisUser(environment: environment), rewriteSeam: seam)
}

switch (arguments.first, arguments.count) {
case ("move", 3):
  let started = start()
  do {
    try SafeMove.move(arguments[1], to: arguments[2])
  } catch {
    fail(error.message, status: 1)
  }
  print("moved in \(microseconds(since: started)) us")
case ("move-picture", 3):
  let files = actor()
  let started = start()
  let report = files.carryOut(.move([arguments[1]], to: arguments[2], conflicts: .keepBoth))
  if report.isFailure { fail(report.summary, status: 1) }
  print("moved in \(microseconds(since: started)) us")
case ("turn", 2):
  let files = actor(seam: seam(turning: arguments[1]))
  let started = start()
  let report = files.carryOut(.turn([arguments[1]], .right))
  if report.isFailure { fail(report.summary, status: 1) }
  print("turned in \(microseconds(since: started)) us")
case ("replace", 3):
  let bytes = contents(of: arguments[2])
  _ = start()
  save(arguments[1], bytes)
case ("trash", 2):
  let report = actor().carryOut(.trash([arguments[1]]))
  if report.isFailure { fail(report.summary, status: 1) }
case ("trash-undo", 3):
  let files = actor()
  let trashed = files.carryOut(.trash([arguments[1]]))
  if trashed.isFailure { fail(trashed.summary, status: 1) }
  // Unbuffered: the test waits for the line.
  FileHandle.standardOutput.write(Data("trashed\n".utf8))
  while access(arguments[2], F_OK) != 0 { usleep(500) }
  _ = start()
  let undone = files.carryOut(.undo)
  if undone.isFailure { fail(undone.summary, status: 3) }
  print(undone.summary)
case ("index-write", 5):
  guard let batches = Int(arguments[3]), let size = Int(arguments[4]) else {
    fail("BATCHES and SIZE are numbers", status: 2)
  }
  writeIndexBatches(arguments[1], name: arguments[2], batches: batches, size: size)
case ("sidecar-ratings", 3):
  guard let stars = Int(arguments[2]) else { fail("STARS is a number", status: 2) }
  writeSidecarRatings(arguments[1], stars: stars)
case ("xmp-in-file", 3):
  guard let stars = Int(arguments[2]) else { fail("STARS is a number", status: 2) }
  let writer = PictureXMPWriter(
    store: SidecarStore(), inFile: true, seam: seam(turning: arguments[1]))
  do {
    try writer.write(
      CullingDecision(rating: StarRating(clamping: stars), flag: .none, labels: []),
      picture: arguments[1])
  } catch {
    fail(error.message, status: 1)
  }
  print("written")
case ("favorites-migrate", 3):
  migrateFavorites(stateHome: arguments[1], rule: arguments[2])
default:
  fail(
    "usage: gallery-move-probe move SRC DST | move-picture SRC FOLDER | turn PATH | replace PATH FROM | trash PATH"
      + " | trash-undo PATH GO | index-write DB NAME BATCHES SIZE"
      + " | sidecar-ratings FOLDER STARS | xmp-in-file PATH STARS"
      + " | favorites-migrate STATE_HOME RULE", status: 2)
}
