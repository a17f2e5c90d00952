/// What the terminal shows of the pictures, and what it holds: the image half
/// of writing frames. Pure; `ANSIWriter.update(from:to:scrolling:)` drives it.
///
/// A picture on screen is one unit. Each frame, every picture the new frame
/// shows is matched against what the screen shows (after the frame's scroll):
/// the same image at the same cells, showing the same part, with no cell that
/// text covered before now uncovered. A match is left alone; anything else is
/// drawn again (kitty: placed again, never transmitted again; sixel and iTerm2:
/// sent again), and a picture that no longer matches is removed first (kitty:
/// its placement deleted; sixel and iTerm2: its cells rewritten from the new
/// frame, which erases the pixels there).
///
/// When a picture shows, by protocol:
/// - sixel and iTerm2: only when wholly inside the frame (the bytes cannot be
///   cut; ask the encoder for a cropped image to show part of one) and no
///   other picture lies over it. Text drawn over it is written after the
///   picture, so text wins cell by cell.
/// - kitty: the part inside the frame, cropped with the placement's source
///   rectangle; rows and columns at its edges that text covers entirely are
///   cropped off too (a status line over its last row). A picture with covered
///   cells inside what remains is not shown until they clear (kitty draws
///   pictures above text).
/// - kitty placeholders: the cells show it; only the transmission is tracked.
///
/// A full redraw clears the screen (ED 2), which in kitty also drops every
/// placement and stored image: they are transmitted again as needed.
///
/// Scrolls: sixel and iTerm2 pixels move with the lines (as in xterm), so a
/// picture wholly inside the scroll region before and after stays; kitty
/// placements the region touches are deleted before it and placed again after.
public struct ImageWriter: Sendable {
  /// Wrap kitty commands in tmux passthrough (inside tmux, for placeholders).
  public var tmuxPassthrough: Bool
  /// The most decoded bytes (width × height × 4 per image) kept stored in a
  /// kitty terminal; past it the least recently shown images not on screen are
  /// deleted. kitty's own quota is 320 MB.
  public var storageBudget: Int

  /// The pictures on screen now.
  private(set) var shown: [ShownImage] = []
  /// kitty images the terminal holds: which encoding, decoded bytes, last frame used.
  private var stored: [UInt32: StoredImage] = [:]
  private var forgotten: Set<UInt32> = []
  private var frameCount: UInt64 = 0

  public init(tmuxPassthrough: Bool = false, storageBudget: Int = 192 << 20) {
    self.tmuxPassthrough = tmuxPassthrough
    self.storageBudget = storageBudget
  }

  /// Whether nothing is on screen or stored, so a frame without images needs
  /// no image work.
  public var isIdle: Bool { shown.isEmpty && stored.isEmpty }

  /// kitty image ids the terminal holds now.
  public var storedImageIDs: Set<UInt32> { Set(stored.keys) }

  /// Frees kitty image `id` in the terminal with the next frame that does not
  /// show it (its encoding left the cache). No effect for other protocols.
  public mutating func forget(imageID id: UInt32) {
    if stored[id] != nil { forgotten.insert(id) }
  }

  /// The bytes that delete every kitty image this writer stored (on leaving:
  /// the terminal would otherwise keep them in its memory). Afterwards the
  /// writer holds nothing.
  public mutating func releaseAll() -> [UInt8] {
    var out: [UInt8] = []
    for id in stored.keys.sorted() { out += wrapped(KittyGraphics.deleteImage(id: id)) }
    reset()
    return out
  }

  /// Forgets everything the terminal was thought to hold (it was reset, or
  /// another program used it).
  public mutating func reset() {
    shown = []
    stored = [:]
    forgotten = []
  }

  struct StoredImage: Sendable {
    var image: ObjectIdentifier
    var bytes: Int
    var lastUse: UInt64
  }

  /// A picture as shown: its placement and the part of it on screen.
  struct ShownImage: Hashable, Sendable {
    var placement: ImagePlacement
    /// The shown part, in cells from the picture's top-left.
    var cropX: Int
    var cropY: Int
    var columns: Int
    var rows: Int

    var image: TerminalImage { placement.image }
    var left: Int { placement.x + cropX }
    var top: Int { placement.y + cropY }

    /// kitty's placement id: one per screen position, so the same picture can
    /// show twice (a favourite in two sections).
    var placementID: UInt32 {
      UInt32(truncatingIfNeeded: (placement.y & 0xFFF) << 12 | (placement.x & 0xFFF)) + 1
    }
  }

  /// What a frame needs besides its cell runs.
  struct Plan {
    /// Written before the scroll: kitty deletions.
    var before: [UInt8] = []
    /// Written after a full redraw's clear and the scroll, before the
    /// pictures: kitty transmissions (kitty frees stored images on a clear).
    var transmissions: [UInt8] = []
    /// Cells to rewrite from the new frame with the runs (stale pixels).
    var dirty: [Int] = []
    /// Pictures to draw after the runs, in frame order.
    var draws: [ShownImage] = []
  }

