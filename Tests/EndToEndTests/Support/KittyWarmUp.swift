import Foundation
import TestSupport

/// Kitty started once before any test's kitty, and waited for until it answers.
///
/// A kitty that has never run on a machine compiles its shaders under software OpenGL and
/// fills its font and shader caches on its first start; on a busy two-core machine that
/// took long enough for a test's window deadline, or the demo's wait for the terminal's
/// answers, to pass. The warm-up runs the demo in kitty with a detection wait of two
/// minutes and waits, holding no session slot, for its first frame in kitty's graphics:
/// from then on kitty starts warm, and the tests' deadlines count from a ready terminal.
enum KittyWarmUp {
  /// The warm-up, started by the first kitty test that asks; later ones share its end.
  static let done = Task {
    do {
      try await warmUp()
    } catch {
      throw XTerminal.Failure(description: "kitty's warm-up (its first start) failed: \(error)")
    }
  }

  private static func warmUp() async throws {
    let binary = try BuiltProduct.path("curses-demo")
    let report = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-kitty-warm-up-\(getpid()).txt"
    ).path
    defer { unlink(report) }
    let terminal = try await XTerminal.launchRetrying(
      .kitty,
      command:
        "TERM=xterm-kitty \(binary) --pictures --graphics-timeout-ms 120000 --report \(report); sleep 30",
      columns: 80, rows: 24, windowDeadline: .seconds(180))
    defer { terminal.close() }
    try await terminal.poll("kitty's first answers (its warm-up)", deadline: .seconds(180)) {
      let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
      return text.split(separator: "\n").contains { $0.hasPrefix("frame ") }
    }
  }
}
