/// What a JPEG's frame header and first scan header say about the memory libjpeg-turbo
/// takes to decode it, besides the output: read before TurboJPEG decodes.
///
/// A progressive JPEG, or one whose first scan holds only some of the components, is
/// decoded through a buffer of every DCT coefficient of the picture at full size (two
/// bytes each, 64 a block), whatever the scale asked for: 3 bytes a pixel for 4:2:0, 6 for
/// 4:4:4, so a 12000×9000 progressive 4:4:4 picture needs 648 MB before its output. A
/// baseline picture with interleaved scans, what cameras and phones write, needs only a
/// few rows.
struct JPEGFrame: Sendable {
  /// Each component's sampling factors (1–4 in a valid file).
  var sampling: [(horizontal: Int, vertical: Int)]
  /// Whether libjpeg-turbo keeps the whole picture's coefficients: progressive, or a
  /// first scan of fewer components than the frame (its `has_multiple_scans`).
  var buffersCoefficients: Bool

  /// The worst a header TurboJPEG reads but this walk does not can ask for: four
  /// components at full resolution, buffered.
  static let worst = JPEGFrame(
    sampling: Array(repeating: (1, 1), count: 4), buffersCoefficients: true)

  /// Bytes of the coefficient buffer for a `width`×`height` picture (0 when there is
  /// none), as libjpeg-turbo sizes it: per component, its blocks rounded up to whole
  /// MCUs, 128 bytes a block. Saturating.
  func coefficientBytes(width: Int, height: Int) -> Int {
    guard buffersCoefficients, !sampling.isEmpty else { return 0 }
    let maxHorizontal = sampling.map(\.horizontal).max() ?? 1
    let maxVertical = sampling.map(\.vertical).max() ?? 1
    var total = 0
    for factors in sampling {
      let columns = Self.blocks(width, factors.horizontal, of: maxHorizontal)
      let rows = Self.blocks(height, factors.vertical, of: maxVertical)
      total = Saturating.sum(total, Saturating.product(columns, rows, 128))
    }
    return total
  }

  /// A component's blocks along a side of `pixels` (`jdiv_round_up(pixels × factor,
  /// maxFactor × 8)`), rounded up to a multiple of `factor`, as `jdcoefct.c` allocates.
  private static func blocks(_ pixels: Int, _ factor: Int, of maxFactor: Int) -> Int {
    let unit = Saturating.product(maxFactor, 8)
    let covered = Saturating.product(pixels, factor)
    let blocks = covered / unit + (covered % unit == 0 ? 0 : 1)
    return (blocks + factor - 1) / factor * factor
  }

  /// The first frame header and the first scan header of `bytes`, walked marker by
  /// marker as libjpeg does (bytes before a marker skipped, fill bytes stepped over);
  /// nil when either is missing or malformed. O(bytes up to the first scan).
  static func read(_ bytes: [UInt8]) -> JPEGFrame? {
    guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    var offset = 2
    var frame: (sampling: [(horizontal: Int, vertical: Int)], progressive: Bool)?
    while let (marker, at) = nextMarker(bytes, from: offset) {
      offset = at
      switch marker {
      case 0x01, 0xD0...0xD7:
        continue  // markers without a length
      case 0xD8, 0xD9:
        return nil  // a second start, or the end before any scan
      default:
        break
      }
      guard offset + 2 <= bytes.count else { return nil }
      let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
      guard length >= 2, offset + length <= bytes.count else { return nil }
      let body = bytes[(offset + 2)..<(offset + length)]
      if JPEGHead.isFrameHeader(marker) {
        guard frame == nil else { return nil }  // libjpeg refuses a second frame header
        frame = frameHeader(body, marker: marker)
        guard frame != nil else { return nil }
      } else if marker == 0xDA {
        guard let frame, let first = body.first else { return nil }
        let inScan = Int(first)
        return JPEGFrame(
          sampling: frame.sampling,
          buffersCoefficients: frame.progressive || inScan < frame.sampling.count)
      }
      offset += length
    }
    return nil
  }

  /// The marker code at or after `offset` and the offset just past it: any bytes that are
  /// not `0xFF` skipped, fill bytes (`0xFF` repeated) stepped over, `FF 00` not a marker.
  private static func nextMarker(_ bytes: [UInt8], from offset: Int) -> (UInt8, Int)? {
    var at = offset
    while at + 1 < bytes.count {
      guard bytes[at] == 0xFF else {
        at += 1
        continue
      }
      var code = at + 1
      while code < bytes.count, bytes[code] == 0xFF { code += 1 }
      guard code < bytes.count else { return nil }
      if bytes[code] != 0x00 { return (bytes[code], code + 1) }
      at = code + 1
    }
    return nil
  }

  /// Sampling factors and progression from a frame header's body (`P Y X Nf` then three
  /// bytes a component).
  private static func frameHeader(_ body: ArraySlice<UInt8>, marker: UInt8) -> (
    sampling: [(horizontal: Int, vertical: Int)], progressive: Bool
  )? {
    let start = body.startIndex
    guard body.count >= 6 else { return nil }
    let count = Int(body[start + 5])
    guard count > 0, body.count >= 6 + 3 * count else { return nil }
    var sampling: [(horizontal: Int, vertical: Int)] = []
    for component in 0..<count {
      let factors = body[start + 6 + 3 * component + 1]
      let horizontal = Int(factors >> 4)
      let vertical = Int(factors & 0x0F)
      // libjpeg refuses factors outside 1–4.
      guard (1...4).contains(horizontal), (1...4).contains(vertical) else { return nil }
      sampling.append((horizontal, vertical))
    }
    // SOF2, SOF6, SOF10 and SOF14 are progressive.
    let progressive = marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE
    return (sampling, progressive)
  }
}
