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
        out.append(contentsOf: String(character).utf8)
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
        out.append(contentsOf: String(character).utf8)
      }
      // Past the last column the cursor position is terminal-specific.
      cursor = column < diff.width ? (column, run.y) : nil
    }
    return out
  }

  /// Appends the SGR that changes the current style to `style`, if any.
  mutating func setStyle(_ style: Style, into out: inout [UInt8]) {
    let target = Style(
      foreground: style.foreground.converted(to: mode),
      background: style.background.converted(to: mode), attributes: style.attributes)
    if let current = currentStyle, current == target { return }
    var parameters: [String] = []
    var from = currentStyle ?? Style(foreground: .rgb(1, 2, 3), background: .rgb(1, 2, 3))
    if currentStyle == nil || !from.attributes.subtracting(target.attributes).isEmpty {
      parameters.append("0")
      from = .plain
    }
    let added = target.attributes.subtracting(from.attributes)
    if added.contains(.bold) { parameters.append("1") }
    if added.contains(.dim) { parameters.append("2") }
    if added.contains(.italic) { parameters.append("3") }
    if added.contains(.underline) { parameters.append("4") }
    if added.contains(.reverse) { parameters.append("7") }
    if target.foreground != from.foreground {
      parameters.append(Self.sgr(target.foreground, background: false))
    }
    if target.background != from.background {
      parameters.append(Self.sgr(target.background, background: true))
    }
    currentStyle = target
    guard !parameters.isEmpty else { return }
    out.append(contentsOf: Self.csi)
    out.append(contentsOf: parameters.joined(separator: ";").utf8)
    out.append(0x6D)
  }

  /// The SGR parameters that select a (mode-converted) colour.
  static func sgr(_ color: Color, background: Bool) -> String {
    switch color {
    case .default: return background ? "49" : "39"
    case .indexed(let index) where index < 8:
      return String((background ? 40 : 30) + Int(index))
    case .indexed(let index) where index < 16:
      return String((background ? 100 : 90) + Int(index) - 8)
    case .indexed(let index): return (background ? "48;5;" : "38;5;") + String(index)
    case .rgb(let r, let g, let b): return (background ? "48;2;" : "38;2;") + "\(r);\(g);\(b)"
    }
  }

  static let csi: [UInt8] = [0x1B, 0x5B]
}
