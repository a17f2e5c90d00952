import Foundation

/// A labelled set of JPEGs for measuring how well pictures are grouped by likeness: base
/// pictures of every kind of scene, each turned into a burst (shifted a few per cent,
/// exposed ±1/3 to 1 EV, recompressed at other qualities), a resized copy, a re-encoded
/// copy and an exact copy, among unrelated pictures of the same kinds.
///
/// Every file's label says which base it came from (nil for an unrelated picture) and
/// whether it is the exact copy of another file. Made from a seed: the same arguments
/// write the same bytes.
package struct LikenessSet: Sendable {
  /// One file of the set.
  package struct Member: Hashable, Sendable {
    /// The file's absolute path.
    package var path: String
    /// The base picture it was made from; nil for an unrelated picture.
    package var group: Int?
    /// The path of the file this one is a byte-for-byte copy of; nil for the others.
    package var copyOf: String?
  }

  /// The files, in the order written.
  package var members: [Member]

  /// The groups of near copies the set holds (each base's files, exact copies among
  /// them), as sets of paths.
  package var nearGroups: [Set<String>] {
    Dictionary(grouping: members.filter { $0.group != nil }, by: { $0.group ?? 0 })
      .values.map { Set($0.map(\.path)) }
  }

  /// The groups of exact copies (each exact copy with its original).
  package var exactGroups: [Set<String>] {
    members.compactMap { member in member.copyOf.map { [$0, member.path] } }
  }

  /// Writes the set into `folder` (which must exist): `bases` base pictures, each with a
  /// burst of `burst` frames besides itself and its three copies, and `unrelated`
  /// pictures alone, all `width`×`height` (the resized copy half that).
  package static func write(
    into folder: String, bases: Int, burst: Int = 5, unrelated: Int, width: Int, height: Int,
    seed: UInt64 = 40
  ) throws -> LikenessSet {
    var random = SplitMix64(seed: seed)
    var members: [Member] = []
    let kinds = MadeScene.Kind.allCases
    // The frame a burst's shifts are cut from: 3 % more on each side.
    let marginX = max(2, width * 3 / 100)
    let marginY = max(2, height * 3 / 100)
    func save(_ bytes: [UInt8], _ name: String, group: Int?, copyOf: String? = nil) throws {
      let path = folder + "/" + name
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      members.append(Member(path: path, group: group, copyOf: copyOf))
    }
    for base in 0..<bases {
      let scene = MadeScene(kind: kinds[base % kinds.count], seed: random.next())
      let wide = scene.render(width: width + 2 * marginX, height: height + 2 * marginY)
      let stride = width + 2 * marginX
      let middle = crop(wide, stride: stride, x: marginX, y: marginY, width: width, height: height)
      let original = MadeJPEG.encode(middle, width: width, height: height, quality: 92)
      let name = String(format: "b%03d", base)
      try save(original, "\(name)-0.jpg", group: base)
      for frame in 1...max(1, burst) {
        let x = marginX + random.below(2 * marginX + 1) - marginX
        let y = marginY + random.below(2 * marginY + 1) - marginY
        var pixels = crop(wide, stride: stride, x: x, y: y, width: width, height: height)
        let stops = [-1.0, -2.0 / 3, -1.0 / 3, 1.0 / 3, 2.0 / 3, 1.0][random.below(6)]
        expose(&pixels, stops: stops)
        let quality = [70, 80, 88, 95][random.below(4)]
        try save(
          MadeJPEG.encode(pixels, width: width, height: height, quality: quality),
          "\(name)-\(frame).jpg", group: base)
      }
      let (small, smallWidth, smallHeight) = halved(middle, width: width, height: height)
      try save(
        MadeJPEG.encode(small, width: smallWidth, height: smallHeight, quality: 85),
        "\(name)-resized.jpg", group: base)
      try save(
        MadeJPEG.encode(middle, width: width, height: height, quality: 60),
        "\(name)-reencoded.jpg", group: base)
      try save(original, "\(name)-copy.jpg", group: base, copyOf: folder + "/\(name)-0.jpg")
    }
    for index in 0..<unrelated {
      let scene = MadeScene(kind: kinds[index % kinds.count], seed: random.next())
      let pixels = scene.render(width: width, height: height)
      try save(
        MadeJPEG.encode(pixels, width: width, height: height, quality: 90),
        String(format: "u%03d.jpg", index), group: nil)
    }
    return LikenessSet(members: members)
  }

  /// The `width`×`height` part of RGBA rows `stride` pixels wide at (`x`, `y`).
  static func crop(_ pixels: [UInt8], stride: Int, x: Int, y: Int, width: Int, height: Int)
    -> [UInt8]
  {
    var out = [UInt8](repeating: 0, count: width * height * 4)
    for row in 0..<height {
      let from = ((y + row) * stride + x) * 4
      out.replaceSubrange(
        (row * width * 4)..<((row + 1) * width * 4), with: pixels[from..<(from + width * 4)])
    }
    return out
  }

  /// The pixels exposed `stops` EV more (less when negative), in gamma-encoded values.
  static func expose(_ pixels: inout [UInt8], stops: Double) {
    let factor = pow(2, stops / 2.2)
    let table = (0..<256).map { UInt8(min(255, (Double($0) * factor).rounded())) }
    for index in pixels.indices where index % 4 != 3 { pixels[index] = table[Int(pixels[index])] }
  }

  /// The pixels at half size, each the mean of four.
  package static func halved(_ pixels: [UInt8], width: Int, height: Int) -> ([UInt8], Int, Int) {
    let w = width / 2
    let h = height / 2
    var out = [UInt8](repeating: 255, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        for channel in 0..<3 {
          let a = ((2 * y) * width + 2 * x) * 4 + channel
          let b = a + width * 4
          let sum =
            Int(pixels[a]) + Int(pixels[a + 4]) + Int(pixels[b]) + Int(pixels[b + 4])
          out[(y * w + x) * 4 + channel] = UInt8(sum / 4)
        }
      }
    }
    return (out, w, h)
  }
}
