import TerminalKit

/// A terminal screen that interprets exactly the sequences `ANSIWriter` emits,
/// so tests can check what a screen shows after the writer's bytes rather than
/// the bytes themselves.
///
/// Understood: CUP (`CSI row;col H`), SGR (0–4, 7, 30–37, 39, 40–47, 49, 90–97,
/// 100–107, 38/48;5;n, 38/48;2;r;g;b), ED 2 and EL 2, DECSTBM (`CSI top;bottom r`,
/// `CSI r`), IND (`ESC D`), RI (`ESC M`) and UTF-8 text including wide
/// characters. Erased and exposed cells take the current background, as on a
/// terminal with back-colour erase, so a missing reset before a scroll shows.
/// Anything else, or a write past the right edge, is recorded in `errors`.
///
/// Pictures (see `ScreenModel+Images.swift`): sixel DCS strings and iTerm2
/// `OSC 1337` files put pixels into cells at the cursor, as xterm does; text
/// written over a cell, ED and EL erase its pixels. A scroll while any of their
/// pixels are on screen is an error: xterm moves every picture's anchor on a scroll
/// but its pixels only inside the region, and paints a picture again where it was
/// into the lines a reverse index opens, so the pixels are no longer where the lines
/// took them (the writer must draw again instead). kitty commands (`APC G`, also
/// inside tmux passthrough) store images and place them above the text; ED 2 drops
/// them all (as kitty's clear does); a scroll across a kitty placement is an error
/// (the writer must place again instead).
package struct ScreenModel {
  package let width: Int
  package let height: Int
  package var cells: [Cell]
  package var cursorX = 0
  package var cursorY = 0
  package var style = Style.plain
  package var marginTop = 0
  package var marginBottom: Int
  package var errors: [String] = []
  /// Pixels of sixel and iTerm2 pictures in each cell.
  package var pixels: [ImagePixel?]
  /// kitty: stored image ids, placements, virtual placements.
  package var kittyStored: Set<UInt32> = []
  package var kittyPlacements: [KittyPlacement] = []
  package var kittyVirtual: Set<UInt32> = []
  /// A kitty transmission in progress (chunks with `m=1`).
  var kittyReceiving: UInt32?

  /// A screen already showing `frame`, drawing in `style`.
  package init(showing frame: Frame, style: Style = .plain) {
    width = frame.width
    height = frame.height
    cells = frame.cells
    pixels = Array(repeating: nil, count: frame.cells.count)
    marginBottom = frame.height - 1
    self.style = style
  }

  /// A blank screen.
  package init(width: Int, height: Int) {
    self.init(showing: Frame(width: width, height: height))
  }

  /// What the screen shows.
  package var frame: Frame {
    var frame = Frame(width: width, height: height)
    for index in cells.indices { frame[index % width, index / width] = cells[index] }
    return frame
  }

  /// A screen as tmux's `capture-pane -e` prints it: one line a row, styles as SGR
  /// sequences (which tmux spells as it likes: colons, resets, attribute offs).
  package init(capture: String, width: Int, height: Int) {
    self.init(width: width, height: height)
    for (row, line) in capture.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix(height).enumerated()
    {
      cursorX = 0
      cursorY = row
      apply(Array(line.utf8))
    }
  }

  /// The rows that differ from `other`'s.
  package func differingRows(from other: ScreenModel) -> [Int] {
    (0..<max(height, other.height)).filter { row in
      guard row < height, row < other.height, width == other.width else { return true }
      return cells[(row * width)..<((row + 1) * width)]
        != other.cells[(row * width)..<((row + 1) * width)]
    }
  }

  /// A cell erased on this screen now: blank in the current background.
  var erased: Cell { Cell(" ", style: Style(background: style.background)) }

  package mutating func apply(_ bytes: [UInt8]) {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B {
        index = escape(bytes, at: index)
      } else if byte < 0x20 || byte == 0x7F {
        errors.append("control byte \(byte)")
        index += 1
      } else {
        var end = index
        while end < bytes.count && bytes[end] != 0x1B && bytes[end] >= 0x20 && bytes[end] != 0x7F {
          end += 1
        }
        text(String(decoding: bytes[index..<end], as: UTF8.self))
        index = end
      }
    }
  }

  /// Interprets the escape sequence at `start`; returns the index after it.
  mutating func escape(_ bytes: [UInt8], at start: Int) -> Int {
    guard start + 1 < bytes.count else {
      errors.append("a lone ESC at the end")
      return bytes.count
    }
    switch bytes[start + 1] {
    case UInt8(ascii: "D"):
      index()
      return start + 2
    case UInt8(ascii: "M"):
      reverseIndex()
      return start + 2
    case UInt8(ascii: "P"), UInt8(ascii: "]"), UInt8(ascii: "_"):
      return string(bytes, at: start)
    case UInt8(ascii: "["):
      var end = start + 2
      while end < bytes.count && (0x30...0x3F).contains(bytes[end]) { end += 1 }
      guard end < bytes.count else {
        errors.append("an unterminated CSI")
        return bytes.count
      }
      let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        .split(omittingEmptySubsequences: false, whereSeparator: { $0 == ";" || $0 == ":" })
        .map { Int($0) }
      controlSequence(final: bytes[end], parameters: parameters)
      return end + 1
    default:
      errors.append("ESC \(bytes[start + 1])")
      return start + 2
    }
  }

  /// Parameters as written; an empty one is nil (its default).
  mutating func controlSequence(final: UInt8, parameters: [Int?]) {
    let given = parameters == [nil] ? [] : parameters
    switch final {
    case UInt8(ascii: "H"):
      let row = (given.first ?? nil) ?? 1
      let column = (given.count > 1 ? given[1] : nil) ?? 1
      guard given.count <= 2, row >= 1, row <= height, column >= 1, column <= width else {
        errors.append("CUP \(given) outside the screen")
        return
      }
      cursorY = row - 1
      cursorX = column - 1
    case UInt8(ascii: "m"):
      selectGraphicRendition(given.isEmpty ? [0] : given.map { $0 ?? 0 })
    case UInt8(ascii: "J"):
      guard given == [2] else { return errors.append("ED \(given)") }
      cells = Array(repeating: erased, count: width * height)
      pixels = Array(repeating: nil, count: width * height)
      // kitty drops its placements and stored images on a clear.
      kittyPlacements = []
      kittyStored = []
      kittyVirtual = []
    case UInt8(ascii: "K"):
      guard given == [2] else { return errors.append("EL \(given)") }
      for column in 0..<width {
        cells[cursorY * width + column] = erased
        pixels[cursorY * width + column] = nil
      }
    case UInt8(ascii: "r"):
      let top = (given.first ?? nil) ?? 1
      let bottom = (given.count > 1 ? given[1] : nil) ?? height
      guard given.count <= 2, top >= 1, top < bottom, bottom <= height else {
        // A terminal ignores such a region; the writer must not rely on it.
        errors.append("DECSTBM \(given) invalid")
        return
      }
      marginTop = top - 1
      marginBottom = bottom - 1
      cursorX = 0
      cursorY = 0
    default:
      errors.append("CSI \(given) \(Character(Unicode.Scalar(final)))")
    }
  }

  mutating func selectGraphicRendition(_ values: [Int]) {
    var index = 0
    func color(at start: Int) -> (Color, Int)? {
      guard start < values.count else { return nil }
      if values[start] == 5, start + 1 < values.count, (0...255).contains(values[start + 1]) {
        return (.indexed(UInt8(values[start + 1])), 2)
      }
      if values[start] == 2, start + 3 < values.count,
        values[(start + 1)...(start + 3)].allSatisfy({ (0...255).contains($0) })
      {
        return (
          .rgb(UInt8(values[start + 1]), UInt8(values[start + 2]), UInt8(values[start + 3])), 4
        )
      }
      return nil
    }
    while index < values.count {
      let value = values[index]
      index += 1
      switch value {
      case 0: style = .plain
      case 1: style.attributes.insert(.bold)
      case 2: style.attributes.insert(.dim)
      case 3: style.attributes.insert(.italic)
      case 4: style.attributes.insert(.underline)
      case 7: style.attributes.insert(.reverse)
      case 22: style.attributes.subtract([.bold, .dim])
      case 23: style.attributes.remove(.italic)
      case 24: style.attributes.remove(.underline)
      case 27: style.attributes.remove(.reverse)
      case 30...37: style.foreground = .indexed(UInt8(value - 30))
      case 39: style.foreground = .default
      case 40...47: style.background = .indexed(UInt8(value - 40))
      case 49: style.background = .default
      case 90...97: style.foreground = .indexed(UInt8(value - 90 + 8))
      case 100...107: style.background = .indexed(UInt8(value - 100 + 8))
      case 38, 48:
        guard let (color, used) = color(at: index) else {
          errors.append("SGR \(values) malformed colour")
          return
        }
        if value == 38 { style.foreground = color } else { style.background = color }
        index += used
      default:
        errors.append("SGR \(value) unknown")
      }
    }
  }

  /// IND: down a line, or at the bottom margin move the region's lines up.
  mutating func index() {
    if cursorY == marginBottom {
      scrollRegion(up: true)
    } else if cursorY < height - 1 {
      cursorY += 1
    }
  }

  /// RI: up a line, or at the top margin move the region's lines down.
  mutating func reverseIndex() {
    if cursorY == marginTop {
      scrollRegion(up: false)
    } else if cursorY > 0 {
      cursorY -= 1
    }
  }

  mutating func scrollRegion(up: Bool) {
    for placement in kittyPlacements
    where placement.y <= marginBottom && placement.y + placement.rows - 1 >= marginTop {
      errors.append("a scroll across kitty placement \(placement.id)")
    }
    if let pixel = pixels.first(where: { $0 != nil }) ?? nil {
      errors.append("a scroll with sixel or iTerm2 pixels on screen (\(pixel))")
    }
    let rows = up ? Array(marginTop..<marginBottom) : Array((marginTop..<marginBottom).reversed())
    for row in rows {
      let source = up ? row + 1 : row
      let target = up ? row : row + 1
      for column in 0..<width {
        cells[target * width + column] = cells[source * width + column]
        pixels[target * width + column] = pixels[source * width + column]
      }
    }
    let exposed = up ? marginBottom : marginTop
    for column in 0..<width {
      cells[exposed * width + column] = erased
      pixels[exposed * width + column] = nil
    }
  }

  /// Writes text at the cursor, character by character, as a terminal with
  /// auto-wrap would but treating a wrap as an error (the writer never relies on it).
  mutating func text(_ string: String) {
    for character in string {
      let columns = character.displayWidth
      guard columns > 0 else {
        errors.append("zero-width character \(character.unicodeScalars.map(\.value))")
        continue
      }
      guard cursorX + columns <= width else {
        errors.append("\(character) written past the right edge at row \(cursorY)")
        continue
      }
      let base = cursorY * width
      // Writing over half of a wide character blanks its other half.
      if cells[base + cursorX].isContinuation && cursorX > 0 {
        cells[base + cursorX - 1].character = " "
      }
      let end = cursorX + columns
      if end < width && cells[base + end].isContinuation { cells[base + end].character = " " }
      cells[base + cursorX] = Cell(character, style: style)
      pixels[base + cursorX] = nil
      if columns == 2 {
        cells[base + cursorX + 1] = .continuation(style: style)
        pixels[base + cursorX + 1] = nil
      }
      if let placeholder = KittyPlaceholder.decode(Cell(character, style: style)),
        !kittyVirtual.contains(placeholder.imageID)
      {
        errors.append("a placeholder for image \(placeholder.imageID) before its virtual placement")
      }
      cursorX = end
    }
  }
}

extension Frame {
  /// Where two frames of the same size first differ, for a short failure message;
  /// nil when equal.
  package func firstDifference(from other: Frame) -> String? {
    guard width == other.width, height == other.height else {
      return "sizes \(width)×\(height) and \(other.width)×\(other.height)"
    }
    guard let index = cells.indices.first(where: { cells[$0] != other.cells[$0] }) else {
      return nil
    }
    return "(\(index % width), \(index / width)): \(cells[index]) vs \(other.cells[index])"
  }
}
