import CImageFormats
import FoundationEssentials
import Glibc
import SystemSupport
import TerminalKit

/// Where a decoded picture's colours are described: an ICC profile, or an nclx box.
enum ColorSource: Hashable, Sendable {
  case icc([UInt8])
  /// ITU-T H.273 codes and the primaries as CIE xy.
  case nclx(primaries: Int, transfer: Int, xy: Chromaticities)
}

/// The CIE xy of red, green, blue and the white point, inline rather than an array: as a
/// key of the transform cache, an array in an enum's payload is kept with the case in
/// its pointer's spare bits, which LeakSanitizer cannot follow (`make fuzz` reported
/// every cached one as a leak).
struct Chromaticities: Hashable, Sendable {
  var redX, redY, greenX, greenY, blueX, blueY, whiteX, whiteY: Double

  /// In the order lcms2's `cmsCIExyYTRIPLE` and white point take them.
  var values: [Double] { [redX, redY, greenX, greenY, blueX, blueY, whiteX, whiteY] }
}

/// Converts pictures from their colour profile to sRGB (what terminals show), with lcms2.
///
/// A transform is built once per distinct profile and shared between the decoding
/// threads (made without lcms2's cache, which is what makes that safe); a gallery
/// of iPhone photos builds one, for Display P3. Profiles that are sRGB already (its
/// colorants and curve) convert nothing.
enum ColorManagement {
  /// The conversion from `source` to sRGB, with the profile's description.
  static func transform(for source: ColorSource) -> ColorTransform {
    cache.transform(for: source) {
      switch source {
      case .icc(let profile): iccTransform(profile)
      case .nclx(let primaries, let transfer, let xy): nclxTransform(primaries, transfer, xy)
      }
    }
  }

  private static func iccTransform(_ icc: [UInt8]) -> ColorTransform {
    var description = [CChar](repeating: 0, count: 256)
    if isSRGB(icc) {
      icc.withUnsafeBytes { raw in
        gallery_lcms_description(
          raw.baseAddress, UInt32(raw.count), &description, UInt32(description.count))
      }
      return ColorTransform(transform: nil, description: text(description))
    }
    let transform = icc.withUnsafeBytes { raw in
      gallery_lcms_transform_to_srgb(
        raw.baseAddress, UInt32(raw.count), &description, UInt32(description.count))
    }
    return ColorTransform(transform: transform, description: text(description))
  }

  /// nclx codes: primaries 1 (BT.709, sRGB's) need nothing; HDR transfers (PQ, HLG)
  /// are named but not tone-mapped.
  private static func nclxTransform(_ primaries: Int, _ transfer: Int, _ xy: Chromaticities)
    -> ColorTransform
  {
    let name: String? =
      switch primaries {
      case 1, 2: nil  // BT.709 (sRGB's primaries), or unspecified
      case 9: "BT.2020"
      case 11: "DCI-P3"
      case 12: "Display P3"
      default: "colour primaries \(primaries)"
      }
    let hdr: String? =
      switch transfer {
      case 16: "PQ"
      case 18: "HLG"
      default: nil
      }
    guard let name else {
      return ColorTransform(transform: nil, description: hdr.map { "BT.709 \($0)" })
    }
    let curve: Int32? =
      switch transfer {
      case 13, 2: 0  // sRGB, or unspecified
      case 1, 6, 14, 15: 1  // BT.709's curve
      case 8: 2  // linear
      default: nil
      }
    guard let curve else {
      return ColorTransform(transform: nil, description: hdr.map { "\(name) \($0)" } ?? name)
    }
    let transform = xy.values.withUnsafeBufferPointer {
      gallery_lcms_transform_from_primaries($0.baseAddress, curve)
    }
    return ColorTransform(transform: transform, description: name)
  }

  /// Whether the profile's colorants and curve are sRGB's (within the rounding of
  /// the s15Fixed16 numbers profiles store).
  static func isSRGB(_ icc: [UInt8]) -> Bool {
    var values = [Double](repeating: 0, count: 10)
    let ok = icc.withUnsafeBytes { raw in
      gallery_lcms_colorants(raw.baseAddress, UInt32(raw.count), &values)
    }
    guard ok != 0 else { return false }
    let srgb = [0.4361, 0.2225, 0.0139, 0.3851, 0.7169, 0.0971, 0.1431, 0.0606, 0.7141, 0.2140]
    return zip(values, srgb).allSatisfy { abs($0 - $1) < 0.004 }
  }

  private static func text(_ buffer: [CChar]) -> String? {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let string = String(decoding: bytes, as: UTF8.self).trimmingSpaces()
    return string.isEmpty ? nil : string
  }

  private static let cache = TransformCache()
}

/// A built conversion to sRGB (nil transform: nothing to convert) and the
/// description of the profile it converts from.
final class ColorTransform: @unchecked Sendable {
  // Immutable after creation and made with cmsFLAGS_NOCACHE, so cmsDoTransform may
  // run on it from several threads at once.
  private let transform: cmsHTRANSFORM?
  let description: String?

  init(transform: cmsHTRANSFORM?, description: String?) {
    self.transform = transform
    self.description = description
  }

  deinit { if let transform { cmsDeleteTransform(transform) } }

  /// Converts `image` in place. O(pixels).
  func apply(to image: inout PixelImage) {
    guard let transform else { return }
    let count = image.width * image.height
    image.pixels.withUnsafeMutableBytes { raw in
      cmsDoTransform(transform, raw.baseAddress, raw.baseAddress, UInt32(count))
    }
  }
}

/// Transforms by source, a few at most (pictures share a handful of profiles).
private final class TransformCache: @unchecked Sendable {
  private let lock = SystemLock()
  private var entries: [ColorSource: ColorTransform] = [:]
  private let capacity = 16

  func transform(for source: ColorSource, make: () -> ColorTransform) -> ColorTransform {
    lock.lock()
    let cached = entries[source]
    lock.unlock()
    if let cached { return cached }
    let made = make()
    lock.lock()
    defer { lock.unlock() }
    if entries.count >= capacity { entries.removeAll() }
    entries[source] = made
    return made
  }
}
