import CImageCodecs

/// JPEGs of made pixels, through TurboJPEG, as a camera or an export would write them.
package enum MadeJPEG {
  /// `rgba` (`width`×`height`, 4 bytes a pixel) as a baseline JPEG at `quality` (1–100),
  /// 4:2:0 as cameras write; empty when TurboJPEG refuses.
  package static func encode(_ rgba: [UInt8], width: Int, height: Int, quality: Int) -> [UInt8] {
    guard let handle = tjInitCompress() else { return [] }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    let status = rgba.withUnsafeBufferPointer { buffer in
      tjCompress2(
        handle, buffer.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue),
        &output, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
    }
    guard status == 0, let output else { return [] }
    defer { tjFree(output) }
    return Array(UnsafeBufferPointer(start: output, count: Int(size)))
  }

  /// The RGBA pixels of a JPEG at full size; nil when TurboJPEG cannot decode it.
  package static func decode(_ jpeg: [UInt8]) -> (pixels: [UInt8], width: Int, height: Int)? {
    guard let handle = tjInitDecompress() else { return nil }
    defer { tjDestroy(handle) }
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colourspace: Int32 = 0
    var bytes = jpeg
    let head = bytes.withUnsafeMutableBufferPointer { buffer in
      tjDecompressHeader3(
        handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling,
        &colourspace)
    }
    guard head == 0, width > 0, height > 0 else { return nil }
    var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
    let status = bytes.withUnsafeMutableBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        tjDecompress2(
          handle, source.baseAddress, UInt(source.count), target.baseAddress, width, 0, height,
          Int32(TJPF_RGBA.rawValue), 0)
      }
    }
    return status == 0 ? (pixels, Int(width), Int(height)) : nil
  }
}
