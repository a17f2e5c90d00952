import CompositionalLayout

/// How the showcase's first row scrolls sideways (`--office-scrolling`, a name kept from
/// the first gallery, whose first row was the Office).
public enum FirstRowScrolling: String, Sendable, Hashable, CaseIterable {
  /// Free scrolling, no resting points.
  case continuous
  /// A page of the container's width at a time.
  case paging
  /// One group at a time.
  case groupPaging = "group-paging"
}

extension OrthogonalScrollingBehavior {
  /// The behaviour `--office-scrolling` names.
  public init(_ scrolling: FirstRowScrolling) {
    switch scrolling {
    case .continuous: self = .continuous
    case .paging: self = .paging
    case .groupPaging: self = .groupPaging
    }
  }
}
