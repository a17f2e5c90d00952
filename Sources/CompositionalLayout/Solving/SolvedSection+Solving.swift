/// Measures the content of an item whose size is estimated: given the item and the size
/// the layout proposes (the estimate, with the resolved width), returns the size that
/// fits. Only the height is used in a vertically scrolling layout.
public typealias ItemSizing = (ItemIndexPath, CellSize) -> CellSize

extension SolvedSection {
  /// Solves `section` with its top edge at row `top`, or beside the sections of `row`
  /// when it packs (`SectionPacking.besideNeighbours`) and fits there.
  ///
  /// Costs O(1) in the item count unless heights are measured (estimated dimensions
  /// with a sizing callback): then O(items), building the prefix sums once. The group is
  /// solved once per shape in `templates`.
  init(
    section spec: LayoutSection, index: Int, itemCount: Int, top proposedTop: Int,
    environment: LayoutEnvironment, sizing: ItemSizing?, packedRow row: PackedRow? = nil,
    templates: inout GroupTemplateMemo
  ) {
    let aspect = environment.traitCollection.cellAspect
    let layoutWidth = environment.container.solvingSize.width
    let layoutHeight = environment.container.solvingSize.height
    let layoutX = environment.container.contentInsets.nonNegative.leading
    let insets = spec.contentInsets.nonNegative
    let container = LayoutContainer(
      contentSize: CellSize(width: layoutWidth, height: layoutHeight), contentInsets: insets)
    let template = templates.template(
      group: spec.group.layoutItem,
      size: spec.group.layoutSize.resolve(in: container.effectiveContentSize, aspect: aspect),
      aspect: aspect)
    let groupSize = template.size
    let perGroup = template.slots.count
    let spacing = min(max(0, spec.interGroupSpacing), cellLimit)
    // Counts past what `contentLimit` cells can hold are dropped rather than overflowing.
    let groupStride = max(1, max(groupSize.width, groupSize.height) + spacing)
    let count = min(max(0, itemCount), contentLimit / groupStride * max(1, perGroup))
    let groupCount = perGroup > 0 ? (count + perGroup - 1) / perGroup : 0
    let behavior = spec.orthogonalScrollingBehavior
    let measures =
      behavior == .none && sizing != nil && template.directSubitemsAreLeaves
      && template.slots.contains(where: \.hasEstimatedHeight)

    // Boundary items resolve against the section's width (minus insets when they follow),
    // or against the columns of a packed section's slots.
    func boundaries(width: Int) -> (sizes: [CellSize], header: Int, footer: Int) {
      let sizes = spec.boundarySupplementaryItems.map {
        $0.layoutSize.resolve(in: CellSize(width: width, height: layoutHeight), aspect: aspect)
      }
      var header = 0
      var footer = 0
      for (item, size) in zip(spec.boundarySupplementaryItems, sizes) where item.extendsBoundary {
        if item.alignment.isTop { header = max(header, size.height) }
        if item.alignment.isBottom { footer = max(footer, size.height) }
      }
      return (sizes, header, footer)
    }
    let groupX = layoutX + insets.leading
    var top = proposedTop
    var packedSlots: Range<Int>?
    var boundaryX = spec.supplementariesFollowContentInsets ? groupX : layoutX
    var boundaryWidth =
      spec.supplementariesFollowContentInsets
      ? container.effectiveContentSize.width : layoutWidth
    var bands = boundaries(width: boundaryWidth)
    if spec.packing == .besideNeighbours, behavior == .none, !measures, count > 0,
      count < perGroup, template.slotsRunLeftToRight
    {
      // Beside the row's sections when they leave room and this one is as tall; else the
      // first of a new row.
      var firsts = [0]
      if let row, row.admits(count, of: template, groupX: groupX) {
        firsts.insert(row.nextSlot, at: 0)
      }
      for first in firsts {
        let columns = template.columns(ofSlots: first..<(first + count))
        let packed = boundaries(width: columns.maxX - columns.minX)
        let height =
          packed.header + insets.top + groupSize.height + insets.bottom + packed.footer
        if first > 0, let row,
          height != row.height || packed.header + insets.top != row.contentOffset
        {
          continue
        }
        top = first > 0 ? row?.top ?? proposedTop : proposedTop
        packedSlots = first..<(first + count)
        boundaryX = groupX + columns.minX
        boundaryWidth = columns.maxX - columns.minX
        bands = packed
        break
      }
    }
    let boundarySizes = bands.sizes
    let headerHeight = bands.header
    let contentTop = top + headerHeight + insets.top

    var measured: MeasuredGroups?
    let stride: Int
    let origin: CellPoint
    var orthogonalWidth = 0
    var contentHeight = 0
    if behavior != .none {
      stride = groupSize.width + spacing
      let centred = behavior == .groupPagingCentered
      // Centred paging pads both ends so group g is centred at offset g × stride.
      let leadingPad = centred ? max(0, (layoutWidth - groupSize.width) / 2) : insets.leading
      let trailingPad =
        centred ? max(0, layoutWidth - groupSize.width - leadingPad) : insets.trailing
      origin = CellPoint(x: layoutX + leadingPad, y: contentTop)
      if groupCount > 0 {
        orthogonalWidth = leadingPad + groupCount * stride - spacing + trailingPad
        contentHeight = groupSize.height
      }
    } else {
      stride = groupSize.height + spacing
      origin = CellPoint(x: layoutX + insets.leading, y: contentTop)
      if let sizing, template.directSubitemsAreLeaves,
        template.slots.contains(where: \.hasEstimatedHeight)
      {
        let solved = Self.measure(
          template: template, section: index, itemCount: count, spacing: spacing, sizing: sizing)
        measured = solved
        contentHeight = groupCount > 0 ? (solved.groupOffsets.last ?? spacing) - spacing : 0
      } else if groupCount > 0 {
        contentHeight = groupCount * stride - spacing
      }
    }
    let contentBottom = contentTop + contentHeight
    let footerTop = contentBottom + insets.bottom
    let bottom = footerTop + bands.footer

    var placed: [PlacedBoundaryItem] = []
    for (position, (item, size)) in zip(spec.boundarySupplementaryItems, boundarySizes)
      .enumerated()
    {
      let x: Int
      switch item.alignment {
      case .topLeading, .bottomLeading, .leading: x = boundaryX
      case .topTrailing, .bottomTrailing, .trailing: x = boundaryX + boundaryWidth - size.width
      case .top, .bottom: x = boundaryX + (boundaryWidth - size.width) / 2
      }
      let y: Int
      if item.alignment.isTop {
        y = item.extendsBoundary ? top : contentTop
      } else if item.alignment.isBottom {
        y = item.extendsBoundary ? footerTop : contentBottom - size.height
      } else {
        y = contentTop
      }
      placed.append(
        PlacedBoundaryItem(
          index: position, elementKind: item.elementKind,
          frame: CellRect(
            x: x + clampedCells(item.absoluteOffset.x), y: y + clampedCells(item.absoluteOffset.y),
            width: size.width,
            height: size.height),
          zIndex: item.zIndex, pins: item.pinToVisibleBounds, isTop: item.alignment.isTop))
    }

    // A packed section is only as wide as its slots; any other spans the layout.
    let sectionX = packedSlots == nil ? layoutX : boundaryX
    let sectionWidth = packedSlots == nil ? layoutWidth : boundaryWidth
    let frame = CellRect(x: sectionX, y: top, width: sectionWidth, height: bottom - top)
    self.index = index
    self.itemCount = count
    self.frame = frame
    self.contentFrame =
      packedSlots == nil
      ? CellRect(
        x: layoutX + (behavior == .none ? insets.leading : 0), y: contentTop,
        width: behavior == .none ? container.effectiveContentSize.width : layoutWidth,
        height: contentHeight)
      : CellRect(x: sectionX, y: contentTop, width: sectionWidth, height: contentHeight)
    self.packedSlots = packedSlots
    self.orthogonalScrollingBehavior = behavior
    self.orthogonalContentWidth = orthogonalWidth
    self.visibleWidth = layoutWidth
    self.container = container
    self.groupSize = groupSize
    self.groupCount = groupCount
    self.itemsPerGroup = perGroup
    self.template = template
    self.stride = stride
    self.spacing = spacing
    self.firstGroupOrigin = origin
    self.measured = measured
    self.boundaryItems = placed
    // Backgrounds cover the content and its insets, not the headers and footers (as a
    // list's inset-grouped box sits below its header).
    let backdrop = CellRect(
      x: sectionX, y: contentTop - insets.top, width: sectionWidth,
      height: contentHeight + insets.top + insets.bottom)
    self.decorations = spec.decorationItems.enumerated().map {
      (
        index: $0.offset, item: $0.element,
        frame: backdrop.inset(by: $0.element.contentInsets.nonNegative)
      )
    }
  }

