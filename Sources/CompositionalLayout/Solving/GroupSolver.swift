/// Places the subitems of a group, recursively, into leaf slots.
///
/// Rounding rule: along a group's axis every subitem has an exact (fractional) leading and
/// trailing edge, accumulated from the group's start; each edge is rounded on its own
/// (`round(cumulative length)`), never each size. So neighbours share an edge (no gap,
/// no overlap), sizes differ from their exact value by less than one cell, and items whose
/// fractions sum to 1 fill the group's extent exactly.
struct GroupSolver {
  let aspect: Double

  /// A subitem placed along the axis, before rounding.
  private struct Entry {
    var item: LayoutItem
    var length: Double
    var cross: Int
    var leading: LayoutSpacing?
    var trailing: LayoutSpacing?
  }

  /// The most subitems one group takes, so a degenerate pattern cannot run away.
  static let maximumSubitems = 4096

  func place(_ item: LayoutItem, in frame: CellRect, into slots: inout [Slot]) {
    guard let body = item.body else {
      slots.append(leafSlot(item, frame: frame))
      return
    }
    let inner = frame.inset(by: item.contentInsets.nonNegative)
    let firstSlot = slots.count
    defer {
      // A group's own supplementary items anchor to the group and travel with its first item.
      if !item.supplementaryItems.isEmpty && slots.count > firstSlot {
        slots[firstSlot].supplementaries += item.supplementaryItems.map {
          anchored($0, to: frame)
        }
      }
    }
    switch body.arrangement {
    case .custom(let provider):
      for custom in provider(LayoutContainer(contentSize: inner.size)) {
        slots.append(
          Slot(
            frame: custom.frame.clamped.offsetBy(dx: inner.minX, dy: inner.minY),
            zIndex: custom.zIndex))
      }
    case .horizontal:
      arrange(
        body, in: inner, horizontal: true,
        sizedByContent: item.layoutSize.widthDimension.isEstimated, into: &slots)
    case .vertical:
      arrange(
        body, in: inner, horizontal: false,
        sizedByContent: item.layoutSize.heightDimension.isEstimated, into: &slots)
    }
  }

  /// A supplementary item resolved against, and anchored to, `container`.
  private func anchored(_ supplementary: SupplementaryItem, to container: CellRect)
    -> SlotSupplementary
  {
    let size = supplementary.layoutSize.resolve(in: container.size, aspect: aspect)
    return SlotSupplementary(
      elementKind: supplementary.elementKind,
      frame: supplementary.containerAnchor.frame(of: size, in: container),
      zIndex: supplementary.zIndex)
  }

  private func leafSlot(_ item: LayoutItem, frame: CellRect) -> Slot {
    let content = frame.inset(by: item.contentInsets.nonNegative)
    let supplementaries = item.supplementaryItems.map { anchored($0, to: content) }
    return Slot(
      frame: content, supplementaries: supplementaries,
      contentInsets: item.contentInsets.nonNegative,
      hasEstimatedHeight: item.layoutSize.heightDimension.isEstimated)
  }

  private func arrange(
    _ body: GroupBody, in inner: CellRect, horizontal: Bool, sizedByContent: Bool,
    into slots: inout [Slot]
  ) {
    let extent = horizontal ? inner.width : inner.height
    let crossExtent = horizontal ? inner.height : inner.width
    let spacing = body.interItemSpacing
    let gap = Double(spacing?.minimum ?? 0)
    let entries =
      body.repeatCount.map {
        repeating(body, count: $0, extent: extent, gap: gap, inner: inner, horizontal: horizontal)
      }
      ?? pattern(
        body, extent: extent, gap: gap, inner: inner, horizontal: horizontal,
        sizedByContent: sizedByContent)
    guard !entries.isEmpty else { return }

    // Flexible spacing shares what is left, each share placed by the same edge rounding.
    var used = gap * Double(entries.count - 1)
    var flexibleCount = spacing?.isFlexible == true ? entries.count - 1 : 0
    for entry in entries {
      used +=
        entry.length + Double(entry.leading?.minimum ?? 0) + Double(entry.trailing?.minimum ?? 0)
      if entry.leading?.isFlexible == true { flexibleCount += 1 }
      if entry.trailing?.isFlexible == true { flexibleCount += 1 }
    }
    let leftover = max(0, Double(extent) - used)
    let share = flexibleCount > 0 ? leftover / Double(flexibleCount) : 0
    let gapShare = spacing?.isFlexible == true ? share : 0

    var position = 0.0
    for (index, entry) in entries.enumerated() {
      if index > 0 { position += gap + gapShare }
      position +=
        Double(entry.leading?.minimum ?? 0) + (entry.leading?.isFlexible == true ? share : 0)
      let start = roundedCells(position)
      position += entry.length
      let end = roundedCells(position)
      position +=
        Double(entry.trailing?.minimum ?? 0) + (entry.trailing?.isFlexible == true ? share : 0)
      let crossStart = crossOffset(entry, crossExtent: crossExtent, horizontal: horizontal)
      let rect =
        horizontal
        ? CellRect(
          x: inner.minX + start, y: inner.minY + crossStart, width: end - start, height: entry.cross
        )
        : CellRect(
          x: inner.minX + crossStart, y: inner.minY + start, width: entry.cross, height: end - start
        )
      place(entry.item, in: rect, into: &slots)
    }
  }

