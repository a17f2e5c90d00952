import Pictures

/// The tags of a TIFF structure the library index keeps, read straight from its
/// directories: IFD0 (size, orientation, camera, date), its sub-directories and the next
/// ones (a raw file's sensor data), the EXIF directory (exposure, lens, the date taken and
/// its offset) and the GPS directory.
///
/// Only the tags wanted are looked at, each value read where its entry points; a maker
/// note is never parsed (but for a Sony camera's focus location, when EXIF names no focus
/// point), nothing is copied but the few strings kept. The structure is the same in a
/// JPEG's APP1, a TIFF or TIFF-based raw file, a PNG's eXIf chunk, a WebP's EXIF chunk,
/// and the EXIF item of a HEIF or box of a JPEG XL (`base`: where its `II*\0` or `MM\0*`
/// header starts in the file; Olympus's `IIRO` and Panasonic's `IIU\0` are read alike).
///
/// IFD1, the thumbnail's directory, gives its JPEG (`thumbnail`), and stands in for IFD0's
/// orientation, camera and date where IFD0 has none, when it holds a thumbnail: as libexif,
/// which read EXIF for the decoders before, found them.
struct TIFFTags {
  /// IFD0's orientation (IFD1's where IFD0 has none): 1 to 8, or 0 when the entry is there
  /// but unusable (which leaves the picture as stored, not turned by IFD1's).
  var orientation: Int?
  /// The stored size of the main picture: IFD0's, or for a raw file the largest full-size
  /// one of its directories (the sensor data, in a sub-directory).
  var width: Int?
  var height: Int?
  var make: String?
  var model: String?
  var dateTimeOriginal: String?
  var dateTime: String?
  var offsetTimeOriginal: String?
  var offsetTime: String?
  var lens: String?
  var exposureTime: Double?
  var fNumber: Double?
  var iso: Double?
  var focalLength: Double?
  var latitude: Double?
  var longitude: Double?
  var latitudeRef: UInt8?
  var longitudeRef: UInt8?
  var altitude: Double?
  var altitudeBelowSeaLevel = false
  /// EXIF's `PixelXDimension`/`PixelYDimension`: the size a raw file's directories may
  /// not give (CR2's sensor data has no size tags).
  var exifWidth: Int?
  var exifHeight: Int?
  /// EXIF's `SubjectArea` (2 values: a point; 3: a circle's centre and diameter; 4: a
  /// rectangle's centre, width and height) and `SubjectLocation` (a point), in pixels of
  /// the stored picture; IFD0's when the EXIF directory has none (TIFF/EP's raw files).
  var subjectArea: [Double]?
  var subjectLocation: [Double]?
  /// Sony's `FocusLocation` (its maker note's tag 0x2027: the picture's width and height,
  /// then the point), read only when neither EXIF tag is there.
  var sonyFocusLocation: [Double]?
  /// Where the JPEG of IFD1 (or IFD0) lies in the head: `JPEGInterchangeFormat` and its
  /// length, both nonzero, all of it within the block.
  var thumbnail: Range<Int>?

  /// When it was taken, by the EXIF rule: `DateTimeOriginal` with `OffsetTimeOriginal`,
  /// else `DateTime` with `OffsetTime`.
  var taken: TakenTime? {
    if let original = dateTimeOriginal.flatMap(ExifClock.wallClock) {
      return TakenTime(
        wallClock: original,
        utcOffset: (offsetTimeOriginal ?? offsetTime).flatMap(ExifClock.offset))
    }
    return dateTime.flatMap(ExifClock.wallClock).map {
      TakenTime(wallClock: $0, utcOffset: offsetTime.flatMap(ExifClock.offset))
    }
  }

  var exposure: Exposure? {
    let exposure = Exposure(
      seconds: exposureTime, fNumber: fNumber,
      iso: iso.flatMap { $0 >= 1 && $0 < 1e7 ? Int($0.rounded()) : nil },
      focalLength: focalLength)
    return exposure.isEmpty ? nil : exposure
  }

  var position: GPSPosition? {
    guard var latitude, var longitude else { return nil }
    if latitudeRef == UInt8(ascii: "S") { latitude = -latitude }
    if longitudeRef == UInt8(ascii: "W") { longitude = -longitude }
    let height = altitude.map { altitudeBelowSeaLevel ? -$0 : $0 }
    return GPSPosition(latitude: latitude, longitude: longitude, altitude: height)
  }

