import Foundation
import TestSupport

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
    let sanitizers = Self.symbolizerPipes(of: pid)
    self.descriptors =
      descriptors.filter { name in
        guard !sanitizers.isEmpty else { return true }
        let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: "/proc/\(pid)/fd/" + name)
        return target.map { !sanitizers.contains($0) } ?? true
      }.count
  }

  /// The pipes `pid` shares with an `llvm-symbolizer` child: a sanitizer starts one, the
  /// first time it must name a stack's functions (to match a suppression, say), and keeps
  /// a pipe to it open; those descriptors are the sanitizer's, not the program's.
  static func symbolizerPipes(of pid: Int32) -> Set<String> {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    var pipes: Set<String> = []
    for child in processes where child.allSatisfy(\.isNumber) {
      guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
        stat.contains("(llvm-symbolizer)"),
        let close = stat.lastIndex(of: ")"),
        stat[stat.index(after: close)...].split(separator: " ").dropFirst().first == "\(pid)"
      else { continue }
      let folder = "/proc/\(child)/fd"
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
        if let target = try? FileManager.default.destinationOfSymbolicLink(
          atPath: folder + "/" + name), target.hasPrefix("pipe:")
        {
          pipes.insert(target)
        }
      }
    }
    return pipes
  }

  /// What each open descriptor of `pid` refers to (`/proc/PID/fd` links), sorted; for the
  /// message when descriptors grew.
  static func descriptorTargets(pid: Int32) -> [String] {
    let folder = "/proc/\(pid)/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.compactMap { name in
      (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + name))
        .map { name + " → " + $0 }
    }.sorted()
  }

  var isStopped: Bool { state == "T" || state == "t" }
  var isZombie: Bool { state == "Z" || state == "X" }
}
