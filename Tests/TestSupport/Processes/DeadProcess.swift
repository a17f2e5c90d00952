import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A process id no process has, nor ever will while the tests run: one above the
/// system's `pid_max` (`/proc/sys/kernel/pid_max`), which the kernel never hands out. An
/// id of a process that has ended could be handed out again, and a test judging it gone
/// would then fail for no fault of the code.
package enum DeadProcess {
  package static let pid: pid_t = {
    let text = try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
    let limit = text.flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    // Without /proc: far above the largest limit Linux allows (2^22).
    return (limit ?? 0x3FFF_FFFE) + 1
  }()
}
