/// Renders frames and frame diffs to the bytes of ANSI escape sequences.
///
/// Used by `--print` and by tests; the interactive backend uses ncurses instead.
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
  public mutating func update(_ diff: FrameDiff) -> [UInt8] {
    var out: [UInt8] = []
    if diff.isFullRedraw {
      out.append(contentsOf: Self.csi)
      out.append(contentsOf: "0m".utf8)
      out.append(contentsOf: Self.csi)
      out.append(contentsOf: "2J".utf8)
      currentStyle = .plain
      cursor = nil
    }
    for run in diff.runs {
      if cursor?.x != run.x || cursor?.y != run.y {
        out.append(contentsOf: Self.csi)
        out.append(contentsOf: "\(run.y + 1);\(run.x + 1)H".utf8)
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

  /// Appends `value` (0 to 999) in decimal and a `;`.
  static func appendParameter(_ value: Int, to out: inout [UInt8]) {
    if value >= 100 { out.append(0x30 + UInt8(truncatingIfNeeded: value / 100)) }
    if value >= 10 { out.append(0x30 + UInt8(truncatingIfNeeded: value / 10 % 10)) }
    out.append(0x30 + UInt8(truncatingIfNeeded: value % 10))
    out.append(0x3B)
  }

  static let csi: [UInt8] = [0x1B, 0x5B]
}
