import CImageCodecs

extension JPEGDecoder {
  /// Decodes `bytes` into `pixels` (`width`×`height` in `format`); TurboJPEG's status.
  static func decompress(
    _ handle: tjhandle, _ bytes: [UInt8], into pixels: inout [UInt8], width: Int, height: Int,
    format: TJPF
  ) -> Int32 {
    let flags = TJFLAG_FASTDCT | TJFLAG_FASTUPSAMPLE
    return bytes.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        tjDecompress2(
          handle, source.baseAddress, UInt(source.count), target.baseAddress, Int32(width), 0,
          Int32(height), Int32(format.rawValue), flags)
      }
    }
  }

  /// How many rows from the top a decode that ended in a warning wrote into `pixels`.
  ///
  /// TurboJPEG's error code says whether a warning came, not how the decode ended: a
  /// fatal error after a warning (stray bytes before a marker, then a broken table) also
  /// reads as a warning, and nothing is written from there on. Such a file showed as a
  /// blank picture instead of a broken one (found by the image fuzz target). Rows are
  /// written whole, top to bottom, so decoding again over a buffer of other bytes shows
  /// where the writing stopped; only damaged files pay for the second decode.
  static func rowsWritten(
    _ handle: tjhandle, _ bytes: [UInt8], into pixels: [UInt8], width: Int, height: Int,
    format: TJPF
  ) -> Int {
    var probe = [UInt8](repeating: 0xFF, count: pixels.count)
    _ = decompress(handle, bytes, into: &probe, width: width, height: height, format: format)
    let stride = width * 4
    var row = 0
    while row < height,
      pixels[(row * stride)..<((row + 1) * stride)] == probe[(row * stride)..<((row + 1) * stride)]
    {
      row += 1
    }
    return row
  }

  /// Makes the rows from `row` on opaque black: the part of a damaged picture never decoded.
  static func blackOut(_ pixels: inout [UInt8], fromRow row: Int, width: Int) {
    var index = row * width * 4
    while index < pixels.count {
      pixels[index] = 0
      pixels[index + 1] = 0
      pixels[index + 2] = 0
      pixels[index + 3] = 255
      index += 4
    }
  }
}
