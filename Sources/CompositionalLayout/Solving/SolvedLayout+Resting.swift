extension SolvedLayout {
  /// The offsets an orthogonal section can scroll to: 0 through its maximum.
  public func orthogonalOffsetRange(section: Int) -> ClosedRange<Int> {
    guard solvedSections.indices.contains(section) else { return 0...0 }
    return 0...solvedSections[section].maximumOrthogonalOffset
  }

  /// Where a scroll of an orthogonal section comes to rest, given the offset it heads for.
  ///
  /// Rest places by behaviour: `continuous` anywhere; `paging` every page width (the
  /// section's visible width); `groupPaging`, `groupPagingCentered` and
  /// `continuousGroupLeadingBoundary` every group (stride = group width + spacing; centred
  /// sections are padded so group g is centred at g × stride). The end of the row (the
  /// maximum offset) is always a rest place too. `direction` picks the rest place at or
  /// after (`forward`) or at or before (`backward`) the proposal, `none` the nearest
  /// (ties go backward). O(1).
  public func restingOffset(proposed: Int, direction: ScrollDirection = .none, section: Int)
    -> Int
  {
    guard solvedSections.indices.contains(section) else { return 0 }
    let solved = solvedSections[section]
    let maximum = solved.maximumOrthogonalOffset
    let clamped = min(max(proposed, 0), maximum)
    let step: Int
    switch solved.orthogonalScrollingBehavior {
    case .none: return 0
    case .continuous: return clamped
    case .paging: step = solved.visibleWidth
    case .groupPaging, .groupPagingCentered, .continuousGroupLeadingBoundary: step = solved.stride
    }
    guard step > 0 else { return clamped }
    let before = clamped / step * step
    let after = before == clamped ? before : min(before + step, maximum)
    switch direction {
    case .backward: return before
    case .forward: return after
    case .none: return clamped - before <= after - clamped ? before : after
    }
  }

  /// The offset that brings `indexPath`'s group fully into view in its orthogonal section,
  /// moving as little as possible from `current`, then resting by the section's behaviour.
  public func orthogonalOffset(toShow indexPath: ItemIndexPath, current: Int) -> Int {
    guard solvedSections.indices.contains(indexPath.section),
      let frame = solvedSections[indexPath.section].itemFrame(indexPath.item, offset: 0)
    else { return current }
    let solved = solvedSections[indexPath.section]
    let left = frame.minX - solved.frame.minX
    let right = frame.maxX - solved.frame.minX - solved.visibleWidth
    var target = current
    if left < current { target = left } else if right > current { target = right }
    let direction: ScrollDirection =
      target > current ? .forward : (target < current ? .backward : .none)
    let rested = restingOffset(proposed: target, direction: direction, section: indexPath.section)
    // A rest place that would hide the item again gives way to the plain target.
    let restedLeft = left - rested
    if restedLeft < 0 || restedLeft + frame.width > solved.visibleWidth {
      return min(max(target, 0), solved.maximumOrthogonalOffset)
    }
    return rested
  }
}
