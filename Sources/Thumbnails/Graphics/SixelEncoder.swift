import Pictures

/// A sixel encoder for any number of colour registers: what libchafa 1.12 cannot do (it
/// builds at most 256 colours), for terminals that report more (foot and mlterm: 1024).
///
/// The palette is a median cut of the picture's colours at 5 bits a channel: the box of
/// colours with the most pixels times the widest channel is split at its median until
/// there are `registers` boxes, and each box's pixels take its mean colour (no
/// dithering: with hundreds of colours a photograph shows no bands worth its noise).
/// Transparent pixels (alpha below 128) are left unpainted over a transparent
/// background (`P2=1`), as libchafa's sixels leave them. O(pixels + registers × width
/// × bands) in the worst case; each band writes only the colours it holds, each over the
/// columns between its first and last pixel.
enum SixelEncoder {
  /// The sixel string (`DCS 0;1;0 q … ST`) of `image` in at most `registers` colours
  /// (2 to 4096).
  static func encode(_ image: PixelImage, registers: Int) -> [UInt8] {
    let registers = max(2, min(4096, registers))
    let (palette, indexOfBin) = Self.palette(image, registers: registers)
    var out: [UInt8] = Array("\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)".utf8)
    for (index, color) in palette.enumerated() {
      // Sixel colours are percentages.
      let (r, g, b) = (
        (Int(color.0) * 100 + 127) / 255, (Int(color.1) * 100 + 127) / 255,
        (Int(color.2) * 100 + 127) / 255
      )
      out += Array("#\(index);2;\(r);\(g);\(b)".utf8)
    }
    let width = image.width
    var rows = [[UInt8]](repeating: [], count: palette.count)
    var ranges = [(first: Int, last: Int)](repeating: (Int.max, -1), count: palette.count)
    var present: [Int] = []
    image.pixels.withUnsafeBufferPointer { pixels in
      for top in stride(from: 0, to: image.height, by: 6) {
        present.removeAll(keepingCapacity: true)
        for y in top..<min(top + 6, image.height) {
          let bit = UInt8(1 << (y - top))
          var at = y * width * 4
          for x in 0..<width {
            defer { at += 4 }
            guard pixels[at + 3] >= 128 else { continue }
            let color = Int(indexOfBin[Self.bin(pixels[at], pixels[at + 1], pixels[at + 2])])
            if ranges[color].last < 0 {
              present.append(color)
              if rows[color].count != width { rows[color] = [UInt8](repeating: 0, count: width) }
              ranges[color] = (x, x)
            } else {
              ranges[color].first = min(ranges[color].first, x)
              ranges[color].last = max(ranges[color].last, x)
            }
            rows[color][x] |= bit
          }
        }
        for (position, color) in present.enumerated() {
          out += Array("#\(color)".utf8)
          let (first, last) = ranges[color]
          if first > 0 { Self.run(0, count: first, into: &out) }
          var x = first
          while x <= last {
            let value = rows[color][x]
            var end = x + 1
            while end <= last && rows[color][end] == value { end += 1 }
            Self.run(value, count: end - x, into: &out)
            x = end
          }
          for x in first...last { rows[color][x] = 0 }
          ranges[color] = (Int.max, -1)
          // Back to the band's start for the next colour; the last one ends the band.
          if position < present.count - 1 { out.append(UInt8(ascii: "$")) }
        }
        if top + 6 < image.height { out.append(UInt8(ascii: "-")) }
      }
    }
    out += [0x1B, UInt8(ascii: "\\")]
    return out
  }

  /// `count` sixels of `bits`, run-length encoded past three (`!n`).
  static func run(_ bits: UInt8, count: Int, into out: inout [UInt8]) {
    let character = 0x3F + bits
    if count > 3 {
      out += Array("!\(count)".utf8)
      out.append(character)
    } else {
      for _ in 0..<count { out.append(character) }
    }
  }

  /// The histogram bin of a colour: 5 bits a channel.
  @inline(__always)
  static func bin(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
    Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
  }

  /// The median cut's palette (mean colours) and each histogram bin's palette index.
  static func palette(_ image: PixelImage, registers: Int) -> (
    [(UInt8, UInt8, UInt8)], [UInt16]
  ) {
    var counts = [Int](repeating: 0, count: 1 << 15)
    var sums = [(Int, Int, Int)](repeating: (0, 0, 0), count: 1 << 15)
    image.pixels.withUnsafeBufferPointer { pixels in
      var at = 0
      while at < pixels.count {
        if pixels[at + 3] >= 128 {
          let bin = Self.bin(pixels[at], pixels[at + 1], pixels[at + 2])
          counts[bin] += 1
          sums[bin].0 += Int(pixels[at])
          sums[bin].1 += Int(pixels[at + 1])
          sums[bin].2 += Int(pixels[at + 2])
        }
        at += 4
      }
    }
    var boxes: [[Int]] = [counts.indices.filter { counts[$0] > 0 }]
    if boxes[0].isEmpty { boxes = [[0]] }
    func channel(_ bin: Int, _ axis: Int) -> Int { (bin >> (10 - 5 * axis)) & 31 }
    func measure(_ box: [Int]) -> (score: Int, axis: Int) {
      var low = [31, 31, 31]
      var high = [0, 0, 0]
      var pixels = 0
      for bin in box {
        pixels += counts[bin]
        for axis in 0..<3 {
          low[axis] = min(low[axis], channel(bin, axis))
          high[axis] = max(high[axis], channel(bin, axis))
        }
      }
      let spans = (0..<3).map { high[$0] - low[$0] }
      let axis = spans.indices.max { spans[$0] < spans[$1] } ?? 0
      return (box.count > 1 ? pixels * spans[axis] : -1, axis)
    }
    var measures = boxes.map(measure)
    while boxes.count < registers,
      let widest = measures.indices.max(by: { measures[$0].score < measures[$1].score }),
      measures[widest].score > 0
    {
      let axis = measures[widest].axis
      let sorted = boxes[widest].sorted { channel($0, axis) < channel($1, axis) }
      // The median by pixels, leaving each half at least one bin.
      let total = sorted.reduce(0) { $0 + counts[$1] }
      var seen = 0
      var cut = 1
      for (index, bin) in sorted.enumerated() {
        seen += counts[bin]
        if seen * 2 >= total {
          cut = index + 1
          break
        }
      }
      cut = max(1, min(sorted.count - 1, cut))
      boxes[widest] = Array(sorted[..<cut])
      boxes.append(Array(sorted[cut...]))
      measures[widest] = measure(boxes[widest])
      measures.append(measure(boxes[boxes.count - 1]))
    }
    var indexOfBin = [UInt16](repeating: 0, count: 1 << 15)
    var palette: [(UInt8, UInt8, UInt8)] = []
    for (index, box) in boxes.enumerated() {
      var total = (0, 0, 0)
      var pixels = 0
      for bin in box {
        indexOfBin[bin] = UInt16(index)
        pixels += counts[bin]
        total.0 += sums[bin].0
        total.1 += sums[bin].1
        total.2 += sums[bin].2
      }
      let n = max(1, pixels)
      palette.append((UInt8(total.0 / n), UInt8(total.1 / n), UInt8(total.2 / n)))
    }
    return (palette, indexOfBin)
  }
}
