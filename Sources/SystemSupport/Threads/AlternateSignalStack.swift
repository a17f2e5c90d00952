#if canImport(Glibc)
  import Glibc
#endif

/// A thread's own stack for signal handlers (`sigaltstack`), so that a fault from a stack
/// overflow on that thread still runs the crash report's handler.
enum AlternateSignalStack {
  /// Bytes: the report's handler needs a few KiB (a 4 KiB buffer, `write`s); the system's
  /// own minimum is honoured when larger.
  static var size: Int { max(64 << 10, sysconf(Int32(_SC_SIGSTKSZ))) }

  /// Frees a thread's stack when the thread ends. The key's value is the stack.
  private static let key: pthread_key_t? = {
    var key = pthread_key_t()
    let made = pthread_key_create(&key) { stack in
      var off = stack_t()
      off.ss_flags = Int32(SS_DISABLE)
      sigaltstack(&off, nil)
      free(stack)
    }
    return made == 0 ? key : nil
  }()

  /// Gives the calling thread an alternate signal stack unless it has one.
  static func installOnCurrentThread() {
    var current = stack_t()
    guard sigaltstack(nil, &current) == 0, Int(current.ss_flags) & SS_DISABLE != 0,
      let key, let memory = malloc(size)
    else { return }
    var stack = stack_t()
    stack.ss_sp = memory
    stack.ss_size = size
    guard sigaltstack(&stack, nil) == 0 else {
      free(memory)
      return
    }
    pthread_setspecific(key, memory)
  }

  /// Whether the calling thread has an alternate signal stack.
  static var isInstalledOnCurrentThread: Bool {
    var current = stack_t()
    return sigaltstack(nil, &current) == 0 && Int(current.ss_flags) & SS_DISABLE == 0
  }
}