  /// The tags of the structure at `base` in `head`, within `end` (the end of the block
  /// that holds it, or the file's); nil when no TIFF header is there. With `isRaw`, the
  /// sub-directories and the chain of directories are searched for the largest full-size
  /// picture.
  init?(head: FileHead, base: Int, end: Int, isRaw: Bool = false) {
    guard let reader = TIFFReader(head: head, base: base, end: end) else { return nil }
    guard let first = reader.u32(4) else { return nil }
    var candidates: [(width: Int, height: Int)] = []
    var subDirectories: [Int] = []
    var exifDirectory: Int?
    var gpsDirectory: Int?
    var next: Int?
    var primary = true
    var thumbnailAt = (offset: 0, length: 0)
    var firstSubjectArea: [Double]?
    reader.forEachEntry(of: first, next: &next) { entry in
      switch entry.tag {
      case 0x0112:
        if orientation == nil, reader.holdsValue(entry) { orientation = reader.orientation(entry) }
      case 0x0201: thumbnailAt.offset = reader.pointer(entry) ?? 0
      case 0x0202: thumbnailAt.length = reader.pointer(entry) ?? 0
      case 0x010F: make = reader.text(entry)
      case 0x0110: model = reader.text(entry)
      case 0x0132: dateTime = reader.text(entry)
      case 0x8769: exifDirectory = reader.pointer(entry)
      case 0x8825: gpsDirectory = reader.pointer(entry)
      case 0x014A: subDirectories = reader.integers(entry, limit: 8)
      case 0x00FE: primary = reader.integer(entry).map { $0 & 1 == 0 } ?? true
      case 0x0100: width = reader.integer(entry)
      case 0x0101: height = reader.integer(entry)
      case 0x9214: firstSubjectArea = reader.numbers(entry, limit: 4)
      default: break
      }
    }
    if isRaw {
      if primary, let width, let height { candidates.append((width, height)) }
      var directories = subDirectories
      // The chain after IFD0 (CR2's and PEF's further pictures), a few deep.
      var chain = next
      for _ in 0..<4 {
        guard let offset = chain, offset > 0 else { break }
        directories.append(offset)
        var following: Int?
        _ = reader.size(of: offset, next: &following)
        chain = following
      }
      for offset in directories {
        var ignored: Int?
        if let size = reader.size(of: offset, next: &ignored) { candidates.append(size) }
      }
    }
    thumbnail = Self.thumbnail(thumbnailAt, in: reader)
    if let next, next > 0 { readThumbnailDirectory(reader, next) }
    let makerNote = exifDirectory.flatMap { readExif(reader, $0) }
    subjectArea = subjectArea ?? firstSubjectArea
    if subjectArea == nil, subjectLocation == nil, make?.hasPrefix("SONY") == true,
      let makerNote
    {
      sonyFocusLocation = Self.sonyFocusLocation(reader, makerNote)
    }
    if let gpsDirectory { readGPS(reader, gpsDirectory) }
    if isRaw {
      if let exifWidth, let exifHeight { candidates.append((exifWidth, exifHeight)) }
      let largest = candidates.filter { $0.width > 0 && $0.height > 0 }
        .max { Double($0.width) * Double($0.height) < Double($1.width) * Double($1.height) }
      width = largest?.width
      height = largest?.height
    }
  }

  /// The thumbnail's bytes in the head, when both of its numbers are given and it lies
  /// within the block.
  private static func thumbnail(_ at: (offset: Int, length: Int), in reader: TIFFReader)
    -> Range<Int>?
  {
    let size = reader.end - reader.base
    guard at.offset > 0, at.length > 0, at.offset < size, at.length <= size - at.offset else {
      return nil
    }
    return (reader.base + at.offset)..<(reader.base + at.offset + at.length)
  }

  /// IFD1: its thumbnail, and what it says of the picture where IFD0 said nothing (only
  /// when it holds a thumbnail: libexif dropped a thumbnail directory's entries without one).
  private mutating func readThumbnailDirectory(_ reader: TIFFReader, _ offset: Int) {
    var at = (offset: 0, length: 0)
    var turn: Int?
    var fields: (make: String?, model: String?, dateTime: String?)
    var next: Int?
    reader.forEachEntry(of: offset, next: &next) { entry in
      switch entry.tag {
      case 0x0112: if turn == nil, reader.holdsValue(entry) { turn = reader.orientation(entry) }
      case 0x010F: fields.make = reader.text(entry)
      case 0x0110: fields.model = reader.text(entry)
      case 0x0132: fields.dateTime = reader.text(entry)
      case 0x0201: at.offset = reader.pointer(entry) ?? 0
      case 0x0202: at.length = reader.pointer(entry) ?? 0
      default: break
      }
    }
    guard let found = Self.thumbnail(at, in: reader) else { return }
    thumbnail = found
    orientation = orientation ?? turn
    make = make ?? fields.make
    model = model ?? fields.model
    dateTime = dateTime ?? fields.dateTime
  }

  /// The EXIF directory's tags; gives its maker note's entry, read only for some makes.
  private mutating func readExif(_ reader: TIFFReader, _ offset: Int) -> TIFFReader.Entry? {
    var next: Int?
    var makerNote: TIFFReader.Entry?
    reader.forEachEntry(of: offset, next: &next) { entry in
      switch entry.tag {
      case 0x927C: makerNote = entry
      case 0x9003: dateTimeOriginal = reader.text(entry)
      case 0x9010: offsetTime = reader.text(entry)
      case 0x9011: offsetTimeOriginal = reader.text(entry)
      case 0x829A: exposureTime = reader.number(entry)
      case 0x829D: fNumber = reader.number(entry)
      case 0x8827: iso = reader.number(entry) ?? iso
      case 0x8833: iso = iso ?? reader.number(entry)
      case 0x920A: focalLength = reader.number(entry)
      case 0xA434: lens = reader.text(entry)
      case 0xA002: exifWidth = reader.integer(entry)
      case 0xA003: exifHeight = reader.integer(entry)
      case 0x9214: subjectArea = reader.numbers(entry, limit: 4)
      case 0xA214: subjectLocation = reader.numbers(entry, limit: 2)
      default: break
      }
    }
    return makerNote
  }

  private mutating func readGPS(_ reader: TIFFReader, _ offset: Int) {
    var next: Int?
    reader.forEachEntry(of: offset, next: &next) { entry in
      switch entry.tag {
      case 0x0001: latitudeRef = reader.firstByte(entry)
      case 0x0002: latitude = reader.degrees(entry)
      case 0x0003: longitudeRef = reader.firstByte(entry)
      case 0x0004: longitude = reader.degrees(entry)
      case 0x0005: altitudeBelowSeaLevel = reader.integer(entry) == 1
      case 0x0006: altitude = reader.number(entry)
      default: break
      }
    }
  }
}
