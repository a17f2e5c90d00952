import Glibc

/// A thread of its own, for what Foundation's `Thread` was (not in FoundationEssentials):
/// a detached pthread running one closure, named for `top` and debuggers.
package enum SystemThread {
  /// The closure a new thread runs, handed over through pthreads' one pointer.
  private final class Body {
    let name: String
    let run: @Sendable () -> Void
    init(name: String, run: @escaping @Sendable () -> Void) {
      self.name = name
      self.run = run
    }
  }

  /// Starts a detached thread named `name` (its first 15 bytes, Linux's limit) that runs
  /// `body`, with a stack of `stackSize` bytes when given (else the system's default).
  ///
  /// A thread that cannot be made (the system's limit of threads reached) stops the
  /// program with the reason, as Foundation's `Thread` did: nothing goes on without it.
  package static func start(
    name: String, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void
  ) {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, &attributes,
      { pointer in
        guard let pointer else { return nil }
        let body = Unmanaged<Body>.fromOpaque(pointer).takeRetainedValue()
        _ = setThreadName(pthread_self(), String(body.name.utf8.prefix(15)) ?? "gallery")
        body.run()
        return nil
      }, box)
    guard status == 0 else {
      Unmanaged<Body>.fromOpaque(box).release()
      fatalError("cannot start the thread \(name): \(String(cString: strerror(status)))")
    }
  }
}

/// glibc's `pthread_setname_np`, which the Glibc module leaves out (it needs
/// `_GNU_SOURCE`): a pthread_t and a C string, the same in Swift's calling convention.
@_silgen_name("pthread_setname_np")
private func setThreadName(_ thread: pthread_t, _ name: UnsafePointer<CChar>) -> Int32
