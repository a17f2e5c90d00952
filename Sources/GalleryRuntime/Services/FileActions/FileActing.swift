import Gallery

/// What the run loop needs of the actions on files (`FileActor`): one carried out in the
/// background, its report handed back. The loop's tests put a fake in its place.
package protocol FileActing: Sendable {
  /// Carries `action` out off the main thread and hands what became of it to `deliver`,
  /// on another thread.
  func perform(_ action: FileAction, deliver: @escaping @Sendable (FileActionReport) -> Void)
}

extension FileActor: FileActing {}
