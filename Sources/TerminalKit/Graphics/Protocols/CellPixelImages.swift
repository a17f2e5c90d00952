/// Sixel and iTerm2 inline images: pixels drawn into the cells, as text is. Text written
/// over a cell erases the picture's pixels there, and a scroll moves them with the lines.
///
/// - Shown only when wholly inside the frame (the bytes cannot be cut; the encoder is asked
///   for a cropped image to show part of one) and no other picture lies over it. Text
///   drawn over it is written after the picture, so text wins cell by cell.
/// - No scroll moves them: while one is on screen a frame is written without a scroll
///   region (xterm moves a picture's anchor, not all its pixels; see `ANSIWriter`). A
///   picture wholly inside a region before and after would stay where the scroll takes it.
/// - Gone, its cells are rewritten from the new frame, which erases its pixels (and where
///   the scroll took them).
enum CellPixelImages {
  /// How `placement` shows in `frame`: whole, or not at all.
  static func shown(_ placement: ImagePlacement, in frame: Frame) -> ShownImage? {
    let image = placement.image
    let (x, y) = (placement.x, placement.y)
    guard x >= 0, y >= 0, x + image.columns <= frame.width, y + image.rows <= frame.height,
      (y..<(y + image.rows)).contains(where: { row in
        (x..<(x + image.columns)).contains {
          ShownImage.owns(placement, frame, column: $0, row: row)
        }
      })
    else { return nil }
    // Its pixels would cover another picture's cells.
    for row in y..<(y + image.rows) {
      for column in x..<(x + image.columns)
      where frame.cells[row * frame.width + column].isImageMarker
        && !ShownImage.owns(placement, frame, column: column, row: row)
      {
        return nil
      }
    }
    return ShownImage(
      placement: placement, cropX: 0, cropY: 0, columns: image.columns, rows: image.rows)
  }

  /// Where the picture's pixels are after `scroll`; nil when the scroll broke it (not
  /// wholly inside the region before and after).
  static func carried(_ picture: ShownImage, by scroll: FrameDiff.Scroll) -> ShownImage? {
    let top = picture.top
    let bottom = picture.top + picture.rows - 1
    let movedTop = top - scroll.count
    let movedBottom = bottom - scroll.count
    guard top >= scroll.top, bottom <= scroll.bottom, movedTop >= scroll.top,
      movedBottom <= scroll.bottom
    else { return nil }
    var moved = picture
    moved.placement.y -= scroll.count
    return moved
  }

  /// Whether `kept` still shows as `picture` wants: every cell it shows on showed it
  /// before (text over a cell erased its pixels; uncovering needs the picture again).
  static func stays(
    _ kept: ShownImage, as picture: ShownImage, old: Frame, new: Frame, scroll: FrameDiff.Scroll?
  ) -> Bool {
    let width = new.width
    for row in picture.top..<(picture.top + picture.rows) {
      let source = scroll?.sourceRow(of: row) ?? row
      for column in picture.left..<(picture.left + picture.columns) {
        let now = new.cells[row * width + column]
        guard now.isImageMarker else { continue }
        if old.cells[source * width + column] != now { return false }
      }
    }
    return true
  }

  /// The cells whose pixels go with `picture`: where it was, and where the scroll took
  /// them.
  static func staleCells(
    of picture: ShownImage, frame: Frame, scroll: FrameDiff.Scroll?, into cells: inout Set<Int>
  ) {
    picture.addCells(to: &cells, frame: frame)
    if let scroll, scroll.count != 0 {
      var moved = picture
      moved.placement.y -= scroll.count
      moved.addCells(to: &cells, frame: frame, within: scroll.top...scroll.bottom)
    }
  }

  /// The bytes that draw the picture where the cursor is: its payload, as encoded.
  static func drawing(_ picture: ShownImage) -> [UInt8] { picture.image.payload }
}
