/// The rows packed sections share while they are being filled
/// (`SectionPacking.besideNeighbours`): where they are, the group their sections repeat,
/// and the first slot of it still free.
///
/// Every section of a packed row has the same top and the same height, so the sections
/// stay sorted by their top and by their bottom edges alike, which the queries' binary
/// searches rely on.
struct PackedRow: Sendable {
  /// The top edge of every section in the row.
  var top: Int
  /// The height of every section in the row.
  var height: Int
  /// Rows from a section's top to its content's (headers and the top inset).
  var contentOffset: Int
  /// The solved group its sections share: a section joins only with the same slots.
  var slotFrames: [CellRect]
  var groupSize: CellSize
  /// The x of the group's origin, the same in each section.
  var groupX: Int
  /// The first slot no section has taken.
  var nextSlot: Int

  /// The row begun by `section`, which packs (nil for one that does not).
  init?(startedBy section: SolvedSection) {
    guard let slots = section.packedSlots else { return nil }
    top = section.frame.minY
    height = section.frame.height
    contentOffset = section.contentFrame.minY - section.frame.minY
    slotFrames = section.template.slots.map(\.frame)
    groupSize = section.groupSize
    groupX = section.firstGroupOrigin.x
    nextSlot = slots.upperBound
  }

  /// Whether `count` items of a section whose group solved as `template`, with its origin
  /// at `groupX`, fit in the slots left.
  func admits(_ count: Int, of template: GroupTemplate, groupX: Int) -> Bool {
    nextSlot + count <= slotFrames.count && groupX == self.groupX
      && groupSize == template.size && slotFrames.elementsEqual(template.slots.map(\.frame))
  }
}

extension GroupTemplate {
  /// Whether the slots stand side by side from left to right, none reaching into the
  /// next one's columns: the groups whose slots sections can share.
  var slotsRunLeftToRight: Bool {
    zip(slots, slots.dropFirst()).allSatisfy { $0.outerFrame.maxX <= $1.outerFrame.minX }
  }

  /// The columns the slots `range` span, their items' insets included, relative to the
  /// group's origin. `range` must be a non-empty range of slots.
  func columns(ofSlots range: Range<Int>) -> (minX: Int, maxX: Int) {
    (slots[range.lowerBound].outerFrame.minX, slots[range.upperBound - 1].outerFrame.maxX)
  }
}

extension Slot {
  /// The frame the group gave the item: its content frame with its insets put back.
  var outerFrame: CellRect {
    CellRect(
      x: frame.minX - contentInsets.leading, y: frame.minY - contentInsets.top,
      width: frame.width + contentInsets.leading + contentInsets.trailing,
      height: frame.height + contentInsets.top + contentInsets.bottom)
  }
}
