/// How a section scrolls across the layout's scroll direction (UIKit's six cases).
///
/// Any case but `none` lays the section's groups out in one row with its own offset.
/// Resting offsets, see `SolvedLayout.restingOffset(proposed:direction:section:)`:
/// `continuous` rests anywhere; `continuousGroupLeadingBoundary` at a group's leading
/// edge; `paging` at multiples of the container width; `groupPaging` at each group;
/// `groupPagingCentered` at each group, centred in the container.
public enum OrthogonalScrollingBehavior: Hashable, Sendable, CaseIterable {
  case none
  case continuous
  case continuousGroupLeadingBoundary
  case paging
  case groupPaging
  case groupPagingCentered
}

/// Which way a scroll is heading when it comes to rest.
public enum ScrollDirection: Hashable, Sendable {
  /// Toward smaller offsets (left).
  case backward
  /// No direction: rest at the nearest place.
  case none
  /// Toward larger offsets (right).
  case forward
}
