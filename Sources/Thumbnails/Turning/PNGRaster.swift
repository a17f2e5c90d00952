import CImageCodecs
import Pictures

/// A PNG's pixels exactly as stored, one pixel to `pixelBytes` bytes (samples under eight
/// bits get a byte each), with what it takes to store them again in the same form: the
/// raw side of turning a PNG by its pixels, with no colour conversion, so nothing is lost.
struct PNGRaster {
  /// What `IHDR` says of the pixels.
  struct Header: Equatable {
    var width: Int
    var height: Int
    let bitDepth: Int
    let colorType: Int
    let interlaced: Bool

    /// The header in `data` (an `IHDR` chunk's 13 bytes).
    ///
    /// - Throws: `.malformed` for a size of zero, a depth the colour type does not take, or
    ///   a method PNG does not define.
    init(_ bytes: [UInt8], data: Range<Int>) throws(OrientationRewriteError) {
      guard data.count == 13 else { throw .malformed("its IHDR chunk is not 13 bytes long") }
      let at = data.lowerBound
      width = PNGChunks.number(bytes, at: at)
      height = PNGChunks.number(bytes, at: at + 4)
      bitDepth = Int(bytes[at + 8])
      colorType = Int(bytes[at + 9])
      let depths: [Int: [Int]] = [
        0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
      ]
      guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF,
        depths[colorType]?.contains(bitDepth) == true, bytes[at + 10] == 0, bytes[at + 11] == 0,
        bytes[at + 12] <= 1
      else { throw .malformed("its IHDR chunk names no picture PNG defines") }
      interlaced = bytes[at + 12] == 1
    }

