import CImageCodecs
import Foundation

@testable import Thumbnails

/// Pictures made by the tests: encoded with TurboJPEG and libpng into a temp folder.
enum Fixtures {
  /// A fresh temporary folder for one test.
  static func makeFolder(_ name: String = #function) -> String {
    let safe = name.filter { $0.isLetter || $0.isNumber }
    let path = NSTemporaryDirectory() + "thumbs-\(safe)-\(UUID().uuidString.prefix(8))"
    mkdir(path, 0o755)
    return path
  }

  /// Four quadrants: red top left, green top right, blue bottom left, white bottom right.
  static func quadrants(width: Int, height: Int, alpha: UInt8 = 255) -> PixelImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let colour: (UInt8, UInt8, UInt8) =
          switch (x < width / 2, y < height / 2) {
          case (true, true): (255, 0, 0)
          case (false, true): (0, 255, 0)
          case (true, false): (0, 0, 255)
          case (false, false): (255, 255, 255)
          }
        let at = (y * width + x) * 4
        pixels[at] = colour.0
        pixels[at + 1] = colour.1
        pixels[at + 2] = colour.2
        pixels[at + 3] = alpha
      }
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  /// A smooth picture with shapes, for golden renders.
  static func scene(width: Int, height: Int) -> PixelImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let at = (y * width + x) * 4
        let dx = x - width / 2
        let dy = y - height / 2
        let inDisc = dx * dx + dy * dy < (width / 4) * (width / 4)
        pixels[at] = inDisc ? 250 : UInt8(x * 255 / max(1, width - 1))
        pixels[at + 1] = inDisc ? 200 : UInt8(y * 255 / max(1, height - 1))
        pixels[at + 2] = inDisc ? 40 : 128
        pixels[at + 3] = 255
      }
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  enum JPEGKind { case baseline, progressive, greyscale, cmyk }

  /// A JPEG of `image` (quality 95, 4:4:4 so colour edges stay put).
  static func jpeg(_ image: PixelImage, kind: JPEGKind = .baseline) -> [UInt8] {
    guard let handle = tjInitCompress() else { return [] }
    defer { tjDestroy(handle) }
    var source = image.pixels
    var format = TJPF_RGBA
    var subsampling = Int32(TJSAMP_444.rawValue)
    var flags: Int32 = 0
    switch kind {
    case .baseline: break
    case .progressive: flags = TJFLAG_PROGRESSIVE
    case .greyscale: subsampling = Int32(TJSAMP_GRAY.rawValue)
    case .cmyk:
      format = TJPF_CMYK
      source = invertedCMYK(image.pixels)
    }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    let status = source.withUnsafeBufferPointer { buffer in
      tjCompress2(
        handle, buffer.baseAddress, Int32(image.width), 0, Int32(image.height),
        Int32(format.rawValue), &output, &size, subsampling, 95, flags)
    }
    guard status == 0, let output else { return [] }
    defer { tjFree(output) }
    return Array(UnsafeBufferPointer(start: output, count: Int(size)))
  }

  /// RGBA to Adobe-style inverted CMYK (255 = no ink).
  static func invertedCMYK(_ rgba: [UInt8]) -> [UInt8] {
    var out = rgba
    for at in stride(from: 0, to: rgba.count, by: 4) {
      let r = Double(rgba[at]) / 255
      let g = Double(rgba[at + 1]) / 255
      let b = Double(rgba[at + 2]) / 255
      let k = 1 - max(r, g, b)
      let scale = k < 1 ? 1 / (1 - k) : 0
      out[at] = UInt8((255 - (1 - r - k) * scale * 255).rounded())
      out[at + 1] = UInt8((255 - (1 - g - k) * scale * 255).rounded())
      out[at + 2] = UInt8((255 - (1 - b - k) * scale * 255).rounded())
      out[at + 3] = UInt8((255 - k * 255).rounded())
    }
    return out
  }

  /// A JPEG with an EXIF APP1 segment (orientation, camera model, date) after SOI.
  static func jpegWithExif(_ image: PixelImage, orientation: UInt16, model: String, date: String)
    -> [UInt8]
  {
    let payload =
      Array("Exif".utf8) + [0, 0] + exifTIFF(orientation: orientation, model: model, date: date)
    let length = payload.count + 2
    let segment = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    var bytes = jpeg(image)
    bytes.insert(contentsOf: segment, at: 2)
    return bytes
  }

  /// An EXIF block as a TIFF structure (little-endian): orientation, model, date.
  static func exifTIFF(orientation: UInt16, model: String, date: String) -> [UInt8] {
    var tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
    func short(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    func long(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    let modelBytes = Array(model.utf8) + [0]
    let dateBytes = Array(date.utf8) + [0]
    let entryCount = 3
    let dataStart = 8 + 2 + entryCount * 12 + 4
    tiff += short(UInt16(entryCount))
    tiff += short(0x0110) + short(2) + long(UInt32(modelBytes.count)) + long(UInt32(dataStart))
    tiff += short(0x0112) + short(3) + long(1) + short(orientation) + short(0)
    tiff +=
      short(0x0132) + short(2) + long(UInt32(dateBytes.count))
      + long(UInt32(dataStart + modelBytes.count))
    tiff += long(0)
    tiff += modelBytes + dateBytes
    return tiff
  }

  /// A JPEG of `image` carrying `preview` as its EXIF thumbnail (IFD1, as cameras store
  /// it) and the EXIF `orientation`, in an APP1 segment after SOI (and a JFIF APP0 with a
  /// fill byte before the APP1, as some writers leave).
  static func jpegWithPreview(_ image: PixelImage, preview: PixelImage, orientation: UInt16 = 1)
    -> [UInt8]
  {
    let thumbnail = jpeg(preview)
    func short(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    func long(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    // IFD0 at 8: one entry (orientation), then the offset of IFD1.
    var tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
    let ifd1 = 8 + 2 + 12 + 4
    tiff += short(1) + short(0x0112) + short(3) + long(1) + short(orientation) + short(0)
    tiff += long(UInt32(ifd1))
    // IFD1: compression (JPEG), the thumbnail's offset and length; no next IFD.
    let data = ifd1 + 2 + 3 * 12 + 4
    tiff += short(3)
    tiff += short(0x0103) + short(3) + long(1) + short(6) + short(0)
    tiff += short(0x0201) + short(4) + long(1) + long(UInt32(data))
    tiff += short(0x0202) + short(4) + long(1) + long(UInt32(thumbnail.count))
    tiff += long(0)
    tiff += thumbnail
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    precondition(length <= 0xFFFF, "an APP1 segment holds at most 64 KiB")
    let jfif: [UInt8] = [0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
    let segment = jfif + [0xFF, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    var bytes = jpeg(image)
    bytes.insert(contentsOf: segment, at: 2)
    return bytes
  }

  enum PNGKind { case grey, greyAlpha, rgb, rgba, paletteWithTransparency, sixteenBit }

  /// A PNG of `image` written with png_image (no interlace: png_image cannot).
  static func png(_ image: PixelImage, kind: PNGKind) -> [UInt8] {
    var png = gallery_png_image()
    png.width = UInt32(image.width)
    png.height = UInt32(image.height)
    var buffer: [UInt8] = []
    var colormap: [UInt8] = []
    var stride = Int32(image.width)
    switch kind {
    case .grey:
      png.format = 0
      buffer = stridedChannel(image) { ($0 + $1 + $2) / 3 }
    case .greyAlpha:
      png.format = UInt32(PNG_FORMAT_FLAG_ALPHA)
      let grey = stridedChannel(image) { ($0 + $1 + $2) / 3 }
      buffer = grey.enumerated().flatMap { [$0.element, image.pixels[$0.offset * 4 + 3]] }
      stride = Int32(image.width * 2)
    case .rgb:
      png.format = UInt32(PNG_FORMAT_FLAG_COLOR)
      buffer = image.pixels.enumerated().compactMap { $0.offset % 4 == 3 ? nil : $0.element }
      stride = Int32(image.width * 3)
    case .rgba:
      png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
      buffer = image.pixels
      stride = Int32(image.width * 4)
    case .paletteWithTransparency:
      // Palette of the picture's distinct colours; index 0 also transparent.
      png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_COLORMAP)
      var palette: [[UInt8]] = [[0, 0, 0, 0]]
      for at in Swift.stride(from: 0, to: image.pixels.count, by: 4) {
        let colour = Array(image.pixels[at..<(at + 4)])
        if let index = palette.firstIndex(of: colour) {
          buffer.append(UInt8(index))
        } else {
          palette.append(colour)
          buffer.append(UInt8(palette.count - 1))
        }
      }
      buffer[0] = 0  // the top-left pixel is transparent
      colormap = palette.flatMap { $0 }
      png.colormap_entries = UInt32(palette.count)
    case .sixteenBit:
      png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_LINEAR)
      var words: [UInt16] = []
      for (index, value) in image.pixels.enumerated() where index % 4 != 3 {
        words.append(UInt16(value) * 257)
      }
      var size = 0
      png_image_write_to_memory(&png, nil, &size, 0, words, Int32(image.width * 3), nil)
      var out = [UInt8](repeating: 0, count: size)
      png_image_write_to_memory(&png, &out, &size, 0, words, Int32(image.width * 3), nil)
      return Array(out.prefix(size))
    }
    var size = 0
    png_image_write_to_memory(
      &png, nil, &size, 0, buffer, stride, colormap.isEmpty ? nil : colormap)
    var out = [UInt8](repeating: 0, count: size)
    png_image_write_to_memory(
      &png, &out, &size, 0, buffer, stride, colormap.isEmpty ? nil : colormap)
    return Array(out.prefix(size))
  }

  /// An interlaced (Adam7) RGBA PNG, through the shim's classic-API writer.
  static func interlacedPNG(_ image: PixelImage, in folder: String) -> String {
    let path = folder + "/interlaced.png"
    let status = image.pixels.withUnsafeBufferPointer { pixels in
      gallery_png_write_rgba_with_text(
        path, pixels.baseAddress, UInt32(image.width), UInt32(image.height), nil, nil, 0, 1)
    }
    precondition(status == 0)
    return path
  }

  /// An RGBA PNG at `path` with `text` as its tEXt chunks, as another program (or an
  /// earlier version of this one) writes a thumbnail.
  static func pngWithText(_ image: PixelImage, _ text: [(String, String)], at path: String) {
    let keys = text.map { strdup($0.0) }
    let values = text.map { strdup($0.1) }
    defer { for text in keys + values { free(text) } }
    let status = image.pixels.withUnsafeBufferPointer { pixels in
      keys.map { UnsafePointer($0) }.withUnsafeBufferPointer { keyPointers in
        values.map { UnsafePointer($0) }.withUnsafeBufferPointer { valuePointers in
          gallery_png_write_rgba_with_text(
            path, pixels.baseAddress, UInt32(image.width), UInt32(image.height),
            keyPointers.baseAddress, valuePointers.baseAddress, Int32(text.count), 0)
        }
      }
    }
    precondition(status == 0)
  }

  /// A PNG whose IHDR claims `width`×`height`, with a correct CRC and no image data.
  static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    func big(_ value: UInt32) -> [UInt8] {
      (0..<4).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) }
    }
    let body = Array("IHDR".utf8) + big(width) + big(height) + [8, 6, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + big(13) + body + big(crc32(body))
  }

  /// A flat grey JPEG of `width`×`height` as phones write them (YCbCr, 4:2:0 or
  /// `fullChroma` 4:4:4, baseline, one interleaved scan), written byte by byte: a
  /// 200-megapixel picture is about a megabyte and takes no encoding.
  ///
  /// Every block codes a DC difference of 0 and an end of block, each with a one-bit
  /// Huffman code of its own one-symbol table, so the scan is zero bits: grey 128. With
  /// `progressive` the frame header is SOF2 and the scan the first DC scan of such a
  /// file: enough for a decoder to read the header (its data is not a progressive scan).
  static func flatJPEG(
    width: Int, height: Int, fullChroma: Bool = false, progressive: Bool = false
  ) -> [UInt8] {
    func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
      let length = body.count + 2
      return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }
    let luma: UInt8 = fullChroma ? 0x11 : 0x22
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
    bytes += segment(
      progressive ? 0xC2 : 0xC0,
      [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
        + [1, luma, 0, 2, 0x11, 0, 3, 0x11, 0])
    // One code of one bit in each table: DC category 0, and AC end of block.
    let oneCode = [1] + [UInt8](repeating: 0, count: 15) + [0]
    bytes += segment(0xC4, [0x00] + oneCode)
    bytes += segment(0xC4, [0x10] + oneCode)
    bytes += segment(0xDA, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, progressive ? 0 : 63, 0])
    let mcuSide = fullChroma ? 8 : 16
    let mcus = ((width + mcuSide - 1) / mcuSide) * ((height + mcuSide - 1) / mcuSide)
    // Two bits a block: 6 blocks an MCU in 4:2:0, 3 in 4:4:4; padded with one bits.
    let bits = mcus * (fullChroma ? 3 : 6) * 2
    bytes += [UInt8](repeating: 0, count: bits / 8)
    if bits % 8 != 0 { bytes.append(UInt8(0xFF >> (bits % 8))) }
    return bytes + [0xFF, 0xD9]
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }

  static func stridedChannel(_ image: PixelImage, _ combine: (Int, Int, Int) -> Int) -> [UInt8] {
    Swift.stride(from: 0, to: image.pixels.count, by: 4).map { at in
      UInt8(combine(Int(image.pixels[at]), Int(image.pixels[at + 1]), Int(image.pixels[at + 2])))
    }
  }

  /// Writes `bytes` to `folder/name` and returns the path.
  @discardableResult
  static func write(_ bytes: [UInt8], _ name: String, in folder: String) -> String {
    let path = folder + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }

  /// The RGBA pixel at (x, y).
  static func pixel(_ image: PixelImage, _ x: Int, _ y: Int) -> [Int] {
    let at = (y * image.width + x) * 4
    return image.pixels[at..<(at + 4)].map(Int.init)
  }

  /// Whether two colours differ by at most `tolerance` per channel.
  static func close(_ a: [Int], _ b: [Int], tolerance: Int = 12) -> Bool {
    zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
  }
}
