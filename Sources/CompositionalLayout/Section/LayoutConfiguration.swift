/// Settings that apply to the whole layout.
public struct LayoutConfiguration: Sendable {
  /// The layout's scroll axis. Only `.vertical` is solved today; `.horizontal` is
  /// accepted and laid out vertically.
  public var scrollDirection: Axis = .vertical
  /// Rows between neighbouring sections.
  public var interSectionSpacing: Int = 0
  /// Headers and footers of the whole layout (`.top` and `.bottom` alignments).
  public var boundarySupplementaryItems: [BoundarySupplementaryItem] = []

  public init(
    scrollDirection: Axis = .vertical, interSectionSpacing: Int = 0,
    boundarySupplementaryItems: [BoundarySupplementaryItem] = []
  ) {
    self.scrollDirection = scrollDirection
    self.interSectionSpacing = interSectionSpacing
    self.boundarySupplementaryItems = boundarySupplementaryItems
  }

  /// The scroll axis.
  public enum Axis: Hashable, Sendable {
    case vertical
    case horizontal
  }
}
