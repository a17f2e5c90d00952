/// Settings that apply to the whole layout.
public struct LayoutConfiguration: Sendable {
  /// The layout's scroll axis. A horizontal layout places sections and groups left to
  /// right (orthogonal sections then scroll vertically); it is solved as the mirror image
  /// of a vertical one, so every rule holds with rows and columns exchanged. Use
  /// `.leading`/`.trailing` boundary items for its headers and footers.
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
