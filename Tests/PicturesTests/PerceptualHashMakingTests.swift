import Pictures
import TestSupport
import Testing

@Suite struct PerceptualHashMakingTests {
  let width = 256
  let height = 192

  /// The most bits a small change may turn for `kind`: the gallery's kind within the
  /// finder's threshold; the difference hash, which the labelled set found the weaker,
  /// within more.
  func bound(_ kind: PerceptualHash.Kind, _ cosine: Int, _ difference: Int) -> Int {
    kind == .cosine ? cosine : difference
  }

  /// The hash of made pixels, of `kind`.
  func hash(_ pixels: [UInt8], _ width: Int, _ height: Int, _ kind: PerceptualHash.Kind)
    -> PerceptualHash?
  {
    guard let rows = PixelRows.rgba(width: width, height: height) else { return nil }
    return pixels.withUnsafeBytes { PerceptualHash.make(kind, $0, rows) }
  }

  /// A scene rendered larger and cut at (`x`, `y`): the scene shifted (by 8 pixels, 3 %
  /// of the width, between the two cuts the test compares).
  func shifted(_ scene: MadeScene, x: Int, y: Int) -> [UInt8] {
    let wide = scene.render(width: width + 16, height: height + 16)
    var out: [UInt8] = []
    for row in 0..<height {
      let from = ((row + y) * (width + 16) + x) * 4
      out += wide[from..<(from + width * 4)]
    }
    return out
  }

  @Test(arguments: PerceptualHash.Kind.allCases)
  func aShiftOfAFewPerCentKeepsTheDistanceSmall(kind: PerceptualHash.Kind) throws {
    for kindOfScene in MadeScene.Kind.allCases {
      let scene = MadeScene(kind: kindOfScene, seed: 7)
      let one = try #require(hash(shifted(scene, x: 8, y: 8), width, height, kind))
      let other = try #require(hash(shifted(scene, x: 14, y: 4), width, height, kind))
      #expect(
        one.distance(to: other) <= bound(kind, LikenessGroups.defaultThreshold, 16),
        "\(kindOfScene)")
    }
  }

  @Test(arguments: PerceptualHash.Kind.allCases)
  func brightnessAndSizeKeepTheDistanceSmall(kind: PerceptualHash.Kind) throws {
    for kindOfScene in MadeScene.Kind.allCases {
      let scene = MadeScene(kind: kindOfScene, seed: 11)
      let pixels = scene.render(width: width, height: height)
      let one = try #require(hash(pixels, width, height, kind))
      let brighter = pixels.enumerated().map { index, value in
        index % 4 == 3 ? value : UInt8(min(255, Int(value) * 5 / 4))
      }
      let bright = try #require(hash(brighter, width, height, kind))
      #expect(one.distance(to: bright) <= 6, "\(kindOfScene)")
      // Halved twice, each pixel the mean of four, as a resize does.
      let (half, halfWidth, halfHeight) = LikenessSet.halved(pixels, width: width, height: height)
      let (quarter, quarterWidth, quarterHeight) = LikenessSet.halved(
        half, width: halfWidth, height: halfHeight)
      let small = try #require(hash(quarter, quarterWidth, quarterHeight, kind))
      #expect(one.distance(to: small) <= bound(kind, 4, 8), "\(kindOfScene)")
    }
  }

  @Test(arguments: PerceptualHash.Kind.allCases)
  func differentScenesAreFarApart(kind: PerceptualHash.Kind) throws {
    var hashes: [PerceptualHash] = []
    for seed in 1...4 {
      for kindOfScene in MadeScene.Kind.allCases {
        let scene = MadeScene(kind: kindOfScene, seed: UInt64(seed * 100))
        hashes.append(try #require(hash(scene.render(width: 128, height: 96), 128, 96, kind)))
      }
    }
    var close = 0
    for one in hashes.indices {
      for other in hashes.indices where other > one && hashes[one].distance(to: hashes[other]) <= 10
      {
        close += 1
      }
    }
    #expect(close == 0)
  }

  @Test func aPictureUnder32PixelsHasNoHash() {
    let pixels = [UInt8](repeating: 128, count: 40 * 20 * 4)
    #expect(hash(pixels, 40, 20, .cosine) == nil)
    #expect(hash(pixels, 40, 20, .difference) == nil)
  }

  @Test func aFlatPictureHashesWithoutFailing() throws {
    let pixels = [UInt8](repeating: 90, count: 64 * 64 * 4)
    let flat = try #require(hash(pixels, 64, 64, .difference))
    #expect(flat.bits == 0)
    #expect(hash(pixels, 64, 64, .cosine) != nil)
  }

  @Test func aPictureJoinsTheFirstLeaderNearItAndNoChainForms() {
    let hashes = [0b0, 0b1, 0b11, 0xFFFF_0000, 0xFFFF_0001, 0x00FF_FF00_0000].map {
      PerceptualHash(bits: UInt64($0))
    }
    // 0b11 is one bit from 0b1 but two from the leader, 0b0: a group of its own.
    #expect(LikenessGroups.groups(hashes, within: 1) == [[0, 1], [3, 4]])
    #expect(LikenessGroups.groups(hashes, within: 2) == [[0, 1, 2], [3, 4]])
    #expect(LikenessGroups.groups(hashes, within: 0) == [])
  }
}
