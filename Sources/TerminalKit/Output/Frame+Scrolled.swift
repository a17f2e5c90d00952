extension Frame {
  /// The frame as a terminal shows it after applying `scroll`: the rows of the
  /// region move by `scroll.count` lines and the rows exposed at its far end are
  /// blank cells in the default style. Rows outside the region stay. The region
  /// is clipped to the frame. O(width × region height).
  public func scrolled(_ scroll: FrameDiff.Scroll) -> Frame {
    let top = max(0, scroll.top)
    let bottom = min(height - 1, scroll.bottom)
    guard top <= bottom, width > 0 else { return self }
    let clipped = FrameDiff.Scroll(top: top, bottom: bottom, count: scroll.count)
    var result = self
    for row in top...bottom {
      let target = row * width
      if let source = clipped.sourceRow(of: row) {
        let start = source * width
        result.cells.replaceSubrange(
          target..<(target + width), with: cells[start..<(start + width)])
      } else {
        result.cells.replaceSubrange(
          target..<(target + width), with: repeatElement(Cell.blank, count: width))
      }
    }
    return result
  }
}
