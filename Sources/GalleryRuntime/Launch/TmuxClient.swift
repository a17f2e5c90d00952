import FoundationEssentials
import Glibc
import TerminalKit

/// What tmux knows of the terminal its client runs in, asked once at start inside tmux
/// (`TMUX` set) with one `tmux display-message`.
package struct TmuxClient: Sendable {
  /// tmux's `client_termfeatures` for the client of this pane (`RGB,clipboard,title,…`),
  /// when 24-bit colour is still in question; nil outside tmux, when `COLORTERM` already
  /// says so, or when tmux did not answer within half a second (a detached session has no
  /// client: an empty answer).
  ///
  /// `COLORTERM` rarely reaches programs inside tmux, though tmux passes 24-bit colour on
  /// to a terminal that has it; tmux's own answer says whether it will.
  package var features: String?
  /// Whether tmux passes the probe's queries on to a terminal that answers
  /// (`allow-passthrough`, and a client attached) and that could draw pictures following
  /// the panes (the client's terminal, as tmux names it), when the graphics are asked
  /// about; `.unknown` outside tmux or when tmux did not say.
  package var passthrough: PassthroughReach = .unknown

  /// Asks tmux what is in question: the features unless `color` or `COLORTERM` settles
  /// 24-bit colour, the passthrough when `asksGraphics`. Nothing is run outside tmux or
  /// when nothing is in question.
  package static func ask(
    environment: [String: String], color: ColorChoice, asksGraphics: Bool
  ) -> TmuxClient {
    var client = TmuxClient()
    guard !(environment["TMUX"] ?? "").isEmpty else { return client }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    let wantsFeatures = color != .never && colorTerm != "truecolor" && colorTerm != "24bit"
    guard wantsFeatures || asksGraphics else { return client }
    // The client of this pane's session (tmux picks the current or the latest one there).
    let pane = environment["TMUX_PANE"].map { ["-t", $0] } ?? []
    // Separated by a bar, not whitespace, which trimming would take from an empty first.
    // The terminal's own name (its XTVERSION answer) goes last: it may hold a bar.
    let format =
      "#{client_termfeatures}|#{allow-passthrough}|#{session_attached}|#{window_active}"
      + "|#{client_created}|#{client_termname}|#{client_termtype}"
    let arguments = ["tmux", "display-message"] + pane + ["-p", format]
    guard let bytes = output(of: ["env"] + arguments, waitingMilliseconds: 500) else {
      return client
    }
    let fields = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
      .split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    if wantsFeatures { client.features = fields.first ?? "" }
    if asksGraphics, fields.count >= 7 {
      let created = Int(fields[4].trimmingWhitespace())
      let now = Int(time(nil))
      client.passthrough = PassthroughReach(
        allowPassthrough: fields[1], attachedClients: fields[2], windowActive: fields[3],
        terminalType: fields[6...].joined(separator: "|"), terminalName: fields[5],
        clientSeconds: created.map { max(0, now - $0) })
    }
    return client
  }

  /// What `/usr/bin/env` with `arguments` (the first is its name) writes on its standard
  /// output, when it ends with status 0 within `waitingMilliseconds`; nil otherwise (the
  /// program is then ended). Its standard input and error are `/dev/null`.
  private static func output(of arguments: [String], waitingMilliseconds: Int) -> [UInt8]? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    // Not inherited by programs other threads start meanwhile (the child's own standard
    // output is a duplicate, which keeps it).
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    defer { close(ends[0]) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, ends[0])
    posix_spawn_file_actions_addclose(&actions, ends[1])
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    ShellRun.startsWithDefaultSignals(&attributes)
    let cArguments = ShellRun.argumentVector(arguments)
    defer { for pointer in cArguments { pointer?.deallocate() } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, cArguments, environ)
    close(ends[1])
    guard spawned == 0 else { return nil }
    let deadline = ContinuousClock.now + .milliseconds(waitingMilliseconds)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let left = ContinuousClock.now.duration(to: deadline).components
      let milliseconds = max(0, left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000)
      var reading = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
      let ready = poll(&reading, 1, Int32(milliseconds))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else {
        // No answer in time (or poll failed): the program is ended, not waited for long.
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return nil
      }
      let count = read(ends[0], &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return nil }
    }
    return status == 0 ? bytes : nil
  }
}
