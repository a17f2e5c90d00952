import Gallery

/// Hands pictures to another program (`o`); the tests put a recorder in its place.
package protocol PictureOpener: Sendable {
  /// Whether the program gets the terminal while it runs: the runtime then hands the
  /// terminal over (as Ctrl-Z does) around `open`, and takes it back after.
  var needsTerminal: Bool { get }
  /// Opens `paths`. A program that needs the terminal gets `terminal` (the device's
  /// descriptor; nil: the program's own standard streams) as its standard input, output
  /// and error, and is waited for; a detached one is only started. Blocks until then.
  func open(_ paths: [String], terminal: Int32?) -> OpenOutcome
}
