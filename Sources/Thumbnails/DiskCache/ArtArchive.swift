import CImageCodecs
import Pictures
import TerminalKit

/// The bytes of one entry of `ArtDiskCache`: what was drawn (cell art or an encoded
/// picture) and what is known about its picture, behind the key it was stored under.
///
/// Layout, little-endian: `GART`, a version byte, the key (u16 length and UTF-8), the
/// kind (0 cell art, 1 picture), the metadata, then the drawing. Cell art is its box, fit
/// and cells deflated with zlib (each cell: its character's UTF-8 with a length byte,
/// foreground, background, attributes); a picture is its protocol, cells, pixel size and
/// data. Reading checks every length against what is left, so a damaged or foreign file
/// is a miss, never a crash.
enum ArtArchive {
  static let magic: [UInt8] = Array("GART".utf8)
  static let version: UInt8 = 2

  /// What an entry holds.
  enum Drawing: Hashable, Sendable {
    case cells(CellArt)
    case picture(EncodedPicture)
  }

  /// An entry's contents.
  struct Entry: Hashable, Sendable {
    var drawing: Drawing
    var metadata: ImageMetadata
  }

  /// The bytes of `entry` under `key`.
  static func encode(_ entry: Entry, key: String) -> [UInt8] {
    var out = ByteWriter()
    out.bytes(magic)
    out.u8(version)
    out.string(key)
    switch entry.drawing {
    case .cells: out.u8(0)
    case .picture: out.u8(1)
    }
    out.metadata(entry.metadata)
    switch entry.drawing {
    case .cells(let art):
      out.u16(art.size.columns)
      out.u16(art.size.rows)
      for value in [art.fit.column, art.fit.row, art.fit.columns, art.fit.rows] { out.u16(value) }
      var cells = ByteWriter()
      for cell in art.cells { cells.cell(cell) }
      let compressed = PictureEncoder.zlib(cells.bytes, level: 1) ?? []
      out.u32(cells.bytes.count)
      out.u32(compressed.count)
      out.bytes(compressed)
    case .picture(let picture):
      out.string(picture.format.rawValue)
      out.u16(picture.columns)
      out.u16(picture.rows)
      out.u32(picture.pixelWidth)
      out.u32(picture.pixelHeight)
      out.u8((picture.isCompressed ? 1 : 0) | (picture.hasAlpha ? 2 : 0) | (picture.isPNG ? 4 : 0))
      out.u32(picture.data.count)
      out.bytes(picture.data)
    }
    return out.bytes
  }

  /// The entry in `bytes` if they were written under `key` and are whole.
  static func decode(_ bytes: [UInt8], key: String) -> Entry? {
    var input = ByteReader(bytes)
    guard input.bytes(magic.count) == magic, input.u8() == version, input.string() == key,
      let kind = input.u8(), let metadata = input.metadata()
    else { return nil }
    switch kind {
    case 0:
      guard let columns = input.u16(), let rows = input.u16(), let column = input.u16(),
        let row = input.u16(), let fitColumns = input.u16(), let fitRows = input.u16(),
        let rawCount = input.u32(), let compressedCount = input.u32(),
        let compressed = input.bytes(compressedCount), input.isAtEnd,
        rawCount <= columns * rows * 40 + 64,
        let raw = inflate(compressed, count: rawCount)
      else { return nil }
      var cells: [Cell] = []
      cells.reserveCapacity(columns * rows)
      var stream = ByteReader(raw)
      for _ in 0..<(columns * rows) {
        guard let cell = stream.cell() else { return nil }
        cells.append(cell)
      }
      guard stream.isAtEnd else { return nil }
      let size = TileSize(columns: columns, rows: rows)
      let fit = CellFit(column: column, row: row, columns: fitColumns, rows: fitRows)
      return Entry(drawing: .cells(CellArt(size: size, fit: fit, cells: cells)), metadata: metadata)
    case 1:
      guard let name = input.string(), let format = TerminalImage.Format(rawValue: name),
        let columns = input.u16(), let rows = input.u16(), let pixelWidth = input.u32(),
        let pixelHeight = input.u32(), let flags = input.u8(), flags < 8, let count = input.u32(),
        let data = input.bytes(count), input.isAtEnd
      else { return nil }
      let picture = EncodedPicture(
        format: format, columns: columns, rows: rows, pixelWidth: pixelWidth,
        pixelHeight: pixelHeight, data: data, isCompressed: flags & 1 != 0,
        hasAlpha: flags & 2 != 0, isPNG: flags & 4 != 0)
      return Entry(drawing: .picture(picture), metadata: metadata)
    default:
      return nil
    }
  }