  /// How `placement` shows in `frame`, or nil when it does not (see the type's
  /// rules).
  static func shown(_ placement: ImagePlacement, in frame: Frame) -> ShownImage? {
    let image = placement.image
    guard image.isPlaced, image.columns > 0, image.rows > 0 else { return nil }
    let x = placement.x
    let y = placement.y
    var left = max(0, x)
    var top = max(0, y)
    var right = min(frame.width, x + image.columns)
    var bottom = min(frame.height, y + image.rows)
    guard left < right, top < bottom else { return nil }
    func owned(_ column: Int, _ row: Int) -> Bool {
      frame.cells[row * frame.width + column] == Cell.imageMarker(imageID: image.id, row: row - y)
    }
    func rowOwned(_ row: Int) -> Bool { (left..<right).contains { owned($0, row) } }
    func columnOwned(_ column: Int) -> Bool { (top..<bottom).contains { owned(column, $0) } }
    switch image.format {
    case .sixel, .iterm2:
      guard left == x, top == y, right == x + image.columns, bottom == y + image.rows,
        (top..<bottom).contains(where: rowOwned)
      else { return nil }
      // Its pixels would cover another picture's cells.
      for row in top..<bottom {
        for column in left..<right
        where frame.cells[row * frame.width + column].isImageMarker && !owned(column, row) {
          return nil
        }
      }
    case .kitty:
      while top < bottom && !rowOwned(top) { top += 1 }
      while bottom > top && !rowOwned(bottom - 1) { bottom -= 1 }
      while left < right && !columnOwned(left) { left += 1 }
      while right > left && !columnOwned(right - 1) { right -= 1 }
      guard top < bottom, left < right else { return nil }
      for row in top..<bottom {
        for column in left..<right where !owned(column, row) { return nil }
      }
    case .kittyPlaceholder:
      return nil
    }
    return ShownImage(
      placement: placement, cropX: left - x, cropY: top - y, columns: right - left,
      rows: bottom - top)
  }

  /// Where `picture`'s pixels are after `scroll`; nil when the scroll broke it
  /// (a kitty placement the region touches, a sixel or iTerm2 picture not
  /// wholly inside the region before and after).
  static func carried(_ picture: ShownImage, by scroll: FrameDiff.Scroll?) -> ShownImage? {
    guard let scroll, scroll.count != 0 else { return picture }
    let top = picture.top
    let bottom = picture.top + picture.rows - 1
    if bottom < scroll.top || top > scroll.bottom { return picture }
    guard picture.image.format != .kitty else { return nil }
    let movedTop = top - scroll.count
    let movedBottom = bottom - scroll.count
    guard top >= scroll.top, bottom <= scroll.bottom, movedTop >= scroll.top,
      movedBottom <= scroll.bottom
    else { return nil }
    var moved = picture
    moved.placement.y -= scroll.count
    return moved
  }

