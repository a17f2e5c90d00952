import Gallery

/// What the run loop needs to run the user's commands and the key handler
/// (`CommandRunner`); each blocks until the program ends (or, detached, starts).
package protocol CommandRunning: Sendable {
  /// Runs `command` on the pictures; `terminal` is the device for a waited command.
  func run(_ command: UserCommand, focused: String, marked: [String], terminal: Int32?)
    -> (summary: String, isFailure: Bool)
  /// Runs the key handler with `key`'s name and `paths` on its standard input.
  func runKeyHandler(key: String, paths: [String], terminal: Int32?)
    -> (summary: String, isFailure: Bool)
  /// Why the key handler cannot run on `paths`, nil when it can: asked before the
  /// terminal is handed over.
  func keyHandlerProblem(paths: [String]) -> String?
}

extension CommandRunner: CommandRunning {}
