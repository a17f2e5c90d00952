/// A test seam in `FileRewrite`: a closure the tests run between the steps of a rewrite,
/// to play another program saving the same file at exactly that moment. The program
/// never sets one (`FileActor` passes nil), and a nil seam costs one comparison a step.
package struct RewriteTestSeam: Sendable {
  /// The moments a test can act at.
  package enum Step: Sendable, CaseIterable {
    /// The first bytes are read, the rest not yet: a write now falls during the read.
    case reading
    /// The whole file is read through its descriptor, its status checked again.
    case read
    /// The new content is whole and flushed under its temporary name.
    case written
    /// The last look at the name is taken; the rename or exchange comes next.
    case swapping
    /// The names are exchanged: the temporary name holds the file swapped out, not yet
    /// looked at (never reached without `RENAME_EXCHANGE`).
    case exchanged
  }

  /// Run at each step, on the rewriting thread.
  let atStep: @Sendable (Step) -> Void
  /// Plays a file system without `RENAME_EXCHANGE` (NFS, some FUSE ones), so the tests
  /// reach the fallback of a last look and a plain rename.
  let withoutExchange: Bool

  package init(withoutExchange: Bool = false, atStep: @escaping @Sendable (Step) -> Void) {
    self.atStep = atStep
    self.withoutExchange = withoutExchange
  }
}