  /// zlib's inflation of `bytes` into exactly `count` bytes; nil when damaged.
  static func inflate(_ bytes: [UInt8], count: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: count)
    let status = bytes.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        gallery_zlib_uncompress(
          source.baseAddress, UInt(source.count), target.baseAddress, UInt(count))
      }
    }
    return status == 0 ? out : nil
  }
}

/// Little-endian fields appended to a byte array.
struct ByteWriter {
  private(set) var bytes: [UInt8] = []

  mutating func u8(_ value: UInt8) { bytes.append(value) }
  mutating func u16(_ value: Int) {
    let clamped = UInt16(clamping: value)
    bytes.append(UInt8(clamped & 0xFF))
    bytes.append(UInt8(clamped >> 8))
  }
  mutating func u32(_ value: Int) {
    let clamped = UInt32(clamping: value)
    for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((clamped >> shift) & 0xFF)) }
  }
  mutating func bytes(_ more: [UInt8]) { bytes.append(contentsOf: more) }
  mutating func string(_ text: String) {
    let utf8 = Array(text.utf8.prefix(Int(UInt16.max)))
    u16(utf8.count)
    bytes.append(contentsOf: utf8)
  }
  /// A string that may be missing: a presence byte, then the string.
  mutating func optionalString(_ text: String?) {
    u8(text == nil ? 0 : 1)
    if let text { string(text) }
  }

  mutating func metadata(_ metadata: ImageMetadata) {
    string(metadata.format.rawValue)
    u32(metadata.originalWidth)
    u32(metadata.originalHeight)
    u8(UInt8(clamping: metadata.orientation))
    u32(metadata.frameCount)
    optionalString(metadata.dateTaken)
    optionalString(metadata.cameraModel)
    optionalString(metadata.colorProfile)
    optionalString(metadata.lens)
    u8(metadata.exposure == nil ? 0 : 1)
    if let exposure = metadata.exposure {
      number(exposure.seconds)
      number(exposure.fNumber)
      number(exposure.iso.map(Double.init))
      number(exposure.focalLength)
    }
    switch metadata.rawRendition {
    case nil: u8(0)
    case .embeddedPreview(let width, let height)?:
      u8(1)
      u32(width)
      u32(height)
    case .developed(let halfSize)?: u8(halfSize ? 2 : 3)
    }
    // 2: the frames' size follows (a cover is the poster); 1, as archives before it.
    u8(metadata.video == nil ? 0 : metadata.video?.frameSize == nil ? 1 : 2)
    if let video = metadata.video {
      number(video.duration)
      string(video.codec)
      number(video.framesPerSecond)
      u8(video.hasAudio ? 1 : 0)
      if let frame = video.frameSize {
        u32(frame.width)
        u32(frame.height)
      }
    }
  }

  /// An optional number: its IEEE bits, NaN for none.
  mutating func number(_ value: Double?) {
    let bits = (value ?? .nan).bitPattern
    u32(Int(bits & 0xFFFF_FFFF))
    u32(Int(bits >> 32))
  }

  mutating func cell(_ cell: Cell) {
    let utf8 = cell.character.map { Array(String($0).utf8.prefix(255)) } ?? []
    u8(cell.character == nil ? 0xFF : UInt8(utf8.count))
    bytes.append(contentsOf: utf8)
    color(cell.style.foreground)
    color(cell.style.background)
    u8(cell.style.attributes.rawValue)
  }

  mutating func color(_ color: Color) {
    switch color {
    case .default: u8(0)
    case .indexed(let index):
      u8(1)
      u8(index)
    case .rgb(let red, let green, let blue):
      u8(2)
      bytes.append(contentsOf: [red, green, blue])
    }
  }
}

/// Reads what `ByteWriter` wrote; every read is nil past the end.
struct ByteReader {
  private let data: [UInt8]
  private var offset = 0

  init(_ data: [UInt8]) { self.data = data }

