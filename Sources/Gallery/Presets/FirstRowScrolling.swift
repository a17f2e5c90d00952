import CompositionalLayout

/// How the showcase's first row scrolls sideways (`--office-scrolling`, a name kept from
/// the first gallery, whose first row was the Office).
package enum FirstRowScrolling: String, Sendable, Hashable, CaseIterable {
  /// By the width: the focused picture centred with both neighbours peeking in while
  /// the row holds one picture a page (compact width), whole pages of two otherwise.
  case automatic = "auto"
  /// Free scrolling, no resting points.
  case continuous
  /// A page of the container's width at a time.
  case paging
  /// One group at a time, its leading edge at the row's.
  case groupPaging = "group-paging"
  /// One group at a time, centred, its neighbours peeking in on both sides.
  case centered

  /// The row's behaviour at a width of this size class.
  ///
  /// Paging by the width suits the regular row, whose pages are two pictures exactly. The
  /// compact row's pictures are 0.85 of the width, so pages of the width would drift off
  /// them (a band left of the focused picture, no neighbour on the right): there the
  /// picture rests centred, as UIKit's `groupPagingCentered` places it.
  package func behavior(regularWidth: Bool) -> OrthogonalScrollingBehavior {
    switch self {
    case .automatic: regularWidth ? .paging : .groupPagingCentered
    case .continuous: .continuous
    case .paging: .paging
    case .groupPaging: .groupPaging
    case .centered: .groupPagingCentered
    }
  }
}
