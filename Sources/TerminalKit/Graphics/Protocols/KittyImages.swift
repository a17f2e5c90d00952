/// kitty's graphics protocol: images transmitted once by id and held by the terminal,
/// then placed (and placed again) by placement; pictures drawn above text.
///
/// - Shown: the part inside the frame, cropped with the placement's source rectangle;
///   rows and columns at its edges that text covers entirely are cropped off too (a
///   status line over its last row). A picture with covered cells inside what remains is
///   not shown until they clear.
/// - A scroll region that touches a placement deletes it before the scroll; it is placed
///   again after.
/// - Unicode placeholders: the cells show the picture; only its transmission is tracked.
/// - Storage: what the terminal holds is tracked by id, with the decoded bytes; past
///   `budget` the least recently shown images not on screen are deleted, and one whose
///   encoding left the gallery's cache (`forget`) with the next frame that does not show
///   it. A full redraw's clear (ED 2) makes kitty drop every placement and image.
struct KittyImages: Sendable {
  /// The most decoded bytes (width × height × 4 an image) kept stored in the terminal.
  var budget: Int
  /// Wrap commands in tmux passthrough (inside tmux, for placeholders).
  var tmuxPassthrough = false
  /// How images travel: direct, or by temporary files kitty reads.
  var transfer = KittyTransfer.direct
  /// Files named so far, for the next file's name.
  private var fileCount = 0
  /// Images the terminal holds: which encoding, decoded bytes, last frame used.
  private(set) var stored: [UInt32: Stored] = [:]
  private var forgotten: Set<UInt32> = []

  struct Stored: Sendable {
    var image: ObjectIdentifier
    var bytes: Int
    var lastUse: UInt64
  }

  init(budget: Int) { self.budget = budget }

  /// How `placement` shows in `frame`: cropped to the frame and to the rows and columns
  /// it owns at its edges; nil when covered cells remain inside.
  static func shown(_ placement: ImagePlacement, in frame: Frame) -> ShownImage? {
    let image = placement.image
    let (x, y) = (placement.x, placement.y)
    var left = max(0, x)
    var top = max(0, y)
    var right = min(frame.width, x + image.columns)
    var bottom = min(frame.height, y + image.rows)
    guard left < right, top < bottom else { return nil }
    func owned(_ column: Int, _ row: Int) -> Bool {
      ShownImage.owns(placement, frame, column: column, row: row)
    }
    func rowOwned(_ row: Int) -> Bool { (left..<right).contains { owned($0, row) } }
    func columnOwned(_ column: Int) -> Bool { (top..<bottom).contains { owned(column, $0) } }
    while top < bottom && !rowOwned(top) { top += 1 }
    while bottom > top && !rowOwned(bottom - 1) { bottom -= 1 }
    while left < right && !columnOwned(left) { left += 1 }
    while right > left && !columnOwned(right - 1) { right -= 1 }
    guard top < bottom, left < right else { return nil }
    for row in top..<bottom {
      for column in left..<right where !owned(column, row) { return nil }
    }
    return ShownImage(
      placement: placement, cropX: left - x, cropY: top - y, columns: right - left,
      rows: bottom - top)
  }

  /// kitty's placement id for a picture: one per screen position, so the same picture can
  /// show twice (a favourite in two sections).
  static func placementID(_ picture: ShownImage) -> UInt32 {
    let placement = picture.placement
    return UInt32(truncatingIfNeeded: (placement.y & 0xFFF) << 12 | (placement.x & 0xFFF)) + 1
  }

  /// The command that removes `picture`'s placement.
  func removal(_ picture: ShownImage) -> [UInt8] {
    wrapped(
      KittyGraphics.deletePlacement(id: picture.image.id, placementID: Self.placementID(picture)))
  }

  /// The command that places `picture` where the cursor is, its shown part cut out of the
  /// image's pixels.
  func drawing(_ picture: ShownImage) -> [UInt8] {
    let image = picture.image
    let cellWidth = image.pixelWidth / max(1, image.columns)
    let cellHeight = image.pixelHeight / max(1, image.rows)
    return wrapped(
      KittyGraphics.placement(
        id: image.id, placementID: Self.placementID(picture), x: picture.cropX * cellWidth,
        y: picture.cropY * cellHeight, width: picture.columns * cellWidth,
        height: picture.rows * cellHeight, columns: picture.columns, rows: picture.rows))
  }

