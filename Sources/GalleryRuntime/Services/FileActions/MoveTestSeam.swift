/// A test seam in a move across disks (`SafeMove`): a closure the tests run between its
/// last steps, to play another program saving the source at exactly that moment. The
/// program never sets one (a nil seam costs one comparison a step).
package struct MoveTestSeam: Sendable {
  /// The moments a test can act at.
  package enum Step: Sendable, CaseIterable {
    /// The copy is whole under the destination's name; the source is not yet looked at.
    case copied
    /// The last look at the source's name is taken; the set-aside comes next.
    case looked
    /// The source is under its temporary name beside it, not yet looked at.
    case setAside
    /// The file set aside is checked to be the one copied; its removal comes next.
    case checked
  }

  /// Run at each step, on the moving thread.
  let atStep: @Sendable (Step) -> Void

  package init(atStep: @escaping @Sendable (Step) -> Void) {
    self.atStep = atStep
  }
}
