import Foundation
import TerminalKit

/// What tmux knows of the terminal its client runs in.
package enum TmuxClient {
  /// tmux's `client_termfeatures` for the client of this pane (`RGB,clipboard,title,…`),
  /// inside tmux (`TMUX` set) and when 24-bit colour is still in question; nil outside,
  /// when `COLORTERM` already says so, or when tmux did not answer within half a second
  /// (a detached session has no client: an empty answer).
  ///
  /// `COLORTERM` rarely reaches programs inside tmux, though tmux passes 24-bit colour on
  /// to a terminal that has it; tmux's own answer says whether it will.
  package static func features(environment: [String: String], color: ColorChoice) -> String? {
    guard !(environment["TMUX"] ?? "").isEmpty, color != .never else { return nil }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    guard colorTerm != "truecolor", colorTerm != "24bit" else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // The client of this pane's session (tmux picks the current or the latest one there).
    let pane = environment["TMUX_PANE"].map { ["-t", $0] } ?? []
    process.arguments = ["tmux", "display-message"] + pane + ["-p", "#{client_termfeatures}"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    do { try process.run() } catch { return nil }
    guard finished.wait(timeout: .now() + .milliseconds(500)) == .success else {
      process.terminate()
      return nil
    }
    guard process.terminationStatus == 0 else { return nil }
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
