import TerminalKit

/// One cell of a picture: which image, and which of its cells.
package struct ImagePixel: Hashable, CustomStringConvertible, Sendable {
  package var id: UInt32
  package var row: Int
  package var column: Int

  package init(id: UInt32, row: Int, column: Int) {
    self.id = id
    self.row = row
    self.column = column
  }

  package var description: String { "image \(id) (\(column),\(row))" }
}

/// A kitty placement as the model keeps it, in cells.
package struct KittyPlacement: Hashable, Sendable {
  package var id: UInt32
  package var placementID: UInt32
  package var x: Int
  package var y: Int
  package var columns: Int
  package var rows: Int
  /// The first source cell shown (source rectangle over the cell size).
  package var sourceColumn: Int
  package var sourceRow: Int
}

/// What a person sees in a cell: text, or a picture's pixels.
package enum SeenCell: Hashable, CustomStringConvertible {
  case text(Cell)
  case picture(ImagePixel)
  package var description: String {
    switch self {
    case .text(let cell): "text \(cell.character.map(String.init) ?? "·")"
    case .picture(let pixel): pixel.description
    }
  }
}

extension ScreenModel {
  /// The model's cell size in pixels: test images are encoded for it.
  package static let cellWidth = 10
  package static let cellHeight = 20

  /// What the screen shows: kitty placements above everything, then sixel and
  /// iTerm2 pixels, then text.
  package var seen: [SeenCell] {
    var result = zip(cells, pixels).map { cell, pixel in
      pixel.map(SeenCell.picture) ?? .text(cell)
    }
    for placement in kittyPlacements {
      for row in 0..<placement.rows {
        for column in 0..<placement.columns {
          let x = placement.x + column
          let y = placement.y + row
          guard x >= 0, y >= 0, x < width, y < height else { continue }
          result[y * width + x] = .picture(
            ImagePixel(
              id: placement.id, row: placement.sourceRow + row,
              column: placement.sourceColumn + column))
        }
      }
    }
    return result
  }

  /// A string (DCS, OSC or APC) starting at the ESC at `start`, to ST or BEL.
  mutating func string(_ bytes: [UInt8], at start: Int) -> Int {
    var index = start + 2
    while index < bytes.count {
      if bytes[index] == 0x07 && bytes[start + 1] == UInt8(ascii: "]") { break }
      if bytes[index] == 0x1B {
        // Inside tmux passthrough an ESC is doubled.
        if index + 1 < bytes.count && bytes[index + 1] == 0x1B {
          index += 2
          continue
        }
        if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\\") { break }
      }
      index += 1
    }
    guard index < bytes.count else {
      errors.append("an unterminated string")
      return bytes.count
    }
    let body = Array(bytes[(start + 2)..<index])
    let end = bytes[index] == 0x07 ? index + 1 : index + 2
    switch bytes[start + 1] {
    case UInt8(ascii: "P"):
      let text = String(decoding: body, as: UTF8.self)
      if text.hasPrefix("tmux;") {
        // Undouble the ESCs and apply what the outer terminal would get.
        var inner: [UInt8] = []
        var position = 5
        while position < body.count {
          if body[position] == 0x1B && position + 1 < body.count && body[position + 1] == 0x1B {
            position += 1
          }
          inner.append(body[position])
          position += 1
        }
        apply(inner)
      } else {
        sixel(text)
      }
    case UInt8(ascii: "]"):
      iterm2(String(decoding: body, as: UTF8.self))
    default:
      kitty(String(decoding: body, as: UTF8.self))
    }
    return end
  }

  /// A sixel string: its raster attributes give the size, and test images
  /// name their id in their first colour register (`#id`).
  mutating func sixel(_ text: String) {
    guard let raster = text.split(separator: "\"").dropFirst().first else {
      return errors.append("a sixel without raster attributes")
    }
    let numbers = raster.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    guard numbers.count >= 4, let hash = text.firstIndex(of: "#"),
      let id = UInt32(text[text.index(after: hash)...].prefix { $0.isNumber })
    else { return errors.append("a sixel the model cannot read") }
    drawPixels(
      id: id, columns: (numbers[2] + Self.cellWidth - 1) / Self.cellWidth,
      rows: (numbers[3] + Self.cellHeight - 1) / Self.cellHeight)
  }

  /// `1337;File=…;width=N;height=M…:base64`; test files are the id's 4 bytes.
  mutating func iterm2(_ text: String) {
    guard text.hasPrefix("1337;File="), let colon = text.firstIndex(of: ":") else {
      return errors.append("OSC \(text.prefix(20))")
    }
    var fields: [String: String] = [:]
    for field in text[text.index(text.startIndex, offsetBy: 10)..<colon].split(separator: ";") {
      let pair = field.split(separator: "=", maxSplits: 1)
      if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
    }
    let file = Self.base64Decode(String(text[text.index(after: colon)...]))
    guard fields["inline"] == "1", fields["doNotMoveCursor"] == "1", file.count == 4,
      let columns = Int(fields["width"] ?? ""), let rows = Int(fields["height"] ?? "")
    else { return errors.append("an iTerm2 image the model cannot read") }
    let id = file.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    drawPixels(id: id, columns: columns, rows: rows)
  }