  /// Asks `sizing` for every estimated item and builds the group prefix sums.
  private static func measure(
    template: GroupTemplate, section: Int, itemCount: Int, spacing: Int, sizing: ItemSizing
  ) -> MeasuredGroups {
    let perGroup = template.slots.count
    // Per-slot facts read once, so the per-item loop touches no slot structs.
    let proposals = template.slots.map(\.frame.size)
    let estimated = template.slots.map(\.hasEstimatedHeight)
    let tops = template.slots.map(\.frame.minY)
    let outsets = template.slots.map { $0.contentInsets.top + $0.contentInsets.bottom }
    let belows = template.slots.map(\.contentInsets.bottom)
    let groupInsets = template.contentInsets.top + template.contentInsets.bottom
    var heights = [Int32](repeating: 0, count: itemCount)
    var offsets: [Int] = []
    offsets.reserveCapacity(itemCount / max(1, perGroup) + 2)
    var groupTop = 0
    var item = 0
    while item < itemCount {
      offsets.append(groupTop)
      let end = min(itemCount, item + perGroup)
      var groupHeight = 0
      for index in item..<end {
        let slot = index - item
        var height = proposals[slot].height
        if estimated[slot] {
          let fitted = sizing(ItemIndexPath(item: index, section: section), proposals[slot])
          height = max(0, min(fitted.height, Int(Int32.max)))
        }
        heights[index] = Int32(height)
        // A row is as tall as its tallest item; a stack is the sum (see `measuredFrame`).
        if template.isHorizontal {
          groupHeight = max(groupHeight, tops[slot] + height + belows[slot])
        } else {
          groupHeight += height + outsets[slot] + (slot > 0 ? template.interItemSpacing : 0)
        }
      }
      groupHeight += template.isHorizontal ? template.contentInsets.bottom : groupInsets
      groupTop += groupHeight + spacing
      item = end
    }
    offsets.append(groupTop)
    return MeasuredGroups(groupOffsets: offsets, itemHeights: heights)
  }
}

extension GroupTemplate {
  /// The frame of slot `slot` in a measured group, relative to the group's origin.
  func measuredFrame(slot: Int, heights: ArraySlice<Int32>) -> CellRect {
    var frame = slots[slot].frame
    let base = heights.startIndex
    frame.size.height = Int(heights[base + slot])
    if !isHorizontal {
      var y = contentInsets.top
      for offset in 0..<slot {
        y +=
          Int(heights[base + offset]) + slots[offset].contentInsets.top
          + slots[offset].contentInsets.bottom + interItemSpacing
      }
      frame.origin.y = y + slots[slot].contentInsets.top
    }
    return frame
  }
}
