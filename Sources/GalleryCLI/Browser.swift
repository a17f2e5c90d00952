import Curses
import Dispatch
import GalleryRuntime
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The browser: the pictures found, the curses terminal opened, the runtime run on it,
/// the terminal restored however the run ends.
@MainActor
enum Browser {
  static func run(_ launch: GalleryLaunch) {
    let scanner: LibraryScanner
    do {
      scanner = try launch.scanner()
    } catch {
      Console.fail("gallery: \(Console.shown(error))", status: 1)
    }
    // What killed galleries left for the terminal goes on a thread of its own: the first
    // frame does not wait for it. (The folders' leftovers go as the scan reads them.)
    DispatchQueue.global(qos: .utility).async { _ = TerminalLeftovers.removeAbandoned() }
    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal(
        options: CursesTerminal.Options(
          color: launch.options.color, graphics: launch.options.graphics,
          asksColors: launch.asksTerminalColors,
          tmuxClientFeatures: TmuxClient.features(
            environment: launch.environment, color: launch.options.color)))
    } catch {
      Console.fail("gallery: \(Console.shown(error))", status: 1)
    }
    // Libraries print to standard error (libjxl on a damaged file); on the terminal that
    // would scribble over the screen. Quiet while drawing, back for the exit.
    let quiet = QuietStandardError()
    let runtime = launch.runtime(
      on: terminal, colorMode: terminal.colorMode, graphics: terminal.graphics, scanner: scanner)
    let outcome = runtime.run()
    terminal.end()
    quiet.restore()
    switch outcome {
    case .quit:
      // After the screen is restored: the paths are for the pipe, or the shell.
      Console.write(launch.options.markedOutput(runtime.state.markedPaths))
    case .terminated(let signal):
      terminal.exit(bySignal: signal)
    }
  }
}

/// Standard error pointed at `/dev/null` while it is the terminal being drawn on.
struct QuietStandardError {
  private let saved: Int32

  init() {
    guard isatty(2) == 1 else {
      saved = -1
      return
    }
    saved = fcntl(2, F_DUPFD_CLOEXEC, 0)
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    if saved >= 0, null >= 0 { dup2(null, 2) }
    if null >= 0 { close(null) }
  }

  /// Puts standard error back.
  func restore() {
    guard saved >= 0 else { return }
    dup2(saved, 2)
    close(saved)
  }
}

extension CursesTerminal: GalleryTerminal {}
extension TerminalWaker: TerminalWaking {}
