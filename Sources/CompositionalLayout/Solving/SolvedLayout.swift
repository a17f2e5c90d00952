/// A layout solved for one container and item counts: answers where things are.
///
/// Frames are computed on demand; nothing is stored per item for fixed-stride sections.
/// Orthogonal sections scroll on their own: queries take their offsets as a dictionary
/// from section index to offset in cells (missing means 0).
public struct SolvedLayout: Sendable {
  public let environment: LayoutEnvironment
  public let configuration: LayoutConfiguration
  /// The size of the whole scrollable content in cells.
  public let contentSize: CellSize
  /// The solved sections, top to bottom (left to right in a horizontal layout).
  public var sections: [SolvedSection] {
    isTransposed ? solvedSections.map(\.transposed) : solvedSections
  }
  /// The sections in solving space (mirrored when the layout scrolls horizontally).
  let solvedSections: [SolvedSection]
  /// Whether the layout was solved as its mirror image (horizontal scrolling).
  let isTransposed: Bool
  let layoutBoundaryItems: [PlacedBoundaryItem]

  init(
    environment original: LayoutEnvironment, configuration: LayoutConfiguration,
    sections originals: [LayoutSection], itemCounts: [Int], sizing originalSizing: ItemSizing?
  ) {
    let transposed = configuration.scrollDirection == .horizontal
    let environment = transposed ? original.transposed : original
    let specs = transposed ? originals.map(\.transposed) : originals
    let layoutConfiguration = transposed ? configuration.transposed : configuration
    let sizing: ItemSizing? =
      transposed
      ? originalSizing.map { measure in { path, size in measure(path, size.transposed).transposed }
      }
      : originalSizing
    let aspect = environment.traitCollection.cellAspect
    let width = environment.container.solvingSize.width
    let height = environment.container.solvingSize.height
    let x = environment.container.contentInsets.nonNegative.leading
    let sizes = layoutConfiguration.boundarySupplementaryItems.map {
      $0.layoutSize.resolve(in: CellSize(width: width, height: height), aspect: aspect)
    }
    func band(top: Bool) -> Int {
      zip(layoutConfiguration.boundarySupplementaryItems, sizes)
        .filter { top ? $0.0.alignment.isTop : $0.0.alignment.isBottom }
        .map(\.1.height).max() ?? 0
    }
    var y = environment.container.contentInsets.nonNegative.top + band(top: true)
    let headerTop = environment.container.contentInsets.nonNegative.top
    var solved: [SolvedSection] = []
    solved.reserveCapacity(specs.count)
    // The row packed sections are filling, while the last section packed.
    var row: PackedRow?
    var templates = GroupTemplateMemo()
    for (index, spec) in specs.enumerated() {
      let spacing = index > 0 ? min(max(0, configuration.interSectionSpacing), cellLimit) : 0
      let section = SolvedSection(
        section: spec, index: index, itemCount: itemCounts[index], top: y + spacing,
        environment: environment, sizing: sizing, packedRow: row, templates: &templates)
      solved.append(section)
      if let slots = section.packedSlots, slots.lowerBound > 0, var filling = row {
        // Beside the row's sections, as tall: the row's bottom stays.
        filling.nextSlot = slots.upperBound
        row = filling
      } else {
        row = PackedRow(startedBy: section)
        y = section.frame.maxY
      }
    }
    let footerTop = y
    y += band(top: false)
    var placed: [PlacedBoundaryItem] = []
    for (index, (item, size)) in zip(layoutConfiguration.boundarySupplementaryItems, sizes)
      .enumerated()
    {
      let itemX: Int
      switch item.alignment {
      case .topLeading, .bottomLeading, .leading: itemX = x
      case .topTrailing, .bottomTrailing, .trailing: itemX = x + width - size.width
      case .top, .bottom: itemX = x + (width - size.width) / 2
      }
      let itemY = item.alignment.isBottom ? footerTop : headerTop
      placed.append(
        PlacedBoundaryItem(
          index: index, elementKind: item.elementKind,
          frame: CellRect(
            x: itemX + clampedCells(item.absoluteOffset.x),
            y: itemY + clampedCells(item.absoluteOffset.y), width: size.width,
            height: size.height), zIndex: item.zIndex, pins: false, isTop: !item.alignment.isBottom)
      )
    }
    self.environment = original
    self.configuration = configuration
    self.solvedSections = solved
    self.isTransposed = transposed
    self.layoutBoundaryItems = placed
    let size = CellSize(
      width: min(max(0, environment.container.contentSize.width), cellLimit),
      height: y + environment.container.contentInsets.nonNegative.bottom)
    self.contentSize = transposed ? size.transposed : size
  }

  /// The number of items in `section`, or 0 for a section that does not exist.
  public func numberOfItems(inSection section: Int) -> Int {
    solvedSections.indices.contains(section) ? solvedSections[section].itemCount : 0
  }

  /// The frame of one item in content coordinates, or nil when there is no such item.
  ///
  /// O(1) for fixed-stride sections; O(items per group) with measured heights.
  public func frame(for indexPath: ItemIndexPath, orthogonalOffsets: [Int: Int] = [:])
    -> CellRect?
  {
    guard solvedSections.indices.contains(indexPath.section) else { return nil }
    let frame = solvedSections[indexPath.section].itemFrame(
      indexPath.item, offset: clampedCells(orthogonalOffsets[indexPath.section] ?? 0))
    return isTransposed ? frame?.transposed : frame
  }

  /// Everything that meets `rect`: items, headers, footers, badges and decorations,
  /// in section order, orthogonal offsets applied.
  ///
  /// `rect` is taken as the visible bounds (pinned headers stick to its top edge).
  /// Costs O(visible elements + log sections + log groups).
  public func attributes(in rect: CellRect, orthogonalOffsets: [Int: Int] = [:])
    -> [LayoutAttributes]
  {
    var result: [LayoutAttributes] = []
    let rect = isTransposed ? rect.queryable.transposed : rect.queryable
    guard !rect.isEmpty else { return result }
    for boundary in layoutBoundaryItems where boundary.frame.intersects(rect) {
      result.append(
        LayoutAttributes(
          indexPath: ItemIndexPath(item: boundary.index, section: -1),
          category: .supplementary(boundary.elementKind), frame: boundary.frame,
          zIndex: boundary.zIndex))
    }
    // Sections are sorted by their top edge; find the first that reaches below rect's top.
    var low = 0
    var high = solvedSections.count
    while low < high {
      let middle = (low + high) / 2
      if solvedSections[middle].frame.maxY <= rect.minY { low = middle + 1 } else { high = middle }
    }
    var index = low
    while index < solvedSections.count && solvedSections[index].frame.minY < rect.maxY {
      solvedSections[index].appendAttributes(
        in: rect, offset: clampedCells(orthogonalOffsets[index] ?? 0), to: &result)
      index += 1
    }
    return isTransposed ? result.map(\.transposed) : result
  }

  /// The attributes of the item at `indexPath`, or nil when there is no such item.
  public func attributes(for indexPath: ItemIndexPath, orthogonalOffsets: [Int: Int] = [:])
    -> LayoutAttributes?
  {
    frame(for: indexPath, orthogonalOffsets: orthogonalOffsets).map {
      LayoutAttributes(indexPath: indexPath, category: .item, frame: $0, zIndex: 0)
    }
  }
}
