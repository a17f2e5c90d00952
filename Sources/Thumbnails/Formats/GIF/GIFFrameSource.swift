import CImageFormats
import Pictures

/// GIF frames through giflib, composited the way browsers do.
///
/// The canvas starts transparent (browsers ignore the background colour index);
/// each frame is drawn over it, skipping its transparent index, then disposed of
/// before the next one as its graphic control block says: left, cleared to
/// transparent, or restored to what was there before it. giflib reads from memory
/// through the shim's callback; every frame's size is checked before its indices
/// are allocated.
///
/// Memory (`cost`): three canvases of 4 bytes a pixel (the canvas, the copy kept for a
/// frame disposed of to the previous one, the copy the finishing composites), a frame's
/// indices (1 byte a pixel of its rectangle) and the finishing's shrunk copy.
final class GIFFrameSource: FrameSource {
  let canvasWidth: Int
  let canvasHeight: Int
  private(set) var loopCount = 0

  private let bytes: PinnedBytes
  private let source: UnsafeMutablePointer<gallery_gif_source>
  private let gif: UnsafeMutablePointer<GifFileType>
  private let limits: DecodeLimits
  /// What the canvases and the finishing hold, checked with each frame's indices.
  private let canvasCost: DecodeCost
  private var canvas: [UInt8]
  /// What the last frame leaves behind before the next is drawn.
  private var disposal: (mode: Int32, rect: FrameRect, saved: [UInt8]?)?
  private var ended = false

  struct FrameRect {
    var left: Int
    var top: Int
    var width: Int
    var height: Int
  }

  init(bytes: [UInt8], limits: DecodeLimits, finishing: Finishing) throws(ThumbnailError) {
    // The header and screen descriptor take 13 bytes.
    if bytes.count < 13 { throw .truncated }
    self.bytes = PinnedBytes(bytes)
    self.limits = limits
    source = .allocate(capacity: 1)
    source.initialize(to: gallery_gif_source(data: self.bytes.base, size: bytes.count, offset: 0))
    var error: Int32 = 0
    guard let gif = gallery_gif_open(source, &error) else {
      source.deallocate()
      throw Self.error(code: error)
    }
    self.gif = gif
    canvasWidth = Int(gif.pointee.SWidth)
    canvasHeight = Int(gif.pointee.SHeight)
    do {
      try limits.check(width: canvasWidth, height: canvasHeight)
      canvasCost = .whole(
        width: canvasWidth, height: canvasHeight, bytesPerPixel: 12,
        extra: finishing.extraBytes(width: canvasWidth, height: canvasHeight))
      try limits.check(canvasCost)
    } catch {
      gallery_gif_close(gif)
      source.deallocate()
      throw error
    }
    canvas = [UInt8](repeating: 0, count: canvasWidth * canvasHeight * 4)
  }

  deinit {
    gallery_gif_close(gif)
    source.deallocate()
  }