  /// Where an entry sits across the axis: fixed spacing offsets it, flexible aligns it.
  private func crossOffset(_ entry: Entry, crossExtent: Int, horizontal: Bool) -> Int {
    let spacing = entry.item.edgeSpacing
    let before = horizontal ? spacing?.top : spacing?.leading
    let after = horizontal ? spacing?.bottom : spacing?.trailing
    let beforeCells = before?.minimum ?? 0
    let afterCells = after?.minimum ?? 0
    switch (before?.isFlexible == true, after?.isFlexible == true) {
    case (true, true):
      let free = crossExtent - beforeCells - afterCells - entry.cross
      return beforeCells + max(0, free) / 2
    case (true, false):
      return max(beforeCells, crossExtent - afterCells - entry.cross)
    default:
      return beforeCells
    }
  }

  private func entry(_ item: LayoutItem, inner: CellRect, horizontal: Bool, crossExtent: Int)
    -> Entry
  {
    let along = horizontal ? item.layoutSize.widthDimension : item.layoutSize.heightDimension
    let across = horizontal ? item.layoutSize.heightDimension : item.layoutSize.widthDimension
    let spacing = item.edgeSpacing
    return Entry(
      item: item,
      length: along.resolve(horizontal: horizontal, container: inner.size, aspect: aspect),
      cross: min(
        crossExtent,
        roundedCells(across.resolve(horizontal: !horizontal, container: inner.size, aspect: aspect))
      ),
      leading: horizontal ? spacing?.leading : spacing?.top,
      trailing: horizontal ? spacing?.trailing : spacing?.bottom)
  }

  /// `subitems:` — the pattern repeats while the next subitem fits; the first that does
  /// not fit ends the group (UIKit skips it rather than wrapping). The very first subitem
  /// is always placed, shrunk to the group if it is larger, so a group is never empty.
  /// A pattern whose subitems take no space at all is placed once, and so is the pattern
  /// of a group whose length along its axis is estimated: such a group grows to fit its
  /// subitems instead of dropping them.
  private func pattern(
    _ body: GroupBody, extent: Int, gap: Double, inner: CellRect, horizontal: Bool,
    sizedByContent: Bool
  ) -> [Entry] {
    guard !body.subitems.isEmpty else { return [] }
    let crossExtent = horizontal ? inner.height : inner.width
    let candidates = body.subitems.map {
      entry($0, inner: inner, horizontal: horizontal, crossExtent: crossExtent)
    }
    if sizedByContent { return candidates }
    let limit = Double(extent) + 1e-9
    var entries: [Entry] = []
    var used = 0.0
    var patternAdvance = 0.0
    for index in 0..<Self.maximumSubitems {
      var candidate = candidates[index % candidates.count]
      let edges = Double(candidate.leading?.minimum ?? 0) + Double(candidate.trailing?.minimum ?? 0)
      let need = (entries.isEmpty ? 0 : gap) + edges + candidate.length
      if used + need > limit {
        guard entries.isEmpty else { break }
        candidate.length = max(0, Double(extent) - edges)
        entries.append(candidate)
        used = Double(extent)
        continue
      }
      entries.append(candidate)
      used += need
      patternAdvance += need
      if index % candidates.count == candidates.count - 1 {
        if patternAdvance <= 0 { break }
        patternAdvance = 0
      }
    }
    return entries
  }

  /// `repeatingSubitem:count:` — `count` copies share the extent left after spacing, so
  /// the subitem's own length along the axis is ignored (as in UIKit). When the spacing
  /// alone exceeds the extent the copies get no length and run past the group's end.
  private func repeating(
    _ body: GroupBody, count: Int, extent: Int, gap: Double, inner: CellRect, horizontal: Bool
  ) -> [Entry] {
    guard let subitem = body.subitems.first, count > 0 else { return [] }
    let crossExtent = horizontal ? inner.height : inner.width
    var template = entry(subitem, inner: inner, horizontal: horizontal, crossExtent: crossExtent)
    let edges = Double(template.leading?.minimum ?? 0) + Double(template.trailing?.minimum ?? 0)
    let available = Double(extent) - gap * Double(count - 1) - edges * Double(count)
    template.length = max(0, available / Double(count))
    return Array(repeating: template, count: min(count, Self.maximumSubitems))
  }
}
