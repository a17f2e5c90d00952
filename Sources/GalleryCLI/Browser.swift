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
    // A pipe whose reader is gone (`gallery -o | cat` after Ctrl-\ ended cat) makes a write
    // fail with EPIPE, which is reported and keeps the marks, instead of SIGPIPE ending the
    // program silently with them.
    signal(SIGPIPE, SIG_IGN)
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
    let tmux = TmuxClient.ask(
      environment: launch.environment, color: launch.options.color,
      asksGraphics: launch.options.graphics.asksTheTerminal)
    do {
      terminal = try CursesTerminal(
        options: CursesTerminal.Options(
          color: launch.options.color, graphics: launch.options.graphics,
          asksColors: launch.asksTerminalColors, tmuxClientFeatures: tmux.features,
          tmuxPassthrough: tmux.passthrough))
    } catch {
      Console.fail("gallery: \(Console.shown(error))", status: 1)
    }
    // Libraries print to standard error (libjxl on a damaged file); on the terminal that
    // would scribble over the screen. Quiet while drawing, back for the exit.
    let quiet = CrashReport.QuietStandardError()
    let runtime = launch.runtime(
      on: terminal, colorMode: terminal.colorMode, graphics: terminal.graphics, scanner: scanner)
    let outcome = runtime.run()
    terminal.end()
    quiet.restore()
    // After the screen is restored: the paths are for the pipe, or the shell.
    let paths = runtime.state.selectedPaths
    let exact = launch.options.markedOutput(paths)
    switch outcome {
    case .quit:
      // A terminal shows them escaped as the screen shows names; a pipe gets the bytes.
      let shown = launch.options.markedOutput(paths, forTerminal: isatty(1) == 1)
      if let failure = Console.writeAll(shown) {
        keep(
          exact, count: paths.count, launch: launch,
          because: "they could not be printed: \(failure)")
        exit(1)
      }
    case .terminated(let signal):
      if !exact.isEmpty {
        keep(
          exact, count: paths.count, launch: launch,
          because: "the gallery was stopped by \(Console.signalName(signal))")
      }
      terminal.exit(bySignal: signal)
    }
  }

  /// Saves the marked paths `-o` did not print in the state folder and says where, on
  /// standard error.
  private static func keep(
    _ bytes: [UInt8], count: Int, launch: GalleryLaunch, because reason: String
  ) {
    let what = count == 1 ? "the marked path is" : "the \(count) marked paths are"
    do {
      let file = try MarkedPathsRescue.save(bytes, environment: launch.environment)
      Console.write(
        Array("gallery: \(what) kept in \(Console.shown(file)): \(reason)\n".utf8), to: 2)
    } catch {
      Console.write(
        Array("gallery: \(what) lost: \(reason), and \(Console.shown(error))\n".utf8), to: 2)
    }
  }
}

extension CursesTerminal: GalleryTerminal {}
extension TerminalWaker: TerminalWaking {}