  mutating func drawPixels(id: UInt32, columns: Int, rows: Int) {
    guard cursorX + columns <= width, cursorY + rows <= height else {
      return errors.append("a picture past the screen's edge (it would scroll)")
    }
    for row in 0..<rows {
      for column in 0..<columns {
        pixels[(cursorY + row) * width + cursorX + column] = ImagePixel(
          id: id, row: row, column: column)
      }
    }
  }

  /// A kitty graphics command.
  mutating func kitty(_ text: String) {
    guard text.hasPrefix("G") else { return errors.append("APC \(text.prefix(10))") }
    let parts = text.dropFirst().split(separator: ";", maxSplits: 1)
    var keys: [String: String] = [:]
    for pair in (parts.first ?? "").split(separator: ",") {
      let keyValue = pair.split(separator: "=", maxSplits: 1)
      if keyValue.count == 2 { keys[String(keyValue[0])] = String(keyValue[1]) }
    }
    guard keys["q"] == "2" else { return errors.append("a kitty command without q=2: \(keys)") }
    func number(_ key: String) -> Int { Int(keys[key] ?? "") ?? 0 }
    if let receiving = kittyReceiving {
      // A continuation chunk: only m and q.
      if keys["m"] == "0" {
        kittyStored.insert(receiving)
        kittyReceiving = nil
      }
      return
    }
    switch keys["a"] ?? "t" {
    case "t":
      let id = UInt32(number("i"))
      if keys["m"] == "1" { kittyReceiving = id } else { kittyStored.insert(id) }
    case "p":
      let id = UInt32(number("i"))
      guard kittyStored.contains(id) else { return errors.append("placing unsent image \(id)") }
      if keys["U"] == "1" {
        kittyVirtual.insert(id)
        return
      }
      guard keys["C"] == "1" else { return errors.append("a placement that moves the cursor") }
      let placementID = UInt32(number("p"))
      kittyPlacements.removeAll { $0.id == id && $0.placementID == placementID }
      kittyPlacements.append(
        KittyPlacement(
          id: id, placementID: placementID, x: cursorX, y: cursorY, columns: number("c"),
          rows: number("r"), sourceColumn: number("x") / Self.cellWidth,
          sourceRow: number("y") / Self.cellHeight))
    case "d":
      let id = UInt32(number("i"))
      switch keys["d"] {
      case "i":
        let placementID = UInt32(number("p"))
        kittyPlacements.removeAll { $0.id == id && $0.placementID == placementID }
      case "I":
        kittyPlacements.removeAll { $0.id == id }
        kittyStored.remove(id)
        kittyVirtual.remove(id)
      default:
        errors.append("kitty delete \(keys)")
      }
    default:
      errors.append("kitty action \(keys)")
    }
  }

  package static func base64Decode(_ text: String) -> [UInt8] {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    var buffer: UInt32 = 0
    var bits = 0
    for byte in text.utf8 {
      guard let value = alphabet.firstIndex(of: byte) else { continue }
      buffer = buffer << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    return out
  }
}

extension ScreenModel {
  /// A test picture of `columns`×`rows` cells in `format` that the model reads back, at
  /// `cellWidth`×`cellHeight` pixels a cell; its pixels are made of its `id`.
  package static func testImage(
    _ id: UInt32, _ format: TerminalImage.Format, columns: Int, rows: Int
  )
    -> TerminalImage
  {
    let width = columns * cellWidth
    let height = rows * cellHeight
    let payload: [UInt8]
    switch format {
    case .sixel:
      payload = Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)#\(id);2;100;0;0~~~~\u{1B}\\".utf8)
    case .iterm2:
      payload = ITerm2Image.sequence(
        file: [UInt8(id >> 24), UInt8(id >> 16 & 255), UInt8(id >> 8 & 255), UInt8(id & 255)],
        columns: columns, rows: rows)
    case .kitty, .kittyPlaceholder:
      payload = KittyGraphics.transmission(
        id: id, width: width, height: height, format: .rgb,
        data: [UInt8](repeating: UInt8(id & 255), count: 3500), compressed: false,
        virtualPlacement: format == .kittyPlaceholder ? (columns, rows) : nil)
    }
    return TerminalImage(
      id: id, format: format, columns: columns, rows: rows, pixelWidth: width,
      pixelHeight: height, payload: payload)
  }
}