  func nextFrame() throws(ThumbnailError) -> RawFrame? {
    guard !ended else { return nil }
    var control = GraphicsControlBlock(
      DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
    var hasControl: Int32 = 0
    while true {
      var type = UNDEFINED_RECORD_TYPE
      guard DGifGetRecordType(gif, &type) == GIF_OK else { throw failure() }
      switch type {
      case IMAGE_DESC_RECORD_TYPE:
        guard DGifGetImageDesc(gif) == GIF_OK else { throw failure() }
        return try drawFrame(control: hasControl != 0 ? control : nil)
      case EXTENSION_RECORD_TYPE:
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        var loops = Int32(loopCount)
        guard DGifGetExtension(gif, &code, &block) == GIF_OK,
          gallery_gif_read_extension(gif, code, block, &control, &hasControl, &loops) == GIF_OK
        else { throw failure() }
        loopCount = Int(loops)
      case TERMINATE_RECORD_TYPE:
        ended = true
        return nil
      default:
        throw .corrupt("unknown GIF block")
      }
    }
  }

  private func drawFrame(control: GraphicsControlBlock?) throws(ThumbnailError) -> RawFrame {
    let descriptor = gallery_gif_image(gif)
    let rect = FrameRect(
      left: Int(descriptor.Left), top: Int(descriptor.Top), width: Int(descriptor.Width),
      height: Int(descriptor.Height))
    // A frame may claim up to 65535×65535 inside a small canvas; its indices are
    // decoded whole, so the claim is checked like a picture's, and its indices with
    // the canvases.
    try limits.check(width: rect.width, height: rect.height)
    // Named by the frame's size, which is what asks for the memory.
    try limits.check(
      DecodeCost(
        width: rect.width, height: rect.height, decodedWidth: rect.width,
        decodedHeight: rect.height,
        bytes: Saturating.sum(canvasCost.bytes, Saturating.product(rect.width, rect.height))))
    guard let palette = gallery_gif_palette(gif) else {
      throw .corrupt("a frame has no colour table")
    }
    applyDisposal()
    let mode = control?.DisposalMode ?? 0
    let saved = mode == DISPOSE_PREVIOUS ? canvas : nil

    var indices = [UInt8](repeating: 0, count: rect.width * rect.height)
    let rows = indices.withUnsafeMutableBufferPointer { buffer in
      gallery_gif_read_frame(
        gif, buffer.baseAddress, Int32(rect.width), Int32(rect.height), descriptor.Interlace ? 1 : 0
      )
    }
    let isPartial = Int(rows) < rect.height
    var colours = [UInt32](repeating: 0, count: 256)
    var known = [Bool](repeating: false, count: 256)
    for index in 0..<256 {
      let rgb = gallery_gif_colour(palette, Int32(index))
      if rgb >= 0 {
        colours[index] = UInt32(rgb)
        known[index] = true
      }
    }
    let transparent = Int(control?.TransparentColor ?? -1)
    draw(indices, in: rect, colours: colours, known: known, transparent: transparent)
    disposal = (mode, rect, saved)
    if isPartial { ended = true }
    return RawFrame(
      pixels: canvas, delay: Int(control?.DelayTime ?? 0) * 10, isPartial: isPartial)
  }

  /// Draws a frame's indices onto the canvas, clipped to it. Indices past the palette
  /// draw black, as browsers do.
  private func draw(
    _ indices: [UInt8], in rect: FrameRect, colours: [UInt32], known: [Bool], transparent: Int
  ) {
    let x0 = max(0, rect.left)
    let x1 = min(canvasWidth, rect.left + rect.width)
    let y0 = max(0, rect.top)
    let y1 = min(canvasHeight, rect.top + rect.height)
    guard x0 < x1, y0 < y1 else { return }
    let width = canvasWidth
    canvas.withUnsafeMutableBufferPointer { out in
      for y in y0..<y1 {
        let row = (y - rect.top) * rect.width - rect.left
        for x in x0..<x1 {
          let index = Int(indices[row + x])
          if index == transparent { continue }
          let rgb = known[index] ? colours[index] : 0
          let at = (y * width + x) * 4
          out[at] = UInt8(truncatingIfNeeded: rgb >> 16)
          out[at + 1] = UInt8(truncatingIfNeeded: rgb >> 8)
          out[at + 2] = UInt8(truncatingIfNeeded: rgb)
          out[at + 3] = 255
        }
      }
    }
  }

  /// Leaves the canvas as the previous frame's disposal asks, before the next frame.
  private func applyDisposal() {
    guard let disposal else { return }
    self.disposal = nil
    switch disposal.mode {
    case DISPOSE_BACKGROUND:
      let x0 = max(0, disposal.rect.left)
      let x1 = min(canvasWidth, disposal.rect.left + disposal.rect.width)
      let y0 = max(0, disposal.rect.top)
      let y1 = min(canvasHeight, disposal.rect.top + disposal.rect.height)
      guard x0 < x1, y0 < y1 else { return }
      for y in y0..<y1 {
        let from = (y * canvasWidth + x0) * 4
        canvas.replaceSubrange(
          from..<(from + (x1 - x0) * 4), with: repeatElement(0, count: (x1 - x0) * 4))
      }
    case DISPOSE_PREVIOUS:
      if let saved = disposal.saved { canvas = saved }
    default:
      break
    }
  }

  /// The error giflib recorded, as a `ThumbnailError`.
  private func failure() -> ThumbnailError {
    ended = true
    return Self.error(code: gif.pointee.Error)
  }

  static func error(code: Int32) -> ThumbnailError {
    switch code {
    case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON: .truncated
    case D_GIF_ERR_NOT_GIF_FILE: .unsupportedFormat
    default:
      .corrupt(GifErrorString(code).map { String(cString: $0) } ?? "GIF error \(code)")
    }
  }
}
