import Foundation
import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery-move-probe move SRC DST`: one `SafeMove.move`, for the test that kills it at
/// random moments (MoveFaultTests). Exits 0 when moved, printing how long the move took
/// (`moved in N us`), 1 with the error's message, 2 on a wrong command line.
///
/// With `GALLERY_PROBE_KILL_AFTER_US=N` it sends itself SIGKILL N microseconds after the
/// move starts: a delay counted from the move rather than from the program's start, which
/// takes longer than the move itself and varies more.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3, arguments[0] == "move" else {
  FileHandle.standardError.write(Data("usage: gallery-move-probe move SOURCE DESTINATION\n".utf8))
  exit(2)
}
if let delay = ProcessInfo.processInfo.environment["GALLERY_PROBE_KILL_AFTER_US"].flatMap({
  UInt32($0)
}) {
  Thread.detachNewThread {
    usleep(delay)
    kill(getpid(), SIGKILL)
  }
}
let started = ContinuousClock.now
do {
  try SafeMove.move(arguments[1], to: arguments[2])
} catch {
  FileHandle.standardError.write(Data("\(error.message)\n".utf8))
  exit(1)
}
let (seconds, attoseconds) = (ContinuousClock.now - started).components
print("moved in \(seconds * 1_000_000 + attoseconds / 1_000_000_000_000) us")
