extension SolvedSection {
  /// The frame of item `item`, moved left by `offset` in an orthogonal section. O(1),
  /// or O(items per group) with measured heights.
  func itemFrame(_ item: Int, offset: Int) -> CellRect? {
    guard item >= 0, item < itemCount, itemsPerGroup > 0 else { return nil }
    let group = (item + firstSlot) / itemsPerGroup
    let slot = (item + firstSlot) % itemsPerGroup
    return groupOrigin(group, offset: offset).map { origin in
      slotFrame(group: group, slot: slot).offsetBy(dx: origin.x, dy: origin.y)
    }
  }

  /// The origin of group `group` in content coordinates.
  func groupOrigin(_ group: Int, offset: Int) -> CellPoint? {
    if isOrthogonal {
      return CellPoint(x: firstGroupOrigin.x + group * stride - offset, y: firstGroupOrigin.y)
    }
    if let measured {
      guard group < measured.groupOffsets.count else { return nil }
      return CellPoint(x: firstGroupOrigin.x, y: firstGroupOrigin.y + measured.groupOffsets[group])
    }
    return CellPoint(x: firstGroupOrigin.x, y: firstGroupOrigin.y + group * stride)
  }

  /// A slot's frame relative to its group's origin.
  private func slotFrame(group: Int, slot: Int) -> CellRect {
    guard let measured else { return template.slots[slot].frame }
    let start = group * itemsPerGroup
    let end = min(itemCount, start + itemsPerGroup)
    return template.measuredFrame(slot: slot, heights: measured.itemHeights[start..<end])
  }

  /// The groups that may show inside `rect`: O(1) for a fixed stride, O(log n) measured.
  func visibleGroups(in rect: CellRect, offset: Int) -> Range<Int> {
    guard groupCount > 0, !rect.isEmpty else { return 0..<0 }
    let bounds = template.bounds
    if let measured {
      let low = rect.minY - firstGroupOrigin.y
      let high = rect.maxY - firstGroupOrigin.y
      // The first group whose bottom (next top minus spacing) lies below `low`.
      var first = 0
      var last = groupCount
      while first < last {
        let middle = (first + last) / 2
        if measured.groupOffsets[middle + 1] - spacing + max(0, bounds.maxY - groupSize.height)
          <= low
        {
          first = middle + 1
        } else {
          last = middle
        }
      }
      var end = first
      while end < groupCount && measured.groupOffsets[end] + min(0, bounds.minY) < high {
        end += 1
      }
      return first..<end
    }
    let (start, low, high, lower, upper): (Int, Int, Int, Int, Int) =
      isOrthogonal
      ? (firstGroupOrigin.x - offset, rect.minX, rect.maxX, bounds.minX, bounds.maxX)
      : (firstGroupOrigin.y, rect.minY, rect.maxY, bounds.minY, bounds.maxY)
    if isOrthogonal {
      let rowTop = firstGroupOrigin.y + bounds.minY
      let rowBottom = firstGroupOrigin.y + bounds.maxY
      guard rect.minY < rowBottom, rowTop < rect.maxY else { return 0..<0 }
    }
    guard stride > 0 else {
      // Groups that take no room all sit at the start; at most one can show anything.
      return 0..<min(groupCount, 1)
    }
    // Group g spans [start + g·stride + lower, start + g·stride + upper).
    let first = max(0, floorDivision(low - start - upper, stride) + 1)
    let last = min(groupCount - 1, ceilingDivision(high - start - lower, stride) - 1)
    return first <= last ? first..<(last + 1) : 0..<0
  }

  /// Appends the attributes of everything in this section that meets `rect`.
  ///
  /// `rect` is taken as the visible bounds: pinned headers stick to its top edge.
  func appendAttributes(in rect: CellRect, offset: Int, to result: inout [LayoutAttributes]) {
    for decoration in decorations where decoration.frame.intersects(rect) {
      result.append(
        LayoutAttributes(
          indexPath: ItemIndexPath(item: decoration.index, section: index),
          category: .decoration(decoration.item.elementKind), frame: decoration.frame,
          zIndex: decoration.item.zIndex))
    }
    for boundary in boundaryItems {
      var pinned: CellRect?
      if boundary.pins {
        let limit = boundary.isTop ? frame.maxY - boundary.frame.height : frame.minY
        let y =
          boundary.isTop
          ? min(max(boundary.frame.minY, rect.minY), limit)
          : max(min(boundary.frame.minY, rect.maxY - boundary.frame.height), limit)
        if y != boundary.frame.minY {
          pinned = boundary.frame.offsetBy(dx: 0, dy: y - boundary.frame.minY)
        }
      }
      guard boundary.frame.intersects(rect) || pinned?.intersects(rect) == true else { continue }
      result.append(
        LayoutAttributes(
          indexPath: ItemIndexPath(item: boundary.index, section: index),
          category: .supplementary(boundary.elementKind), frame: boundary.frame,
          zIndex: boundary.zIndex + (pinned == nil ? 0 : 1), pinnedFrame: pinned))
    }
    let groups = visibleGroups(in: rect, offset: offset)
    for group in groups {
      guard let origin = groupOrigin(group, offset: offset) else { continue }
      // Item of slot 0 (a packed section's items start at its first slot).
      let start = group * itemsPerGroup - self.firstSlot
      let lowest = max(0, -start)
      for slot in lowest..<max(lowest, min(itemsPerGroup, itemCount - start)) {
        let frame = slotFrame(group: group, slot: slot).offsetBy(dx: origin.x, dy: origin.y)
        let path = ItemIndexPath(item: start + slot, section: index)
        if frame.intersects(rect) {
          result.append(
            LayoutAttributes(
              indexPath: path, category: .item, frame: frame, zIndex: template.slots[slot].zIndex))
        }
        for supplementary in template.slots[slot].supplementaries {
          let placed = supplementary.frame.offsetBy(dx: origin.x, dy: origin.y)
          guard placed.intersects(rect) else { continue }
          result.append(
            LayoutAttributes(
              indexPath: path, category: .supplementary(supplementary.elementKind), frame: placed,
              zIndex: supplementary.zIndex))
        }
      }
    }
  }
}

/// Division rounding toward negative infinity (Swift's `/` truncates toward zero).
func floorDivision(_ numerator: Int, _ denominator: Int) -> Int {
  let quotient = numerator / denominator
  return (numerator % denominator != 0 && (numerator < 0) != (denominator < 0))
    ? quotient - 1 : quotient
}

/// Division rounding toward positive infinity.
func ceilingDivision(_ numerator: Int, _ denominator: Int) -> Int {
  -floorDivision(-numerator, denominator)
}
