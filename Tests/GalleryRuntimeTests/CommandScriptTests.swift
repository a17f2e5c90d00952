import Foundation
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime

/// The script a `run` binding becomes, run by `/bin/sh` on names made to break quoting:
/// each placeholder stands for its path bare, inside single or double quotes and inside
/// a script for another shell, and no name is ever read as shell code.
@Suite struct CommandScriptTests {
  /// A folder and names with every character that means something to the shell.
  static let folder = "/tmp/it's a \"dir\" $(echo FOLDER-RAN) \\ `x`"
  static let focused = folder + "/a 'b' \"c\" $(echo RAN) ;x\\ |y\n.jpg"
  static let other = folder + "/-n *.jpg"

  /// What `line` prints when run on the focused name with both names marked; fails the
  /// test when the line is refused.
  static func output(_ line: String) async throws -> String {
    let script = try CommandRunner.script(for: UserCommand(line: line, isDetached: false)).get()
    let ran = try await Subprocess.run(
      ["/bin/sh", "-c", script, "gallery-command", focused, folder, focused, other])
    #expect(ran.status == 0, "\(line): \(ran.errors)")
    return ran.output
  }

  @Test(arguments: [
    "printf '%s' %f",
    "printf '%s' '%f'",
    "printf '%s' \"%f\"",
    "sh -c 'printf \"%s\" %f'",
    "sh -c 'printf \"%s\" \"%f\"'",
    "sh -c \"printf '%s' '%f'\"",
    "bash -c 'printf %s '\\''%f'\\'",
    "env sh -ec 'printf \"%s\" %f'",
    // A script inside a script inside the command: `%%` is `%` at every level.
    "sh -c 'sh -c \"printf %%s %f\"'",
  ])
  func theFocusedNameWhereverItStands(line: String) async throws {
    #expect(try await Self.output(line) == Self.focused, "\(line)")
  }

  @Test func aPlaceholderInsideWordsKeepsTheWordsAroundIt() async throws {
    #expect(
      try await Self.output("printf '%s' 'in %d: %f.'") == "in \(Self.folder): \(Self.focused).")
    #expect(
      try await Self.output("printf '%s' \"in %d: %f.\"") == "in \(Self.folder): \(Self.focused).")
    #expect(try await Self.output("printf '%s' '100%%' %%f") == "100%%f")
    #expect(
      try await Self.output("sh -c 'printf \"%s\" \"in %d: %f.\"'")
        == "in \(Self.folder): \(Self.focused).")
  }

  @Test func theMarkedNamesAreOneArgumentEach() async throws {
    let expected = "[\(Self.focused)][\(Self.other)]"
    #expect(try await Self.output("printf '[%s]' %m") == expected)
    #expect(try await Self.output("printf '[%s]' \"%m\"") == expected)
    #expect(try await Self.output("printf '[%s]' '%m'") == expected)
    #expect(try await Self.output("sh -c 'printf \"[%s]\" \"$@\"' sh %m") == expected)
  }

  @Test func whatCannotBeQuotedSafelyIsRefusedWhenTheConfigurationIsRead() {
    let file = ConfigFile(
      text: """
        bind a = run echo %f
        bind b = run sh -c 'ls %m'
        bind c = run sh -c "convert %f $HOME/out.png"
        bind d = run echo 'oops %f
        bind e = run sh -c "convert %f \\"$HOME\\""
        bind f = run echo "$HOME" '%f'
        """)
    #expect(file.problems.map(\.line) == [2, 3, 4, 5])
    let messages = file.problems.map(\.description)
    #expect(messages.first?.contains("%m cannot stand inside a script") == true, "\(messages)")
    #expect(messages.dropFirst().first?.contains("write the script in single quotes") == true)
    #expect(messages.dropFirst(2).first?.contains("a quote is not closed") == true)
  }
}
