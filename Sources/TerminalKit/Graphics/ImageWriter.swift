/// What the terminal shows of the pictures, and what it holds: the image half of writing
/// frames. Pure; `ANSIWriter.update(from:to:scrolling:)` drives it.
///
/// A picture on screen is one unit. Each frame, every picture the new frame shows is
/// matched against what the screen shows (after the frame's scroll): the same image at
/// the same cells, showing the same part, with no cell that text covered before now
/// uncovered. A match is left alone; anything else is drawn again, and a picture that no
/// longer matches is removed first. How a picture shows, moves with a scroll, is removed
/// and is drawn is its protocol's: `KittyImages` (placed by id, above text; the images
/// the terminal holds) and `CellPixelImages` (sixel and iTerm2: pixels in the cells,
/// erased by text). What is shared is here: the matching, and which cells to rewrite.
///
/// A full redraw clears the screen (ED 2), which in kitty also drops every placement and
/// stored image: they are transmitted again as needed.
public struct ImageWriter: Sendable {
  /// Wrap kitty commands in tmux passthrough (inside tmux, for placeholders).
  public var tmuxPassthrough: Bool {
    get { kitty.tmuxPassthrough }
    set { kitty.tmuxPassthrough = newValue }
  }
  /// The most decoded bytes (width × height × 4 per image) kept stored in a kitty
  /// terminal; past it the least recently shown images not on screen are deleted.
  /// kitty's own quota is 320 MB.
  public var storageBudget: Int {
    get { kitty.budget }
    set { kitty.budget = newValue }
  }

  /// How kitty images travel: directly, or by temporary files a kitty on the same
  /// machine reads (after the probe showed it does).
  public var kittyTransfer: KittyTransfer {
    get { kitty.transfer }
    set { kitty.transfer = newValue }
  }

  /// kitty could not load image `id` (an answer `ESC _ G i=ID;E…`): it is sent again,
  /// directly, with the next frame that shows it, and every later image too. The caller
  /// repaints so that frame comes.
  public mutating func transferFailed(imageID id: UInt32) {
    kitty.transferFailed(id)
    shown.removeAll { $0.image.id == id }
  }

  /// Whether sixel and iTerm2 pictures stay under text written over them, as in Konsole,
  /// which keeps them on a layer of their own: a picture that goes is then deleted by
  /// kitty's command for the pictures on a cell (`a=d,d=p`), which Konsole applies to
  /// them too, naming the picture's top-left cell as Konsole reads the command: 0-based.
  /// Not inside tmux, which would not pass it on.
  public var deletesCellPictures = false

  /// The pictures on screen now.
  private(set) var shown: [ShownImage] = []
  private var kitty: KittyImages
  private var frameCount: UInt64 = 0

  public init(tmuxPassthrough: Bool = false, storageBudget: Int = 192 << 20) {
    kitty = KittyImages(budget: storageBudget)
    kitty.tmuxPassthrough = tmuxPassthrough
  }

  /// Whether sixel or iTerm2 pictures are on screen: a frame is then written without a
  /// scroll (see `ANSIWriter.update(from:to:scrolling:)`).
  public var showsCellPixelPictures: Bool { shown.contains { !$0.image.format.isKitty } }

  /// Whether nothing is on screen or stored, so a frame without images needs no image
  /// work.
  public var isIdle: Bool { shown.isEmpty && kitty.stored.isEmpty }

  /// kitty image ids the terminal holds now.
  public var storedImageIDs: Set<UInt32> { Set(kitty.stored.keys) }

  /// Frees kitty image `id` in the terminal with the next frame that does not show it
  /// (its encoding left the cache). No effect for other protocols.
  public mutating func forget(imageID id: UInt32) { kitty.forget(id) }

  /// The bytes that delete every kitty image this writer stored (on leaving: the terminal
  /// would otherwise keep them in its memory). Afterwards the writer holds nothing.
  public mutating func releaseAll() -> [UInt8] {
    shown = []
    return kitty.releaseAll()
  }

  /// Forgets everything the terminal was thought to hold (it was reset, or another
  /// program used it).
  public mutating func reset() {
    shown = []
    kitty.reset()
  }

  /// How `placement` shows in `frame`, or nil when it does not (its protocol's rules).
  static func shown(_ placement: ImagePlacement, in frame: Frame) -> ShownImage? {
    let image = placement.image
    guard image.isPlaced, image.columns > 0, image.rows > 0 else { return nil }
    switch image.format {
    case .sixel, .iterm2: return CellPixelImages.shown(placement, in: frame)
    case .kitty: return KittyImages.shown(placement, in: frame)
    case .kittyPlaceholder: return nil
    }
  }

