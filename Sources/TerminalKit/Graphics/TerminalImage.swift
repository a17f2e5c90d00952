/// A picture encoded for one graphics protocol, ready to write: shared between
/// frames by reference, never copied.
///
/// An image is the same image only as the same object: the encoder's cache
/// hands out one object per encoding, so comparing frames is a pointer
/// comparison, and an id used again for another encoding is never mistaken
/// for the old one. `id` is the kitty image id (1 to 2^24 − 1; at most 255
/// for placeholders in 256-colour mode, whose colour names the image) and
/// names the picture's marker cells; images on screen at once need distinct ids.
public final class TerminalImage: Hashable, Sendable, CustomStringConvertible {
  /// How the image reaches the terminal.
  public enum Format: String, Hashable, Sendable, CaseIterable {
    /// kitty, transmitted once by id, shown by placements (`a=p`).
    case kitty
    /// kitty, transmitted once with a virtual placement (`U=1`), shown by
    /// placeholder cells in the frame.
    case kittyPlaceholder
    /// A sixel DCS string, drawn at the cursor each time it is shown.
    case sixel
    /// An iTerm2 `OSC 1337;File=` sequence, drawn at the cursor each time.
    case iterm2
  }

  public let id: UInt32
  public let format: Format
  /// The cells the image covers.
  public let columns: Int
  public let rows: Int
  /// Its size in pixels (columns × cell width, rows × cell height when encoded
  /// for a tile).
  public let pixelWidth: Int
  public let pixelHeight: Int
  /// sixel and iTerm2: the sequence that draws the image at the cursor. kitty:
  /// the transmission (`a=t` chunks, and for placeholders the virtual
  /// placement), written once per id; made from `kittyPixels` when it is asked for, so
  /// the pixels are held once, not also in base64 (O(bytes) each time).
  public var payload: [UInt8] {
    guard let kittyPixels else { return sequence }
    return KittyGraphics.transmission(
      id: id, width: pixelWidth, height: pixelHeight, format: kittyPixels.format,
      data: kittyPixels.data, compressed: kittyPixels.compressed,
      virtualPlacement: format == .kittyPlaceholder ? (columns, rows) : nil)
  }
  /// The payload as given: all of it but for kitty images made from their pixels.
  private let sequence: [UInt8]
  /// Whether the image was made from a picture's small embedded preview, to be replaced
  /// by one made from the picture itself.
  public let isPreview: Bool
  /// kitty: the pixels `payload` carries, which a transmission by file writes instead
  /// (`KittyTransfer.temporaryFile`); nil for the other protocols, and for kitty images
  /// given as their transmission.
  public let kittyPixels: KittyPixels?
  /// Whether every pixel is painted: false with a transparent letterbox, whose cells must
  /// be cleared of an older picture's pixels before a sixel or iTerm2 image is drawn.
  public let isOpaque: Bool

  /// An image drawn by `payload`; a kitty image with `kittyPixels` is transmitted from
  /// them, and `payload` is not used.
  public init(
    id: UInt32, format: Format, columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int,
    payload: [UInt8], isPreview: Bool = false, kittyPixels: KittyPixels? = nil,
    isOpaque: Bool = true
  ) {
    self.isOpaque = isOpaque
    self.isPreview = isPreview
    self.kittyPixels = kittyPixels
    self.id = id
    self.format = format
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    sequence = kittyPixels == nil ? payload : []
  }

  /// The memory it takes, in bytes (for caches).
  public var byteCount: Int { sequence.count + (kittyPixels?.data.count ?? 0) + 96 }

  /// Whether drawing it needs placement bookkeeping (everything but placeholders).
  public var isPlaced: Bool { format != .kittyPlaceholder }

  public static func == (lhs: TerminalImage, rhs: TerminalImage) -> Bool { lhs === rhs }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  public var description: String {
    "\(format.rawValue) image \(id) \(columns)x\(rows) cells, \(byteCount - 96) bytes"
  }
}

/// A picture put into a frame at a cell position (its top-left cell; may lie
/// partly or wholly off the frame).
public struct ImagePlacement: Hashable, Sendable {
  public var image: TerminalImage
  public var x: Int
  public var y: Int

  public init(image: TerminalImage, x: Int, y: Int) {
    self.image = image
    self.x = x
    self.y = y
  }
}

extension Cell {
  /// The cell a placed picture leaves in the frame where it shows: a private-use
  /// character naming the picture's row (U+F0000 + row) in a style naming its
  /// id. Never written as is: a writer draws the picture, or a blank.
  ///
  /// Rows of one picture differ, so the scroll detector matches a moved picture's
  /// rows like any other content.
  public static func imageMarker(imageID: UInt32, row: Int) -> Cell {
    let scalar = Unicode.Scalar(0xF0000 + UInt32(row % 0xFFFE)) ?? " "
    return Cell(
      Character(scalar),
      style: Style(
        foreground: .rgb(
          UInt8(truncatingIfNeeded: imageID >> 16), UInt8(truncatingIfNeeded: imageID >> 8),
          UInt8(truncatingIfNeeded: imageID))))
  }

  /// Whether this cell is a picture's marker (see `imageMarker`).
  @inlinable public var isImageMarker: Bool {
    guard let value = character?.unicodeScalars.first?.value else { return false }
    return Self.imageMarkerScalars.contains(value)
  }

  /// The scalars of picture markers: plane 15's private use area. Text from outside that
  /// holds one is escaped (`TextSanitizer`), or a writer would take it for a picture.
  public static let imageMarkerScalars: Range<UInt32> = 0xF0000..<0xFFFFE
}

extension Frame {
  /// Puts `image` with its top-left cell at (x, y).
  ///
  /// The cells it covers (clipped to the frame) become its markers, or for a
  /// placeholder image its placeholder cells; whatever is drawn over them
  /// afterwards (a focus ring, a label, an overlay) covers the picture there,
  /// and text always wins. How a writer shows a picture that is partly covered
  /// or partly off the frame depends on the protocol (see `ImageWriter`).
  /// O(cells covered).
  public mutating func place(_ image: TerminalImage, x: Int, y: Int) {
    images.append(ImagePlacement(image: image, x: x, y: y))
    let top = max(0, y)
    let bottom = min(height, y + image.rows)
    let left = max(0, x)
    let right = min(width, x + image.columns)
    guard top < bottom, left < right else { return }
    for row in top..<bottom {
      let marker = Cell.imageMarker(imageID: image.id, row: row - y)
      for column in left..<right {
        if image.format == .kittyPlaceholder {
          let cell = KittyPlaceholder.cell(imageID: image.id, row: row - y, column: column - x)
          setCell(cell ?? .blank, x: column, y: row)
        } else {
          setCell(marker, x: column, y: row)
        }
      }
    }
  }
}
