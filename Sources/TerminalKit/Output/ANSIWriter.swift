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
  public internal(set) var currentStyle: Style?
  /// Where the cursor is, 0-based; nil when unknown.
  public internal(set) var cursor: (x: Int, y: Int)?

  /// What the terminal shows and holds of pictures (kitty storage, tmux passthrough).
  public var images: ImageWriter
  /// Files the bytes returned so far name (kitty transmissions by file), not yet taken:
  /// the backend writes them before it writes those bytes (`takeFiles`).
  public private(set) var pendingFiles: [KittyFile] = []

  /// The files to write before the bytes last returned; afterwards none is pending.
  public mutating func takeFiles() -> [KittyFile] {
    defer { pendingFiles = [] }
    return pendingFiles
  }

  public init(mode: ColorMode, images: ImageWriter = ImageWriter()) {
    self.mode = mode
    self.images = images
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
  ///
  /// Cells only: pictures placed in the frames need `update(from:to:scrolling:)`.
  public mutating func update(_ diff: FrameDiff) -> [UInt8] {
    var out: [UInt8] = []
    let cells = diff.changedCellCount
    // Most cells need a character and a short or no SGR; truecolor art needs more.
    out.reserveCapacity(64 + diff.runs.count * 8 + cells * (mode == .truecolor ? 24 : 8))
    appendClearAndScroll(diff, into: &out)
    appendRuns(diff.runs, width: diff.width, into: &out)
    return out
  }

  /// The bytes that turn a screen showing `old` (nil: unknown, repaint all) into
  /// `new`, pictures included: the cell diff (with a scroll when `scrolling`),
  /// and for the pictures what `images` decides (see `ImageWriter`).
  ///
  /// The order keeps the old pictures on screen while the new ones travel: kitty
  /// transmissions first (they store images and show nothing), then, in a short run of
  /// bytes, the kitty deletions a scroll needs, the scroll, the changed cells (with cells
  /// whose pixels went stale) and each picture drawn, followed by the text over it, and
  /// last the kitty placements the new ones replace (a video's frame stays until the next
  /// is placed). A page of new pictures in kitty is then never a screen without pictures
  /// for as long as their megabyte takes. After a full redraw's clear, which makes kitty drop what it held,
  /// the transmissions follow the clear. Without pictures in either frame it is
  /// `update(FrameDiff(from:to:scrolling:))`.
  ///
  /// While sixel or iTerm2 pictures are on the screen there is no scroll: the changed
  /// rows are written instead. xterm moves every such picture's anchor with a scroll but
  /// its pixels only inside the region, and paints a picture again at its old place into
  /// the lines a reverse index opens; the pixels would no longer be where the writer
  /// thinks, and text written later would erase the wrong ones (half a picture, or none,
  /// until a full redraw).
  public mutating func update(from old: Frame?, to new: Frame, scrolling: Bool) -> [UInt8] {
    let diff = FrameDiff(
      from: old, to: new, scrolling: scrolling && !images.showsCellPixelPictures)
    if new.images.isEmpty && images.isIdle { return update(diff) }
    let plan = images.plan(old: diff.isFullRedraw ? nil : old, new: new, scroll: diff.scroll)
    pendingFiles += plan.files
    var out: [UInt8] = []
    if diff.isFullRedraw {
      out += plan.before
      appendClearAndScroll(diff, into: &out)
      out += plan.transmissions
    } else {
      out += plan.transmissions
      out += plan.before
      appendClearAndScroll(diff, into: &out)
    }
    var runs = diff.runs
    if !plan.dirty.isEmpty {
      var marked = [Bool](repeating: false, count: new.width * new.height)
      for run in runs {
        for offset in run.cells.indices { marked[run.y * new.width + run.x + offset] = true }
      }
      for index in plan.dirty { marked[index] = true }
      runs = FrameDiff.runs(marked: marked, in: new)
    }
    appendRuns(runs, width: new.width, into: &out)
    for picture in plan.draws {
      reset(into: &out)
      out += images.drawing(picture)
      cursor = nil
      // Text over the picture wins: write it after the pixels.
      guard picture.image.format == .sixel || picture.image.format == .iterm2 else { continue }
      var marked = [Bool](repeating: false, count: new.width * new.height)
      var any = false
      for row in picture.top..<(picture.top + picture.rows) {
        for column in picture.left..<(picture.left + picture.columns)
        where !new.cells[row * new.width + column].isImageMarker {
          marked[row * new.width + column] = true
          any = true
        }
      }
      if any { appendRuns(FrameDiff.runs(marked: marked, in: new), width: new.width, into: &out) }
    }
    out += plan.after
    return out
  }

  /// A full redraw's reset and clear, or the scroll.
  private mutating func appendClearAndScroll(_ diff: FrameDiff, into out: inout [UInt8]) {
    if diff.isFullRedraw {
      out.append(contentsOf: Self.csi)
      out.append(contentsOf: "0m".utf8)
      out.append(contentsOf: Self.csi)
      out.append(contentsOf: "2J".utf8)
      currentStyle = .plain
      cursor = nil
    }
    if let scroll = diff.scroll { applyScroll(scroll, into: &out) }
  }

  /// Writes runs of cells; a picture's marker cell is written as a blank.
  private mutating func appendRuns(_ runs: [FrameDiff.Run], width: Int, into out: inout [UInt8]) {
    for run in runs {
      if cursor?.x != run.x || cursor?.y != run.y {
        Self.appendCursorPosition(x: run.x, y: run.y, to: &out)
      }
      var column = run.x
      for cell in run.cells {
        column += 1
        guard let character = cell.character else { continue }
        if cell.isImageMarker {
          setStyle(.plain, into: &out)
          out.append(0x20)
          continue
        }
        setStyle(cell.style, into: &out)
        out.append(contentsOf: character.utf8)
      }
      // Past the last column the cursor position is terminal-specific.
      cursor = column < width ? (column, run.y) : nil
    }
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
  /// The sequence is built in a small stack buffer and reaches `out` in one
  /// append (no strings per cell, no growth check per byte: a print has thousands).
  mutating func setStyle(_ style: Style, into out: inout [UInt8]) {
    let target = Style(
      foreground: style.foreground.converted(to: mode),
      background: style.background.converted(to: mode), attributes: style.attributes)
    if let current = currentStyle, current == target { return }
    let known = currentStyle
    currentStyle = target
    // CSI, 0, five attributes and two 24-bit colours: at most 48 bytes.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
      guard let base = buffer.baseAddress else { return }
      var sgr = ParameterList(base: base)
      sgr.append(0x1B)
      sgr.append(0x5B)
      var from = known ?? .plain
      if known == nil || !from.attributes.subtracting(target.attributes).isEmpty {
        sgr.parameter(0)
        from = .plain
      }
      let added = target.attributes.subtracting(from.attributes)
      if added.contains(.bold) { sgr.parameter(1) }
      if added.contains(.dim) { sgr.parameter(2) }
      if added.contains(.italic) { sgr.parameter(3) }
      if added.contains(.underline) { sgr.parameter(4) }
      if added.contains(.reverse) { sgr.parameter(7) }
      if target.foreground != from.foreground { sgr.color(target.foreground, background: false) }
      if target.background != from.background { sgr.color(target.background, background: true) }
      guard sgr.count > 2 else { return }
      // Each parameter is followed by `;`; the last one's becomes the final `m`.
      base[sgr.count - 1] = 0x6D
      out.append(contentsOf: UnsafeBufferPointer(start: base, count: sgr.count))
    }
  }

  /// SGR parameters written into a caller's buffer, each followed by `;`.
  struct ParameterList {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0

    @inline(__always) mutating func append(_ byte: UInt8) {
      base[count] = byte
      count += 1
    }

    /// `value` (0 to 255) in decimal and a `;`.
    @inline(__always) mutating func parameter(_ value: Int) {
      if value >= 100 { append(0x30 + UInt8(truncatingIfNeeded: value / 100)) }
      if value >= 10 { append(0x30 + UInt8(truncatingIfNeeded: value / 10 % 10)) }
      append(0x30 + UInt8(truncatingIfNeeded: value % 10))
      append(0x3B)
    }

    /// The parameters that select a (mode-converted) colour.
    mutating func color(_ color: Color, background: Bool) {
      switch color {
      case .default: parameter(background ? 49 : 39)
      case .indexed(let index) where index < 8:
        parameter((background ? 40 : 30) + Int(index))
      case .indexed(let index) where index < 16:
        parameter((background ? 100 : 90) + Int(index) - 8)
      case .indexed(let index):
        parameter(background ? 48 : 38)
        parameter(5)
        parameter(Int(index))
      case .rgb(let r, let g, let b):
        parameter(background ? 48 : 38)
        parameter(2)
        parameter(Int(r))
        parameter(Int(g))
        parameter(Int(b))
      }
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