  /// Where `picture`'s pixels are after `scroll`; nil when the scroll broke it (a kitty
  /// placement the region touches, a sixel or iTerm2 picture not wholly inside the region
  /// before and after).
  static func carried(_ picture: ShownImage, by scroll: FrameDiff.Scroll?) -> ShownImage? {
    guard let scroll, scroll.count != 0 else { return picture }
    let bottom = picture.top + picture.rows - 1
    if bottom < scroll.top || picture.top > scroll.bottom { return picture }
    switch picture.image.format {
    case .kitty, .kittyPlaceholder: return nil
    case .sixel, .iterm2: return CellPixelImages.carried(picture, by: scroll)
    }
  }

  /// Decides what frame `new` needs over the screen (`old`: the frame on it, nil after a
  /// full clear).
  mutating func plan(old: Frame?, new: Frame, scroll: FrameDiff.Scroll?) -> ImagePlan {
    frameCount += 1
    var plan = ImagePlan()
    let wanted = new.images.compactMap { Self.shown($0, in: new) }
    // What the screen keeps, after the scroll.
    var kept: [ShownImage] = []
    var keptFrom: [ShownImage] = []  // where each kept picture was before the scroll
    var dead: [ShownImage] = []
    var gone: [ShownImage] = []  // the dead where they were before the scroll
    if old == nil {
      dead = shown
    } else {
      for picture in shown {
        if let moved = Self.carried(picture, by: scroll) {
          kept.append(moved)
          keptFrom.append(picture)
        } else {
          dead.append(picture)
          gone.append(picture)
        }
      }
    }
    let broken = dead.count  // the first `broken` of `dead`: a full clear or the scroll took them
    var survivors = Set<Int>()  // indices into `kept`
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
    }
    for index in kept.indices where !survivors.contains(index) {
      // Gone from where the scroll left it; for sixel and iTerm2 also where it was.
      dead.append(kept[index])
      gone.append(keptFrom[index])
    }
    if deletesCellPictures && old != nil {
      for picture in gone where !picture.image.format.isKitty {
        plan.before += KittyGraphics.command("a=d,d=p,x=\(picture.left),y=\(picture.top),q=2")
      }
    }
    plan.dirty = Self.staleCells(dead: dead, showing: wanted, old: old, new: new, scroll: scroll)
    // A kitty placement the scroll touches goes before the scroll. One replaced where the
    // scroll leaves it (the next frame of a video) goes after its successor is placed, so
    // the place is never empty while kitty works through the bytes; and not at all when the
    // new placement has its image and placement ids, which replaced it.
    for (index, picture) in dead.enumerated() where picture.image.format == .kitty {
      if index < broken {
        plan.before += kitty.removal(picture)
      } else if !plan.draws.contains(where: {
        $0.image.id == picture.image.id
          && KittyImages.placementID($0) == KittyImages.placementID(picture)
      }) {
        plan.after += kitty.removal(picture)
      }
    }
    kitty.updateStorage(
      for: new, draws: plan.draws, cleared: old == nil, frameNumber: frameCount, into: &plan)
    shown = wanted
    return plan
  }

  /// Whether `kept` (on screen, after the scroll) already shows `picture` as the new
  /// frame wants it.
  static func stays(
    _ kept: ShownImage, as picture: ShownImage, old: Frame, new: Frame, scroll: FrameDiff.Scroll?
  ) -> Bool {
    guard kept == picture else { return false }
    switch picture.image.format {
    case .kitty, .kittyPlaceholder: return true
    case .sixel, .iterm2:
      return CellPixelImages.stays(kept, as: picture, old: old, new: new, scroll: scroll)
    }
  }

  /// The cells to rewrite from the new frame, sorted: where sixel and iTerm2 pictures that
  /// go left pixels (none after a full clear), less those a picture of theirs now paints.
  static func staleCells(
    dead: [ShownImage], showing wanted: [ShownImage], old: Frame?, new: Frame,
    scroll: FrameDiff.Scroll?
  ) -> [Int] {
    guard old != nil else { return [] }
    var stale = Set<Int>()
    for picture in dead where picture.image.format == .sixel || picture.image.format == .iterm2 {
      CellPixelImages.staleCells(of: picture, frame: new, scroll: scroll, into: &stale)
    }
    guard !stale.isEmpty else { return [] }
    // What an opaque picture paints needs no clearing; a transparent letterbox would
    // show the old pixels.
    for picture in wanted where picture.image.format != .kitty && picture.image.isOpaque {
      var covered = Set<Int>()
      picture.addCells(to: &covered, frame: new)
      stale.subtract(covered)
    }
    return stale.sorted()
  }

  /// The bytes that draw `picture` at its place (the cursor is then unknown).
  func drawing(_ picture: ShownImage) -> [UInt8] {
    var out: [UInt8] = []
    ANSIWriter.appendCursorPosition(x: picture.left, y: picture.top, to: &out)
    switch picture.image.format {
    case .sixel, .iterm2: out += CellPixelImages.drawing(picture)
    case .kitty: out += kitty.drawing(picture)
    case .kittyPlaceholder: break
    }
    return out
  }

  /// kitty commands, each in tmux passthrough when asked.
  func wrapped(_ commands: [UInt8]) -> [UInt8] { kitty.wrapped(commands) }
}
