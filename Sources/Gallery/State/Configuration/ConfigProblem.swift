/// A line of the configuration file that could not be used: it is skipped, the rest of
/// the file applies, and the status line says which line and why.
package struct ConfigProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The line's number, from 1; 0 for the file as a whole (it cannot be read).
  package let line: Int
  /// What is wrong, such as `unknown setting 'colour2'`.
  package let text: String

  package init(line: Int, _ text: String) {
    self.line = line
    self.text = text
  }

  /// `config line 3: unknown action 'jump'`, or `config: …` for the whole file.
  package var description: String {
    line > 0 ? "config line \(line): \(text)" : "config: \(text)"
  }
}
