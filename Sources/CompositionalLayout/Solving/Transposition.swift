// A horizontally scrolling layout is solved as the vertical layout of its mirror image
// across the diagonal: widths become heights, horizontal groups vertical ones, leading
// edges top edges, and the cell aspect its inverse (so fractions of the other side still
// convert exactly). Frames come back mirrored again. One solver serves both directions.

extension CellPoint {
  var transposed: CellPoint { CellPoint(x: y, y: x) }
}

extension CellSize {
  var transposed: CellSize { CellSize(width: height, height: width) }
}

extension CellRect {
  var transposed: CellRect { CellRect(origin: origin.transposed, size: size.transposed) }
}

extension DirectionalEdgeInsets {
  var transposed: DirectionalEdgeInsets {
    DirectionalEdgeInsets(top: leading, leading: top, bottom: trailing, trailing: bottom)
  }
}

extension LayoutDimension {
  var transposed: LayoutDimension {
    switch self {
    case .fractionalWidth(let fraction): return .fractionalHeight(fraction)
    case .fractionalHeight(let fraction): return .fractionalWidth(fraction)
    case .absolute, .estimated: return self
    }
  }
}

extension LayoutSize {
  var transposed: LayoutSize {
    LayoutSize(
      widthDimension: heightDimension.transposed, heightDimension: widthDimension.transposed)
  }
}

extension LayoutEdgeSpacing {
  var transposed: LayoutEdgeSpacing {
    LayoutEdgeSpacing(leading: top, top: leading, trailing: bottom, bottom: trailing)
  }
}

extension DirectionalRectEdge {
  var transposed: DirectionalRectEdge {
    var edges: DirectionalRectEdge = []
    if contains(.top) { edges.insert(.leading) }
    if contains(.leading) { edges.insert(.top) }
    if contains(.bottom) { edges.insert(.trailing) }
    if contains(.trailing) { edges.insert(.bottom) }
    return edges
  }
}

extension RectAlignment {
  var transposed: RectAlignment {
    switch self {
    case .top: return .leading
    case .leading: return .top
    case .bottom: return .trailing
    case .trailing: return .bottom
    case .topLeading: return .topLeading
    case .bottomTrailing: return .bottomTrailing
    case .topTrailing: return .bottomLeading
    case .bottomLeading: return .topTrailing
    }
  }
}

extension SupplementaryItem {
  var transposed: SupplementaryItem {
    var item = SupplementaryItem(
      layoutSize: layoutSize.transposed, elementKind: elementKind,
      containerAnchor: LayoutAnchor(
        edges: containerAnchor.edges.transposed,
        absoluteOffset: containerAnchor.absoluteOffset.transposed))
    item.zIndex = zIndex
    return item
  }
}

extension BoundarySupplementaryItem {
  var transposed: BoundarySupplementaryItem {
    var item = BoundarySupplementaryItem(
      layoutSize: layoutSize.transposed, elementKind: elementKind, alignment: alignment.transposed,
      absoluteOffset: absoluteOffset.transposed)
    item.pinToVisibleBounds = pinToVisibleBounds
    item.extendsBoundary = extendsBoundary
    item.zIndex = zIndex
    item.contentInsets = contentInsets.transposed
    return item
  }
}

extension DecorationItem {
  var transposed: DecorationItem {
    var item = self
    item.contentInsets = contentInsets.transposed
    return item
  }
}

extension LayoutItem {
  var transposed: LayoutItem {
    var item = LayoutItem(
      layoutSize: layoutSize.transposed, supplementaryItems: supplementaryItems.map(\.transposed))
    item.contentInsets = contentInsets.transposed
    item.edgeSpacing = edgeSpacing?.transposed
    item.body = body.map { body in
      var mirrored = body
      mirrored.subitems = body.subitems.map(\.transposed)
      switch body.arrangement {
      case .horizontal: mirrored.arrangement = .vertical
      case .vertical: mirrored.arrangement = .horizontal
      case .custom(let provider):
        mirrored.arrangement = .custom { container in
          let original = LayoutContainer(
            contentSize: container.contentSize.transposed,
            contentInsets: container.contentInsets.transposed)
          return provider(original).map {
            GroupCustomItem(frame: $0.frame.transposed, zIndex: $0.zIndex)
          }
        }
      }
      return mirrored
    }
    return item
  }
}

extension LayoutSection {
  var transposed: LayoutSection {
    let item = group.layoutItem.transposed
    var mirroredGroup = LayoutGroup(
      layoutSize: item.layoutSize,
      body: item.body ?? GroupBody(arrangement: .vertical, subitems: []))
    mirroredGroup.contentInsets = item.contentInsets
    mirroredGroup.edgeSpacing = item.edgeSpacing
    mirroredGroup.supplementaryItems = item.supplementaryItems
    mirroredGroup.interItemSpacing = item.body?.interItemSpacing
    var section = LayoutSection(group: mirroredGroup)
    section.contentInsets = contentInsets.transposed
    section.interGroupSpacing = interGroupSpacing
    section.orthogonalScrollingBehavior = orthogonalScrollingBehavior
    section.boundarySupplementaryItems = boundarySupplementaryItems.map(\.transposed)
    section.decorationItems = decorationItems.map(\.transposed)
    section.supplementariesFollowContentInsets = supplementariesFollowContentInsets
    section.packing = packing
    return section
  }
}

extension LayoutEnvironment {
  var transposed: LayoutEnvironment {
    var traits = traitCollection
    traits.cellAspect = 1 / traits.cellAspect
    return LayoutEnvironment(
      container: LayoutContainer(
        contentSize: container.contentSize.transposed,
        contentInsets: container.contentInsets.transposed),
      traitCollection: traits)
  }
}

extension LayoutConfiguration {
  var transposed: LayoutConfiguration {
    var configuration = self
    configuration.boundarySupplementaryItems = boundarySupplementaryItems.map(\.transposed)
    return configuration
  }
}

extension LayoutAttributes {
  var transposed: LayoutAttributes {
    var attributes = self
    attributes.frame = frame.transposed
    attributes.pinnedFrame = pinnedFrame?.transposed
    return attributes
  }
}

extension SolvedSection {
  /// The section as seen from the unmirrored layout (frames and sizes mirrored back).
  var transposed: SolvedSection {
    var section = self
    section.frame = frame.transposed
    section.contentFrame = contentFrame.transposed
    section.groupSize = groupSize.transposed
    section.container = LayoutContainer(
      contentSize: container.contentSize.transposed,
      contentInsets: container.contentInsets.transposed)
    return section
  }
}