    /// The 13 bytes of an `IHDR` for this header, never interlaced.
    var data: [UInt8] {
      PNGChunks.bigEndian(UInt32(width)) + PNGChunks.bigEndian(UInt32(height))
        + [UInt8(bitDepth), UInt8(colorType), 0, 0, 0]
    }

    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1 }
    var bitsPerPixel: Int { channels * bitDepth }
    /// Bytes a pixel takes once unpacked.
    var pixelBytes: Int { bitDepth < 8 ? 1 : bitsPerPixel / 8 }
    /// The distance a filter looks back, in bytes.
    var filterStep: Int { max(1, bitsPerPixel / 8) }
    func rowBytes(_ width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }
  }

  var header: Header
  /// Row after row, `pixelBytes` a pixel.
  var pixels: [UInt8]

  /// Adam7's seven passes: the first column and row, and the steps between.
  private static let passes: [(x: Int, y: Int, dx: Int, dy: Int)] = [
    (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
    (0, 1, 1, 2),
  ]

  /// The pixels of `header` from `compressed`, the `IDAT` chunks' data joined.
  ///
  /// - Throws: `.malformed` when the data does not inflate to exactly the picture's
  ///   size, or a row names a filter PNG does not define.
  init(header: Header, compressed: [UInt8]) throws(OrientationRewriteError) {
    self.header = header
    let layout: [(pass: (x: Int, y: Int, dx: Int, dy: Int), width: Int, height: Int)] =
      header.interlaced
      ? Self.passes.map { pass in
        (
          pass, header.width > pass.x ? (header.width - pass.x + pass.dx - 1) / pass.dx : 0,
          header.height > pass.y ? (header.height - pass.y + pass.dy - 1) / pass.dy : 0
        )
      } : [((0, 0, 1, 1), header.width, header.height)]
    let expected = layout.reduce(0) { total, part in
      part.width == 0 || part.height == 0
        ? total : total + part.height * (1 + header.rowBytes(part.width))
    }
    var raw = [UInt8](repeating: 0, count: expected)
    let status = compressed.withUnsafeBufferPointer { input in
      raw.withUnsafeMutableBufferPointer { output in
        gallery_zlib_uncompress(
          input.baseAddress, UInt(input.count), output.baseAddress, UInt(output.count))
      }
    }
    guard status == 0 else { throw .malformed("its image data does not inflate to its size") }
    let pixelBytes = header.pixelBytes
    var pixels = [UInt8](repeating: 0, count: header.width * header.height * pixelBytes)
    var offset = 0
    for part in layout where part.width > 0 && part.height > 0 {
      let rowBytes = header.rowBytes(part.width)
      var previous = [UInt8](repeating: 0, count: rowBytes)
      for row in 0..<part.height {
        var line = Array(raw[(offset + 1)..<(offset + 1 + rowBytes)])
        try Self.unfilter(&line, kind: raw[offset], previous: previous, step: header.filterStep)
        offset += 1 + rowBytes
        let y = part.pass.y + row * part.pass.dy
        for column in 0..<part.width {
          let x = part.pass.x + column * part.pass.dx
          let to = (y * header.width + x) * pixelBytes
          if header.bitDepth < 8 {
            let bit = column * header.bitDepth
            let shift = 8 - header.bitDepth - bit % 8
            pixels[to] = (line[bit / 8] >> shift) & UInt8((1 << header.bitDepth) - 1)
          } else {
            let from = column * pixelBytes
            for index in 0..<pixelBytes { pixels[to + index] = line[from + index] }
          }
        }
        previous = line
      }
    }
    self.pixels = pixels
  }

  /// The pixels as the data of `IDAT` chunks: rows packed, filtered and deflated, never
  /// interlaced.
  ///
  /// - Throws: `.malformed` when zlib fails (it does not on memory it was given).
  func compressed() throws(OrientationRewriteError) -> [UInt8] {
    let rowBytes = header.rowBytes(header.width)
    let pixelBytes = header.pixelBytes
    // Palette and packed pictures compress best unfiltered, as libpng leaves them.
    let adaptive = header.colorType != 3 && header.bitDepth >= 8
    var raw: [UInt8] = []
    raw.reserveCapacity(header.height * (rowBytes + 1))
    var previous = [UInt8](repeating: 0, count: rowBytes)
    for y in 0..<header.height {
      var line = [UInt8](repeating: 0, count: rowBytes)
      let start = y * header.width * pixelBytes
      if header.bitDepth < 8 {
        for x in 0..<header.width {
          let bit = x * header.bitDepth
          line[bit / 8] |= pixels[start + x] << (8 - header.bitDepth - bit % 8)
        }
      } else {
        line = Array(pixels[start..<(start + rowBytes)])
      }
      let (kind, filtered) =
        adaptive
        ? Self.bestFilter(line, previous: previous, step: header.filterStep) : (0, line)
      raw.append(kind)
      raw += filtered
      previous = line
    }
    let capacity = Int(gallery_zlib_bound(UInt(raw.count)))
    var output = [UInt8](repeating: 0, count: capacity)
    let size = raw.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        gallery_zlib_compress(
          input.baseAddress, UInt(input.count), out.baseAddress, UInt(capacity), 9)
      }
    }
    guard size >= 0 else { throw .malformed("zlib could not compress its pixels") }
    output.removeSubrange(size...)
    return output
  }

  /// The pixels shown as `orientation` asks of the stored picture (`OrientedPixels`, as
  /// the decoder turns them upright): what was shown is now stored.
  func oriented(_ orientation: ExifOrientation) -> PNGRaster {
    let code = orientation.rawValue
    guard code != 1 else { return self }
    let (out, width, height) = OrientedPixels.reoriented(
      pixels, width: header.width, height: header.height, bytesPerPixel: header.pixelBytes,
      orientation: code)
    var turned = self
    turned.header.width = width
    turned.header.height = height
    turned.pixels = out
    return turned
  }

  /// Takes PNG's filter `kind` off `line`, given the row above unfiltered.
  private static func unfilter(_ line: inout [UInt8], kind: UInt8, previous: [UInt8], step: Int)
    throws(OrientationRewriteError)
  {
    switch kind {
    case 0: return
    case 1: for i in step..<max(step, line.count) { line[i] &+= line[i - step] }
    case 2: for i in 0..<line.count { line[i] &+= previous[i] }
    case 3:
      for i in 0..<line.count {
        let left = i >= step ? Int(line[i - step]) : 0
        line[i] &+= UInt8((left + Int(previous[i])) / 2)
      }
    case 4:
      for i in 0..<line.count {
        let left = i >= step ? line[i - step] : 0
        let corner = i >= step ? previous[i - step] : 0
        line[i] &+= paeth(left, previous[i], corner)
      }
    default: throw .malformed("a row names a filter PNG does not define")
    }
  }

  /// The filter that leaves the smallest sum of absolute values (libpng's heuristic),
  /// and the row filtered by it.
  private static func bestFilter(_ line: [UInt8], previous: [UInt8], step: Int) -> (
    UInt8, [UInt8]
  ) {
    var best: (kind: UInt8, row: [UInt8], cost: Int)?
    for kind in UInt8(0)...4 {
      var row = line
      for i in 0..<line.count {
        let left = i >= step ? line[i - step] : 0
        let up = previous[i]
        let corner = i >= step ? previous[i - step] : 0
        let predicted: UInt8 =
          switch kind {
          case 0: 0
          case 1: left
          case 2: up
          case 3: UInt8((Int(left) + Int(up)) / 2)
          default: paeth(left, up, corner)
          }
        row[i] = line[i] &- predicted
      }
      let cost = row.reduce(0) { $0 + ($1 < 128 ? Int($1) : 256 - Int($1)) }
      if best.map({ cost < $0.cost }) ?? true { best = (kind, row, cost) }
    }
    return best.map { ($0.kind, $0.row) } ?? (0, line)
  }

  private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let p = Int(a) + Int(b) - Int(c)
    let (pa, pb, pc) = (abs(p - Int(a)), abs(p - Int(b)), abs(p - Int(c)))
    if pa <= pb, pa <= pc { return a }
    return pb <= pc ? b : c
  }
}