  var isAtEnd: Bool { offset == data.count }

  mutating func u8() -> UInt8? {
    guard offset < data.count else { return nil }
    defer { offset += 1 }
    return data[offset]
  }
  mutating func u16() -> Int? {
    guard let low = u8(), let high = u8() else { return nil }
    return Int(low) | Int(high) << 8
  }
  mutating func u32() -> Int? {
    guard let low = u16(), let high = u16() else { return nil }
    return low | high << 16
  }
  mutating func bytes(_ count: Int) -> [UInt8]? {
    guard count >= 0, count <= data.count - offset else { return nil }
    defer { offset += count }
    return Array(data[offset..<(offset + count)])
  }
  mutating func string() -> String? {
    guard let count = u16(), let utf8 = bytes(count) else { return nil }
    return String(decoding: utf8, as: UTF8.self)
  }
  /// A string written by `optionalString`: `.some(nil)` when it was missing.
  mutating func optionalString() -> String?? {
    guard let present = u8() else { return nil }
    if present == 0 { return .some(nil) }
    guard let text = string() else { return nil }
    return .some(text)
  }

  mutating func metadata() -> ImageMetadata? {
    guard let name = string(), let format = ImageFormat(rawValue: name),
      let width = u32(), let height = u32(), let orientation = u8(), let frames = u32(),
      let date = optionalString(), let camera = optionalString(), let profile = optionalString(),
      let lens = optionalString(), let hasExposure = u8()
    else { return nil }
    var exposure: Exposure?
    if hasExposure == 1 {
      guard let seconds = number(), let fNumber = number(), let iso = number(),
        let focal = number()
      else { return nil }
      exposure = Exposure(
        seconds: seconds, fNumber: fNumber, iso: iso.flatMap { Int(exactly: $0) },
        focalLength: focal)
    }
    let rendition: RawRendition?
    switch u8() {
    case 0: rendition = nil
    case 1:
      guard let width = u32(), let height = u32() else { return nil }
      rendition = .embeddedPreview(width: width, height: height)
    case 2: rendition = .developed(halfSize: true)
    case 3: rendition = .developed(halfSize: false)
    default: return nil
    }
    var video: VideoFacts?
    guard let hasVideo = u8() else { return nil }
    if hasVideo == 1 || hasVideo == 2 {
      guard let duration = number(), let codec = string(), let rate = number(),
        let audio = u8()
      else { return nil }
      var frameSize: PixelSize?
      if hasVideo == 2 {
        guard let width = u32(), let height = u32() else { return nil }
        frameSize = PixelSize(width: width, height: height)
      }
      video = VideoFacts(
        duration: duration, codec: codec, framesPerSecond: rate, hasAudio: audio == 1,
        frameSize: frameSize)
    }
    return ImageMetadata(
      format: format, originalWidth: width, originalHeight: height,
      orientation: Int(orientation), dateTaken: date, cameraModel: camera,
      colorProfile: profile, frameCount: frames, lens: lens, exposure: exposure,
      rawRendition: rendition, video: video)
  }

  /// A number written by `number`: `.some(nil)` for none (NaN), nil past the end.
  mutating func number() -> Double?? {
    guard let low = u32(), let high = u32() else { return nil }
    let value = Double(bitPattern: UInt64(low) | UInt64(high) << 32)
    return .some(value.isNaN ? nil : value)
  }

  mutating func cell() -> Cell? {
    guard let length = u8() else { return nil }
    var character: Character?
    if length != 0xFF {
      guard let utf8 = bytes(Int(length)) else { return nil }
      let text = String(decoding: utf8, as: UTF8.self)
      guard text.count == 1, let first = text.first else { return nil }
      character = first
    }
    guard let foreground = color(), let background = color(), let attributes = u8() else {
      return nil
    }
    let style = Style(
      foreground: foreground, background: background,
      attributes: TextAttributes(rawValue: attributes))
    guard let character else { return .continuation(style: style) }
    return Cell(character, style: style)
  }

  mutating func color() -> Color? {
    switch u8() {
    case 0: return .default
    case 1: return u8().map { .indexed($0) }
    case 2:
      guard let red = u8(), let green = u8(), let blue = u8() else { return nil }
      return .rgb(red, green, blue)
    default: return nil
    }
  }
}