  /// Decides what frame `new` needs over the screen (`old`: the frame on it,
  /// nil after a full clear).
  mutating func plan(old: Frame?, new: Frame, scroll: FrameDiff.Scroll?) -> Plan {
    frameCount += 1
    var plan = Plan()
    let wanted = new.images.compactMap { Self.shown($0, in: new) }
    // What the screen keeps, keyed by image and position after the scroll.
    var kept: [ShownImage] = []
    var dead: [ShownImage] = []
    if old == nil {
      dead = shown
    } else {
      for picture in shown {
        if let moved = Self.carried(picture, by: scroll) {
          kept.append(moved)
        } else {
          dead.append(picture)
        }
      }
    }
    var survivors = Set<Int>()  // indices into `kept`
    var next: [ShownImage] = []
    for picture in wanted {
      if let old,
        let match = kept.indices.first(where: {
          !survivors.contains($0)
            && Self.stays(kept[$0], as: picture, old: old, new: new, scroll: scroll)
        })
      {
        survivors.insert(match)
      } else {
        plan.draws.append(picture)
      }
      next.append(picture)
    }
    for index in kept.indices where !survivors.contains(index) {
      // Gone from where the scroll left it; for sixel and iTerm2 also where it was.
      dead.append(kept[index])
    }

    // kitty: placements that go; sixel and iTerm2: cells with stale pixels.
    var staleCells = Set<Int>()
    for picture in dead {
      switch picture.image.format {
      case .kitty:
        plan.before += wrapped(
          KittyGraphics.deletePlacement(id: picture.image.id, placementID: picture.placementID))
      case .sixel, .iterm2:
        guard old != nil else { continue }  // the full clear erased it
        Self.addCells(of: picture, to: &staleCells, frame: new)
        if let scroll, scroll.count != 0 {
          var moved = picture
          moved.placement.y -= scroll.count
          Self.addCells(of: moved, to: &staleCells, frame: new, within: scroll.top...scroll.bottom)
        }
      case .kittyPlaceholder:
        break
      }
    }
    if !staleCells.isEmpty {
      // Cells a picture now shows on are painted by it, not erased.
      for picture in next where picture.image.format != .kitty {
        var covered = Set<Int>()
        Self.addCells(of: picture, to: &covered, frame: new)
        staleCells.subtract(covered)
      }
      plan.dirty = staleCells.sorted()
    }

    // kitty storage: transmit what is shown and not held; free what was let go.
    // A full redraw's clear (ED 2) makes kitty drop every placement and image.
    if old == nil {
      stored = [:]
      forgotten = []
    }
    var inFrame = Set<UInt32>()
    for placement in new.images
    where placement.image.format == .kitty || placement.image.format == .kittyPlaceholder {
      inFrame.insert(placement.image.id)
    }
    for id in forgotten.subtracting(inFrame) where stored[id] != nil {
      plan.before += wrapped(KittyGraphics.deleteImage(id: id))
      stored[id] = nil
    }
    forgotten.formIntersection(inFrame)
    var transmitted = Set<UInt32>()
    let needed =
      new.images.filter { $0.image.format == .kittyPlaceholder }.map(\.image)
      + plan.draws.map(\.image).filter { $0.format == .kitty }
    for image in needed
    where stored[image.id]?.image != ObjectIdentifier(image) && !transmitted.contains(image.id) {
      // A new id, or an id used again for another encoding (kitty replaces it).
      plan.transmissions += wrapped(image.payload)
      transmitted.insert(image.id)
      stored[image.id] = StoredImage(
        image: ObjectIdentifier(image), bytes: image.pixelWidth * image.pixelHeight * 4,
        lastUse: frameCount)
    }
    for id in inFrame { stored[id]?.lastUse = frameCount }
    var total = stored.values.reduce(0) { $0 + $1.bytes }
    while total > storageBudget,
      let oldest = stored.filter({ !inFrame.contains($0.key) }).min(by: {
        $0.value.lastUse < $1.value.lastUse
      })
    {
      plan.before += wrapped(KittyGraphics.deleteImage(id: oldest.key))
      total -= oldest.value.bytes
      stored[oldest.key] = nil
    }
    shown = next
    return plan
  }

  /// Whether `kept` (on screen, after the scroll) already shows `picture` as
  /// the new frame wants it.
  static func stays(
    _ kept: ShownImage, as picture: ShownImage, old: Frame, new: Frame, scroll: FrameDiff.Scroll?
  ) -> Bool {
    guard kept == picture else { return false }
    guard picture.image.format != .kitty else { return true }
    // sixel, iTerm2: every cell the picture shows on now showed it before
    // (text over a cell erased its pixels; uncovering needs the picture again).
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

  /// Adds the cell indices `picture` covers (clipped to `frame` and `rows`).
  static func addCells(
    of picture: ShownImage, to cells: inout Set<Int>, frame: Frame,
    within rows: ClosedRange<Int>? = nil
  ) {
    let top = max(picture.top, rows?.lowerBound ?? 0, 0)
    let bottom = min(
      picture.top + picture.rows, (rows?.upperBound ?? Int.max - 1) + 1, frame.height)
    let left = max(0, picture.left)
    let right = min(frame.width, picture.left + picture.columns)
    guard top < bottom, left < right else { return }
    for row in top..<bottom {
      for column in left..<right { cells.insert(row * frame.width + column) }
    }
  }

  /// The bytes that draw `picture` at its place (the cursor is then unknown).
  func drawing(_ picture: ShownImage) -> [UInt8] {
    var out: [UInt8] = []
    ANSIWriter.appendCursorPosition(x: picture.left, y: picture.top, to: &out)
    let image = picture.image
    switch image.format {
    case .sixel, .iterm2:
      out += image.payload
    case .kitty:
      let cellWidth = image.pixelWidth / max(1, image.columns)
      let cellHeight = image.pixelHeight / max(1, image.rows)
      out += wrapped(
        KittyGraphics.placement(
          id: image.id, placementID: picture.placementID, x: picture.cropX * cellWidth,
          y: picture.cropY * cellHeight, width: picture.columns * cellWidth,
          height: picture.rows * cellHeight, columns: picture.columns, rows: picture.rows))
    case .kittyPlaceholder:
      break
    }
    return out
  }

  /// kitty commands, each in tmux passthrough when asked.
  func wrapped(_ commands: [UInt8]) -> [UInt8] {
    guard tmuxPassthrough else { return commands }
    var out: [UInt8] = []
    var start = 0
    var index = 0
    // Split after each ST (ESC \), so no passthrough holds more than one chunk.
    while index + 1 < commands.count {
      if commands[index] == 0x1B && commands[index + 1] == UInt8(ascii: "\\") {
        out += TmuxPassthrough.wrap(commands[start..<(index + 2)])
        start = index + 2
        index += 2
      } else {
        index += 1
      }
    }
    if start < commands.count { out += TmuxPassthrough.wrap(commands[start...]) }
    return out
  }
}
