import Dispatch
import Foundation

/// Photo-like JPEGs for benchmarks: the gallery's scenes drawn at camera sizes with sensor
/// grain, so that files weigh what real photos weigh (a few hundred KB at 1920×1080).
///
/// Deterministic: the same count and size give the same bytes. Not part of `Assets/`.
enum Photos {
  /// JPEG quality of the photos: a camera's "fine" setting.
  static let quality = 90
  /// Peak grain amplitude in 8-bit levels, added to each channel, unless asked otherwise
  /// (`--grain`: a phone's sensor at 12 megapixels is noisier).
  static let grain = 5

  /// The path under the folder of photo `index` (0-based), e.g. `photo-007.jpg`.
  static func fileName(_ index: Int) -> String {
    let number = String(index + 1)
    return "photo-" + String(repeating: "0", count: max(0, 3 - number.count)) + number + ".jpg"
  }

  /// Writes `count` photos of `width × height` into `folder` (created if missing), drawing
  /// them in parallel (one per core); `progress` hears each file's name and size in bytes.
  static func write(
    count: Int, width: Int, height: Int, grain: Int = grain, to folder: String,
    progress: (String, Int) -> Void
  ) throws(AssetsError) {
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .createFolder(folder, reason: "\(error.localizedDescription)")
    }
    let results = PhotoResults(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let path = folder + "/" + fileName(index)
      do throws(AssetsError) {
        let bytes = try encode(index: index, width: width, height: height, grain: grain)
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
          throw AssetsError.write(path: path, reason: "the file could not be created")
        }
        results.set(index, .success(bytes.count))
      } catch {
        results.set(index, .failure(error))
      }
    }
    for index in 0..<count {
      switch results.get(index) {
      case .success(let size): progress(fileName(index), size)
      case .failure(let error): throw error
      case nil: throw .write(path: folder + "/" + fileName(index), reason: "not written")
      }
    }
  }

  /// Photo `index`: offices, kitchens and laptops in turn, baseline and progressive in turn.
  static func encode(index: Int, width: Int, height: Int, grain: Int = grain)
    throws(AssetsError) -> [UInt8]
  {
    let themes: [Theme] = [.office, .kitchen, .macBook]
    let spec = AssetSpec(
      theme: themes[index % themes.count], number: index / themes.count + 1, width: width,
      height: height, format: .jpeg(progressive: index % 2 == 1))
    var bytes = Renderer.draw(spec).bytes(alpha: false)
    addGrain(&bytes, amplitude: grain, seed: UInt64(index) &+ 0x5EED)
    let bitmap = Bitmap(width: width, height: height, channels: 3, bytes: bytes)
    return try JPEGEncoder.encode(
      bitmap, quality: quality, progressive: index % 2 == 1, exif: nil)
  }

  /// Luma and a little chroma noise, like a camera sensor's, from a seeded generator.
  private static func addGrain(_ bytes: inout [UInt8], amplitude grain: Int, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let span = UInt64(2 * grain + 1)
    bytes.withUnsafeMutableBufferPointer { pixels in
      var p = 0
      while p + 2 < pixels.count {
        let bits = random.next()
        let luma = Int(bits % span) - grain
        let chroma = Int((bits >> 32) % 5) - 2
        pixels[p] = UInt8(clamping: Int(pixels[p]) + luma + chroma)
        pixels[p + 1] = UInt8(clamping: Int(pixels[p + 1]) + luma)
        pixels[p + 2] = UInt8(clamping: Int(pixels[p + 2]) + luma - chroma)
        p += 3
      }
    }
  }
}

/// The outcome of each photo, filled in from worker threads.
private final class PhotoResults: @unchecked Sendable {
  private var results: [Result<Int, AssetsError>?]
  private let lock = NSLock()

  init(count: Int) { results = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ result: Result<Int, AssetsError>) {
    lock.withLock { results[index] = result }
  }

  func get(_ index: Int) -> Result<Int, AssetsError>? { lock.withLock { results[index] } }
}
