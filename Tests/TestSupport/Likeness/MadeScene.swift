import Foundation

/// A picture made from a seed, with texture at several scales, of one of a few kinds of
/// scene a camera meets: what the likeness tests and the bench hash.
///
/// Rendered from continuous coordinates, so one scene renders at any size alike; two
/// seeds of one kind make pictures of the same sort that show different things (the
/// neighbours a burst must not be confused with).
package struct MadeScene: Hashable, Sendable {
  /// The kinds of scene.
  package enum Kind: Int, CaseIterable, Hashable, Sendable {
    case landscape, city, foliage, portrait, pattern
  }

  package let kind: Kind
  package let seed: UInt64

  package init(kind: Kind, seed: UInt64) {
    self.kind = kind
    self.seed = seed
  }

  /// The scene's 8-bit RGBA pixels at `width`×`height`, rows top to bottom, alpha 255.
  package func render(width: Int, height: Int) -> [UInt8] {
    var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ UInt64(kind.rawValue))
    let look = Look(kind: kind, random: &random)
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    let aspect = Double(width) / Double(height)
    pixels.withUnsafeMutableBufferPointer { out in
      for y in 0..<height {
        let v = (Double(y) + 0.5) / Double(height)
        for x in 0..<width {
          let u = (Double(x) + 0.5) / Double(width) * aspect
          let (r, g, b) = look.colour(u: u, v: v)
          let at = (y * width + x) * 4
          out[at] = Self.byte(r)
          out[at + 1] = Self.byte(g)
          out[at + 2] = Self.byte(b)
        }
      }
    }
    return pixels
  }

  private static func byte(_ value: Double) -> UInt8 {
    UInt8(max(0, min(255, (value * 255).rounded())))
  }

  /// The parameters a seed chose, and the colour at a point.
  private struct Look {
    let kind: Kind
    let noise: ValueNoise
    let hue: (Double, Double, Double)
    let other: (Double, Double, Double)
    let horizon: Double
    let blocks: [(left: Double, right: Double, top: Double, shade: Double)]
    let centre: (Double, Double)
    let radius: (Double, Double)
    let frequency: Double
    let angle: Double

    init(kind: Kind, random: inout SplitMix64) {
      self.kind = kind
      noise = ValueNoise(seed: random.next())
      func unit(_ random: inout SplitMix64) -> Double { Double(random.below(10_000)) / 10_000 }
      hue = (0.2 + 0.7 * unit(&random), 0.2 + 0.7 * unit(&random), 0.2 + 0.7 * unit(&random))
      other = (0.1 + 0.8 * unit(&random), 0.1 + 0.8 * unit(&random), 0.1 + 0.8 * unit(&random))
      horizon = 0.3 + 0.4 * unit(&random)
      var blocks: [(Double, Double, Double, Double)] = []
      var left = -0.1 * unit(&random)
      while left < 1.4 {
        let width = 0.08 + 0.25 * unit(&random)
        blocks.append((left, left + width, 0.1 + 0.6 * unit(&random), 0.2 + 0.7 * unit(&random)))
        left += width + 0.02 * unit(&random)
      }
      self.blocks = blocks
      centre = (0.3 + 0.7 * unit(&random), 0.3 + 0.4 * unit(&random))
      radius = (0.15 + 0.2 * unit(&random), 0.2 + 0.2 * unit(&random))
      frequency = 6 + 20 * unit(&random)
      angle = Double.pi * unit(&random)
    }

    func colour(u: Double, v: Double) -> (Double, Double, Double) {
      let coarse = noise.value(u * 3, v * 3)
      let fine = noise.value(u * 17 + 31, v * 17 + 7)
      switch kind {
      case .landscape:
        let line = horizon + 0.18 * (coarse - 0.5) + 0.05 * noise.value(u * 9, 3)
        if v < line {
          let t = v / line
          return mix(hue, (0.95, 0.95, 1), t * 0.7 + 0.1 * fine)
        }
        let ground = 0.45 + 0.35 * coarse + 0.25 * (fine - 0.5)
        return scale(other, ground + 0.2 * (v - line))
      case .city:
        for block in blocks where u >= block.left && u < block.right && v >= block.top {
          let windows =
            (Int(u * 60) % 3 == 0 || Int(v * 50) % 4 == 0) ? 0.55 : 1.0 + 0.3 * fine
          return scale(mix(other, hue, block.shade), windows * (0.7 + 0.3 * coarse))
        }
        return mix(hue, (1, 1, 1), 0.5 + 0.3 * v + 0.1 * fine)
      case .foliage:
        let leaves = noise.value(u * 40 + 3, v * 40 + 11)
        let light = 0.35 + 0.5 * coarse + 0.35 * (leaves - 0.5) + 0.2 * (fine - 0.5)
        if leaves > 0.8 && coarse > 0.5 { return scale(hue, 1.1) }
        return scale((0.25 + 0.3 * other.0, 0.5 + 0.3 * other.1, 0.15 + 0.2 * other.2), light)
      case .portrait:
        let dx = (u - centre.0) / radius.0
        let dy = (v - centre.1) / radius.1
        let inside = dx * dx + dy * dy
        if inside < 1 {
          let shade = 0.75 + 0.25 * (1 - inside) - 0.2 * dx + 0.06 * (fine - 0.5)
          let eyes = abs(dy + 0.25) < 0.08 && abs(abs(dx) - 0.35) < 0.12
          return eyes ? (0.15, 0.1, 0.1) : scale((0.93, 0.72, 0.6), shade)
        }
        return scale(other, 0.4 + 0.5 * coarse + 0.15 * (fine - 0.5))
      case .pattern:
        let along = u * cos(angle) + v * sin(angle) + 0.08 * coarse
        let stripe = sin(along * frequency * 2 * Double.pi) > 0
        return scale(stripe ? hue : other, 0.7 + 0.4 * fine)
      }
    }

    private func mix(
      _ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double
    ) -> (Double, Double, Double) {
      let t = max(0, min(1, t))
      return (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
    }

    private func scale(_ c: (Double, Double, Double), _ f: Double) -> (Double, Double, Double) {
      (c.0 * f, c.1 * f, c.2 * f)
    }
  }
}

/// Smooth noise: random values on a lattice, blended between by a smoothstep.
struct ValueNoise: Hashable, Sendable {
  let seed: UInt64

  /// The noise at (`x`, `y`), 0…1.
  func value(_ x: Double, _ y: Double) -> Double {
    let x0 = x.rounded(.down)
    let y0 = y.rounded(.down)
    let fx = smooth(x - x0)
    let fy = smooth(y - y0)
    let ix = Int64(x0)
    let iy = Int64(y0)
    let top = lattice(ix, iy) + (lattice(ix + 1, iy) - lattice(ix, iy)) * fx
    let bottom = lattice(ix, iy + 1) + (lattice(ix + 1, iy + 1) - lattice(ix, iy + 1)) * fx
    return top + (bottom - top) * fy
  }

  private func smooth(_ t: Double) -> Double { t * t * (3 - 2 * t) }

  private func lattice(_ x: Int64, _ y: Int64) -> Double {
    var value = seed ^ (UInt64(bitPattern: x) &* 0x9E37_79B9_7F4A_7C15)
    value ^= UInt64(bitPattern: y) &* 0xC2B2_AE3D_27D4_EB4F
    value = (value ^ (value >> 31)) &* 0xBF58_476D_1CE4_E5B9
    value ^= value >> 29
    return Double(value >> 11) / Double(1 << 53)
  }
}
