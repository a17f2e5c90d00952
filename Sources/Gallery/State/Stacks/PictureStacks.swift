import FoundationEssentials
import Pictures

/// The stacks of what is shown, and which are open: the content keeps it, since the
/// sections shown are made through it (a closed stack is its cover alone).
///
/// Its rules: the rules and the open stacks are the user's; the stacks themselves are
/// derived, made again with the sections shown (`stack(_:)`), so they always agree with
/// them. A stack is open while any of its pictures was opened with it, so one that grows
/// as hashes come stays open; closing it forgets every picture of it.
package struct PictureStacks: Sendable {
  /// When pictures are one stack.
  package private(set) var rules = StackRules()
  /// The shown paths of the pictures of the stacks opened.
  private var opened: Set<String> = []
  /// The stacks of the sections shown, in order. Derived.
  package private(set) var all: [PictureStack] = []
  /// The index in `all` of the stack of each picture of one, by shown path. Derived.
  private var byPath: [String: Int] = [:]

  /// No stacks yet, the standard rules.
  package init() {}

  /// Whether any picture is in a stack.
  package var isEmpty: Bool { all.isEmpty }

  /// The stack the picture shown at `path` is in; nil when none. O(1).
  package func stack(of path: String) -> PictureStack? {
    byPath[path].map { all[$0] }
  }

  /// Takes `rules`; the caller shows the sections again.
  mutating func setRules(_ rules: StackRules) { self.rules = rules }

  /// Opens (`true`) or closes the stack of `members`; the caller shows the sections again.
  mutating func setOpen(_ members: [String], _ open: Bool) {
    if open { opened.formUnion(members) } else { opened.subtract(members) }
  }

  /// Forgets the stacks made, before the sections are stacked again.
  mutating func forgetStacks() {
    all = []
    byPath = [:]
  }

  /// `section` with each closed stack shown as its cover, the stacks noted. O(section).
  mutating func stack(
    _ section: LibrarySection, date: (Picture) -> Date?, hash: (Picture) -> PerceptualHash?,
    isPicked: (Picture) -> Bool, sharpness: (Picture) -> Double?
  ) -> LibrarySection {
    let pictures = section.pictures
    let runs = StackForming.runs(pictures, rules: rules, date: date, hash: hash)
    guard !runs.isEmpty else { return section }
    var shown: [Picture] = []
    shown.reserveCapacity(pictures.count)
    var next = 0
    for run in runs {
      shown += pictures[next..<run.lowerBound]
      let members = Array(pictures[run])
      let stack = PictureStack(
        members: members,
        coverIndex: StackForming.cover(of: members, isPicked: isPicked, sharpness: sharpness),
        isOpen: members.contains { opened.contains($0.path) })
      for member in members { byPath[member.path] = all.count }
      all.append(stack)
      if stack.isOpen { shown += members } else { shown.append(stack.cover) }
      next = run.upperBound
    }
    shown += pictures[next...]
    return section.with(pictures: shown)
  }
}
