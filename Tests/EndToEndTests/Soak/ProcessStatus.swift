import Foundation

/// What `/proc` says about a running process (Linux): alive, stopped, memory, descriptors.
struct ProcessStatus {
  /// The state letter of `/proc/PID/stat`: `R`, `S`, `D`, `T` (stopped), `Z`; nil when
  /// the process is gone.
  var state: Character
  /// Resident memory in KiB (`VmRSS`).
  var residentKiB: Int
  /// Open file descriptors (entries of `/proc/PID/fd`).
  var descriptors: Int

  /// The status of `pid`, or nil when it no longer exists.
  init?(pid: Int32) {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
    else { return nil }
    // `pid (name) S …`: the name may hold spaces and parentheses; the state follows the last `)`.
    guard let close = stat.lastIndex(of: ")"),
      let state = stat[stat.index(after: close)...].first(where: { $0 != " " })
    else { return nil }
    let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
      .flatMap { line in line.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
    self.state = state
    residentKiB = rss ?? 0
    self.descriptors = descriptors.count
  }

  var isStopped: Bool { state == "T" || state == "t" }
  var isZombie: Bool { state == "Z" || state == "X" }
}
