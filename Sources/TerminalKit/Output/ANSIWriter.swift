/// Renders frames and frame diffs to the bytes of ANSI escape sequences.
///
/// Used by `--print`, by tests and by backends that write frames themselves.
/// The writer tracks the terminal's cursor and current SGR state so it emits only
/// what changes: a cursor move (`CSI row;col H`) only where a run does not start
/// at the cursor, and an SGR only when the style differs, with `0` reset only when
/// an attribute must be turned off.
public struct ANSIWriter: Sendable {
  public let mode: ColorMode
  /// The style the terminal currently draws with, as far as the writer knows;
  /// nil when unknown (before the first write).
  public private(set) var currentStyle: Style?
  /// Where the cursor is, 0-based; nil when unknown.
  public private(set) var cursor: (x: Int, y: Int)?

  public init(mode: ColorMode) {
    self.mode = mode
  }

  /// The whole frame as lines of text for standard output: each row ends with a
  /// reset (when styled) and a newline; no cursor moves. Trailing blank cells in
  /// the default style are kept so every line has the frame's width.
  public mutating func document(_ frame: Frame) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(frame.width * frame.height * 2)
    currentStyle = .plain
    for row in 0..<frame.height {
      for column in 0..<frame.width {
        let cell = frame.cells[row * frame.width + column]
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

  /// The bytes that apply `diff` to a screen showing the previous frame. A full
  /// redraw starts with a reset and clear (`CSI 0m CSI 2J`).
  ///
  /// A `diff.scroll` is applied first: a reset to the plain style (so the exposed
  /// lines are erased with the default background), the scroll region
  /// (`CSI top;bottom r`), the cursor on the region's bottom row and IND (`ESC D`)
  /// per line up, or on its top row and RI (`ESC M`) per line down, then the
  /// region reset (`CSI r`). IND and RI rather than SU and SD so that vt100-class
  /// terminals move lines too.
  public mutating func update(_ diff: FrameDiff) -> [UInt8] {
    var out: [UInt8] = []
    let cells = diff.changedCellCount
    // Most cells need a character and a short or no SGR; truecolor art needs more.
    out.reserveCapacity(64 + diff.runs.count * 8 + cells * (mode == .truecolor ? 24 : 8))
    if diff.isFullRedraw {
      out.append(contentsOf: Self.csi)
      out.append(contentsOf: "0m".utf8)
      out.append(contentsOf: Self.csi)
      out.append(contentsOf: "2J".utf8)
      currentStyle = .plain
      cursor = nil
    }
    if let scroll = diff.scroll { applyScroll(scroll, into: &out) }
    for run in diff.runs {
      if cursor?.x != run.x || cursor?.y != run.y {
        Self.appendCursorPosition(x: run.x, y: run.y, to: &out)
      }
      var column = run.x
      for cell in run.cells {
        column += 1
        guard let character = cell.character else { continue }
        setStyle(cell.style, into: &out)
        out.append(contentsOf: character.utf8)
      }
      // Past the last column the cursor position is terminal-specific.
      cursor = column < diff.width ? (column, run.y) : nil
    }
    return out
  }

  /// Appends the reset to the plain style (`CSI 0m`) unless the terminal is known
  /// to draw in it already; a backend ends each frame so, leaving the terminal
  /// plain for whatever writes next.
  public mutating func reset(into out: inout [UInt8]) {
    guard currentStyle != .plain else { return }
    out.append(contentsOf: Self.csi)
    out.append(contentsOf: "0m".utf8)
    currentStyle = .plain
  }

  /// Appends the sequences that move the lines of `scroll`'s region; afterwards
  /// the cursor is unknown.
  mutating func applyScroll(_ scroll: FrameDiff.Scroll, into out: inout [UInt8]) {
    guard scroll.count != 0, scroll.top <= scroll.bottom else { return }
    // Terminals erase exposed lines with the current background.
    reset(into: &out)
    cursor = nil
    if scroll.top == scroll.bottom {
      // A one-line region is no region to a terminal (DECSTBM needs two lines),
      // but its content is simply gone: erase the line.
      Self.appendCursorPosition(x: 0, y: scroll.top, to: &out)
      out.append(contentsOf: Self.csi)
      out.append(contentsOf: "2K".utf8)
      return
    }
    out.append(contentsOf: Self.csi)
    Self.appendParameter(scroll.top + 1, to: &out)
    Self.appendParameter(scroll.bottom + 1, to: &out)
    out[out.count - 1] = 0x72  // r
    let up = scroll.count > 0
    Self.appendCursorPosition(x: 0, y: up ? scroll.bottom : scroll.top, to: &out)
    let line: [UInt8] = up ? [0x1B, 0x44] : [0x1B, 0x4D]  // IND, RI
    // Past the region's height every line is blank already.
    for _ in 0..<min(abs(scroll.count), scroll.bottom - scroll.top + 1) {
      out.append(contentsOf: line)
    }
    out.append(contentsOf: Self.csi)
    out.append(0x72)
  }

  /// Appends the cursor move to 0-based (x, y): `CSI y+1;x+1 H`.
  static func appendCursorPosition(x: Int, y: Int, to out: inout [UInt8]) {
    out.append(contentsOf: csi)
    appendParameter(y + 1, to: &out)
    appendParameter(x + 1, to: &out)
    out[out.count - 1] = 0x48  // H
  }

  /// Appends the SGR that changes the current style to `style`, if any.
  ///
  /// Bytes go straight into `out` (no strings per cell: a print has thousands).
  mutating func setStyle(_ style: Style, into out: inout [UInt8]) {
    let target = Style(
      foreground: style.foreground.converted(to: mode),
      background: style.background.converted(to: mode), attributes: style.attributes)
    if let current = currentStyle, current == target { return }
    var from = currentStyle ?? Style(foreground: .rgb(1, 2, 3), background: .rgb(1, 2, 3))
    let start = out.count
    // Each parameter is followed by `;`; the last one's becomes the final `m`.
    out.append(contentsOf: Self.csi)
    if currentStyle == nil || !from.attributes.subtracting(target.attributes).isEmpty {
      Self.appendParameter(0, to: &out)
      from = .plain
    }
    let added = target.attributes.subtracting(from.attributes)
    if added.contains(.bold) { Self.appendParameter(1, to: &out) }
    if added.contains(.dim) { Self.appendParameter(2, to: &out) }
    if added.contains(.italic) { Self.appendParameter(3, to: &out) }
    if added.contains(.underline) { Self.appendParameter(4, to: &out) }
    if added.contains(.reverse) { Self.appendParameter(7, to: &out) }
    if target.foreground != from.foreground {
      Self.appendSGR(target.foreground, background: false, to: &out)
    }
    if target.background != from.background {
      Self.appendSGR(target.background, background: true, to: &out)
    }
    currentStyle = target
    if out.count == start + Self.csi.count {
      out.removeLast(Self.csi.count)
    } else {
      out[out.count - 1] = 0x6D
    }
  }

  /// Appends the SGR parameters that select a (mode-converted) colour, each followed
  /// by `;`.
  static func appendSGR(_ color: Color, background: Bool, to out: inout [UInt8]) {
    switch color {
    case .default: appendParameter(background ? 49 : 39, to: &out)
    case .indexed(let index) where index < 8:
      appendParameter((background ? 40 : 30) + Int(index), to: &out)
    case .indexed(let index) where index < 16:
      appendParameter((background ? 100 : 90) + Int(index) - 8, to: &out)
    case .indexed(let index):
      appendParameter(background ? 48 : 38, to: &out)
      appendParameter(5, to: &out)
      appendParameter(Int(index), to: &out)
    case .rgb(let r, let g, let b):
      appendParameter(background ? 48 : 38, to: &out)
      appendParameter(2, to: &out)
      appendParameter(Int(r), to: &out)
      appendParameter(Int(g), to: &out)
      appendParameter(Int(b), to: &out)
    }
  }

  /// Appends `value` (not negative) in decimal and a `;`.
  static func appendParameter(_ value: Int, to out: inout [UInt8]) {
    if value >= 1000 {
      // Screens wider or taller than 999 cells: rare, so the general path.
      out.append(contentsOf: String(value).utf8)
      out.append(0x3B)
      return
    }
    if value >= 100 { out.append(0x30 + UInt8(truncatingIfNeeded: value / 100)) }
    if value >= 10 { out.append(0x30 + UInt8(truncatingIfNeeded: value / 10 % 10)) }
    out.append(0x30 + UInt8(truncatingIfNeeded: value % 10))
    out.append(0x3B)
  }

  static let csi: [UInt8] = [0x1B, 0x5B]
}
