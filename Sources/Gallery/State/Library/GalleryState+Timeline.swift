import CompositionalLayout
import TerminalKit

/// The timeline (`--group-by`, `t`): sections by the day, month or year taken, and the
/// ways to leap through it: the "go to date" prompt (`T`, in `Prompts`) and the scrubber.
extension GalleryState {
  /// What the sections are: the folders, or the days, months or years taken.
  package var grouping: SectionGrouping { content.grouping }

  /// Puts the pictures in sections by `grouping`, the focus kept on its picture (`t`
  /// goes round folder, day, month, year). The dates it needs are asked for by `update`.
  mutating func group(by grouping: SectionGrouping) {
    rearrange { $0.setGrouping(grouping) }
    status.say(.grouped(grouping))
  }

  /// The shown timeline section holding `period` (a day of a month section, the first
  /// day of an asked month), else the one nearest to it in time; whether it holds it.
  /// O(sections).
  func section(nearest period: TimelinePeriod) -> (index: Int, exact: Bool)? {
    var nearest: (index: Int, distance: Int)?
    let target = period.firstDay.daysSince1970
    for (index, section) in sections.enumerated() {
      guard let shown = section.period, index != favoritesSectionIndex else { continue }
      if shown.contains(period) || period.contains(shown) { return (index, true) }
      let distance = abs(shown.firstDay.daysSince1970 - target)
      if nearest.map({ distance < $0.distance }) ?? true { nearest = (index, distance) }
    }
    return nearest.map { ($0.index, false) }
  }

  /// Shows the section at `index` from its header at the top of the view, the focus on
  /// its first picture (its header when folded).
  mutating func leap(toSection index: Int) {
    guard layout.sections.indices.contains(index) else { return }
    browsing.userTookFocus()
    browsing.moveFocus(
      to: count(inSection: index) > 0 && !isCollapsed(index)
        ? ItemIndexPath(item: 0, section: index) : .header(index))
    scroll(to: layout.sections[index].frame.minY)
    revealFocus()
  }

  // MARK: The scrubber

  /// The scrubber as it is on screen, nil while it is not shown.
  package var scrubber: TimelineScrubber? { TimelineScrubber(self) }

  /// A click or a drag on the scrubber's row `row`: leaps to the section at that point
  /// of the scale.
  mutating func scrub(toRow row: Int) {
    guard let scrubber, let index = scrubber.section(atRow: row) else { return }
    leap(toSection: index)
  }
}
