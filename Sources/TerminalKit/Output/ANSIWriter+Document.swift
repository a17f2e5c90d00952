extension ANSIWriter {
  /// The whole frame as lines of text for standard output (`--print`): each row ends
  /// with a reset (when styled) and a newline, no absolute cursor moves, so the text can
  /// go to a file, a pipe or the middle of a terminal's scrollback. Trailing blank cells
  /// in the default style are kept so every line has the frame's width.
  ///
  /// Pictures placed in the frame are drawn where they lie, with relative moves only:
  /// on the row a picture starts, the rows it needs are first made (newlines, then back
  /// up, so a terminal scrolls before it draws, not while), the cursor is saved, moved to
  /// the picture's column and the picture drawn (kitty: transmitted and placed, leaving
  /// the cursor; sixel and iTerm2 at the cursor), then restored; the cells a picture
  /// covers are stepped over, not written, so no text erases its pixels.
  public mutating func document(_ frame: Frame) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(frame.width * frame.height * 2)
    currentStyle = .plain
    var starting: [Int: [ImagePlacement]] = [:]
    for placement in frame.images where placement.x < frame.width && placement.y >= 0 {
      starting[placement.y, default: []].append(placement)
    }
    for row in 0..<frame.height {
      if let placements = starting[row] {
        Self.appendPictures(placements, into: &out)
      }
      var column = 0
      while column < frame.width {
        let cell = frame.cells[row * frame.width + column]
        if cell.isImageMarker {
          var end = column + 1
          while end < frame.width && frame.cells[row * frame.width + end].isImageMarker { end += 1 }
          out += Self.csi
          out += Array("\(end - column)C".utf8)
          column = end
          continue
        }
        column += 1
        guard let character = cell.character else { continue }
        setStyle(cell.style, into: &out)
        out.append(contentsOf: character.utf8)
      }
      if currentStyle != .plain {
        out.append(contentsOf: Self.csi)
        out.append(contentsOf: "0m".utf8)
        currentStyle = .plain
      }
      out.append(0x0A)
    }
    cursor = nil
    return out
  }

  /// Draws pictures that start on the current row, the cursor at its first column.
  static func appendPictures(_ placements: [ImagePlacement], into out: inout [UInt8]) {
    // Room first, the rows a picture covers and the one a sixel leaves the cursor on:
    // at the bottom of a terminal the newlines scroll it, and the cursor comes back up
    // to this row, so drawing a picture never scrolls the text under it.
    let tallest = placements.map(\.image.rows).max() ?? 1
    out += Array(repeating: 0x0A, count: tallest)
    out += csi
    out += Array("\(tallest)A".utf8)
    for placement in placements {
      let image = placement.image
      out += [0x1B, UInt8(ascii: "7")]
      out += csi
      out += Array("\(max(0, placement.x) + 1)G".utf8)
      out += image.payload
      if image.format == .kitty {
        out += KittyGraphics.placement(
          id: image.id, placementID: 1, x: 0, y: 0, width: image.pixelWidth,
          height: image.pixelHeight, columns: image.columns, rows: image.rows)
      }
      out += [0x1B, UInt8(ascii: "8")]
    }
  }
}
