import Gallery
import TerminalKit

/// The commands that hand the terminal to another program or write to it between frames:
/// the opener, the user's commands and the key handler, the clipboard.
extension GalleryRuntime {
  /// Hands `paths` to the opener, the terminal handed over while a waited program runs.
  func open(_ paths: [String]) -> OpenOutcome {
    guard let opener = services.opener else { return .failed("cannot open: no opener") }
    return handingOver(opener.needsTerminal) { opener.open(paths, terminal: $0) }
  }

  /// Runs a command of the user's, the terminal handed over unless it is detached.
  func run(_ command: UserCommand, focused: String, marked: [String]) -> GalleryEvent {
    let commandRunner = self.commandRunner
    let outcome = handingOver(!command.isDetached) {
      commandRunner.run(command, focused: focused, marked: marked, terminal: $0)
    }
    return .commandEnded(summary: outcome.summary, isFailure: outcome.isFailure)
  }

  /// Runs the key handler on `paths`, the terminal handed over; a handler that cannot
  /// run is a message, not a blink of the shell.
  func runKeyHandler(key: String, paths: [String]) -> GalleryEvent {
    let commandRunner = self.commandRunner
    let outcome =
      commandRunner.keyHandlerProblem(paths: paths).map { (summary: $0, isFailure: true) }
      ?? handingOver(true) { commandRunner.runKeyHandler(key: key, paths: paths, terminal: $0) }
    return .commandEnded(summary: outcome.summary, isFailure: outcome.isFailure)
  }

  /// Puts `paths` on the clipboard (OSC 52), through tmux's passthrough too inside tmux.
  func copy(_ paths: [String]) {
    // The paths' real bytes, one a line: a name that is not UTF-8 pastes as itself.
    let bytes = paths.map { PathBytes.fileSystemBytes($0) }.joined(separator: [0x0A])
    let control = ControlString.clipboard(bytes: Array(bytes))
    terminal.send(control)
    if settings.insideTmux { terminal.send(control.passingThroughTmux) }
  }

  /// Runs `body`, with the terminal handed over (as Ctrl-Z hands it over) around it when
  /// `waited`; `body` gets the terminal's descriptor then.
  private func handingOver<Result>(_ waited: Bool, _ body: (Int32?) -> Result) -> Result {
    guard waited else { return body(nil) }
    terminal.suspend()
    defer { takeTerminalBack() }
    return body(terminal.deviceDescriptor)
  }

  /// Takes the terminal back from a program it was handed to. The screen is the
  /// terminal's blank one now, whatever frame was drawn last: the next frame is drawn
  /// even when it equals that one (the same program run twice leaves the same status
  /// line), or the screen would stay blank until the next change.
  private func takeTerminalBack() {
    terminal.resume()
    mustDraw = true
  }
}
