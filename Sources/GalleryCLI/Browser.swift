import Curses
import GalleryRuntime
import TerminalKit

/// The browser: the curses terminal opened, the runtime run on it, the terminal restored
/// however the run ends.
@MainActor
enum Browser {
  static func run(_ launch: GalleryLaunch) {
    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal(options: CursesTerminal.Options(color: launch.options.color))
    } catch {
      Console.fail("gallery: \(error)", status: 1)
    }
    let runtime: GalleryRuntime<CursesTerminal>
    do {
      runtime = try launch.runtime(on: terminal, colorMode: terminal.colorMode)
    } catch {
      terminal.end()
      Console.fail("gallery: \(error)", status: 1)
    }
    switch runtime.run() {
    case .quit:
      terminal.end()
      // After the screen is restored: the paths are for the pipe, or the shell.
      Console.write(launch.options.markedOutput(runtime.state.markedPaths))
    case .terminated(let signal):
      terminal.exit(bySignal: signal)
    }
  }
}

extension CursesTerminal: GalleryTerminal {}
extension TerminalWaker: TerminalWaking {}