  /// After kitty answered that it could not load image `id` (its file unread: a terminal
  /// on another machine, a full disk): the image is not held, and every image from now on
  /// is sent directly.
  mutating func transferFailed(_ id: UInt32) {
    stored[id] = nil
    transfer = .direct
  }

  /// Frees image `id` with the next frame that does not show it.
  mutating func forget(_ id: UInt32) {
    if stored[id] != nil { forgotten.insert(id) }
  }

  /// The commands that delete every image held; afterwards none is.
  mutating func releaseAll() -> [UInt8] {
    var out: [UInt8] = []
    for id in stored.keys.sorted() { out += wrapped(KittyGraphics.deleteImage(id: id)) }
    reset()
    return out
  }

  /// Forgets everything the terminal was thought to hold.
  mutating func reset() {
    stored = [:]
    forgotten = []
  }

  /// What frame `frameNumber` (showing `frame`, after a full clear when `cleared`, drawing
  /// `draws`) needs of the terminal's storage: deletions of images let go (into
  /// `plan.before`), transmissions of those shown and not held (`plan.transmissions`),
  /// and deletions past the budget of the least recently shown.
  mutating func updateStorage(
    for frame: Frame, draws: [ShownImage], cleared: Bool, frameNumber: UInt64,
    into plan: inout ImagePlan
  ) {
    if cleared { reset() }
    var inFrame = Set<UInt32>()
    for placement in frame.images where placement.image.format.isKitty {
      inFrame.insert(placement.image.id)
    }
    for id in forgotten.subtracting(inFrame) where stored[id] != nil {
      plan.before += wrapped(KittyGraphics.deleteImage(id: id))
      stored[id] = nil
    }
    forgotten.formIntersection(inFrame)
    var transmitted = Set<UInt32>()
    let needed =
      frame.images.filter { $0.image.format == .kittyPlaceholder }.map(\.image)
      + draws.map(\.image).filter { $0.format == .kitty }
    for image in needed
    where stored[image.id]?.image != ObjectIdentifier(image) && !transmitted.contains(image.id) {
      // A new id, or an id used again for another encoding (kitty replaces it).
      if case .temporaryFile(let prefix) = transfer, let pixels = image.kittyPixels {
        let path = prefix + String(fileCount)
        fileCount += 1
        plan.files.append(KittyFile(path: path, bytes: pixels.data))
        plan.transmissions += wrapped(
          KittyGraphics.fileTransmission(
            id: image.id, width: image.pixelWidth, height: image.pixelHeight, pixels: pixels,
            path: path,
            virtualPlacement: image.format == .kittyPlaceholder ? (image.columns, image.rows) : nil
          ))
      } else {
        plan.transmissions += wrapped(image.payload)
      }
      transmitted.insert(image.id)
      stored[image.id] = Stored(
        image: ObjectIdentifier(image), bytes: image.pixelWidth * image.pixelHeight * 4,
        lastUse: frameNumber)
    }
    for id in inFrame { stored[id]?.lastUse = frameNumber }
    var total = stored.values.reduce(0) { $0 + $1.bytes }
    while total > budget,
      let oldest = stored.filter({ !inFrame.contains($0.key) }).min(by: {
        $0.value.lastUse < $1.value.lastUse
      })
    {
      plan.before += wrapped(KittyGraphics.deleteImage(id: oldest.key))
      total -= oldest.value.bytes
      stored[oldest.key] = nil
    }
  }

  /// Commands, each in tmux passthrough when asked.
  func wrapped(_ commands: [UInt8]) -> [UInt8] {
    tmuxPassthrough ? TmuxPassthrough.wrapEach(commands) : commands
  }
}

extension TerminalImage.Format {
  /// Whether kitty holds the image (placed, or shown by placeholders).
  public var isKitty: Bool { self == .kitty || self == .kittyPlaceholder }
}
