import Pictures
import TerminalKit

/// How a row's columns hold an `IndexEntry`: the one place that knows their order.
enum IndexRow {
  /// Every column of a row but the future features', in the order read and written.
  static let columns = [
    "path", "device", "inode", "size", "modified_ns",
    "format", "width", "height", "orientation", "taken_wall_clock", "taken_utc_offset",
    "camera_make", "camera_model", "lens",
    "exposure_seconds", "f_number", "iso", "focal_length",
    "latitude", "longitude", "altitude", "duration", "codec", "broken_reason",
    "focus_x", "focus_y", "focus_width", "focus_height",
  ]

  /// The columns for a `SELECT`.
  static let selected = columns.joined(separator: ", ")

  /// The statement that writes a row: a new one, or the details of one kept (the future
  /// features' columns left as they are).
  static let upsert: String = {
    let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
    let updates = columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    return "INSERT INTO pictures (\(selected)) VALUES (\(placeholders)) "
      + "ON CONFLICT(path) DO UPDATE SET \(updates)"
  }()

  /// Binds `entry` to `statement`'s parameters, in `columns`' order.
  static func bind(_ entry: IndexEntry, to statement: IndexStatement) {
    let stamp = entry.stamp
    let details = entry.details
    statement.bind(1, blob: IndexPath.bytes(stamp.path))
    statement.bind(2, stamp.device)
    statement.bind(3, stamp.inode)
    statement.bind(4, stamp.byteSize)
    statement.bind(5, stamp.modifiedNanoseconds)
    statement.bind(6, details.format?.rawValue)
    statement.bind(7, details.storedSize?.width)
    statement.bind(8, details.storedSize?.height)
    statement.bind(9, details.orientation)
    statement.bind(10, details.taken?.wallClock)
    statement.bind(11, details.taken?.utcOffset)
    statement.bind(12, details.cameraMake)
    statement.bind(13, details.cameraModel)
    statement.bind(14, details.lens)
    statement.bind(15, details.exposure?.seconds)
    statement.bind(16, details.exposure?.fNumber)
    statement.bind(17, details.exposure?.iso)
    statement.bind(18, details.exposure?.focalLength)
    statement.bind(19, details.position?.latitude)
    statement.bind(20, details.position?.longitude)
    statement.bind(21, details.position?.altitude)
    statement.bind(22, details.duration)
    statement.bind(23, details.codec)
    statement.bind(24, details.brokenReason)
    statement.bind(25, details.focusPoint?.x)
    statement.bind(26, details.focusPoint?.y)
    statement.bind(27, details.focusPoint?.area?.width)
    statement.bind(28, details.focusPoint?.area?.height)
  }

  /// The stamp of the row `statement` is on, for `path` (read from the row's bytes or
  /// known already).
  static func stamp(path: String, in statement: IndexStatement) -> IndexStamp {
    IndexStamp(
      path: path, byteSize: statement.integer(3), modifiedNanoseconds: statement.optionalInteger(4),
      device: statement.optionalInteger(1).map { UInt64(bitPattern: $0) },
      inode: statement.optionalInteger(2).map { UInt64(bitPattern: $0) })
  }

  /// The path of the row `statement` is on.
  static func path(in statement: IndexStatement) -> String {
    statement.withBlob(0, IndexPath.string)
  }

  /// The text columns' last values, kept across the rows of one scan: a library names the
  /// same few formats, cameras and lenses row after row, and a value met again is the
  /// same `String` shared rather than another made.
  struct Texts {
    var last = [String?](repeating: nil, count: IndexRow.columns.count)
  }

  /// The details of the row `statement` is on.
  static func details(in statement: IndexStatement) -> PictureDetails {
    var texts = Texts()
    return details(in: statement, texts: &texts)
  }

  /// The details of the row `statement` is on, its texts shared with the rows before
  /// (`texts`). A value out of its range (a damaged or foreign row) is read as unknown,
  /// never trusted: the types' own checks apply.
  static func details(in statement: IndexStatement, texts: inout Texts) -> PictureDetails {
    func text(_ column: Int32) -> String? {
      statement.text(column, reusing: &texts.last[Int(column)])
    }
    let size: PixelSize? =
      if let width = statement.optionalInteger(6), let height = statement.optionalInteger(7),
        width > 0, height > 0, width <= Int32.max, height <= Int32.max
      {
        PixelSize(width: Int(width), height: Int(height))
      } else { nil }
    let taken = statement.optionalInteger(9).map { wallClock in
      TakenTime(
        wallClock: wallClock,
        utcOffset: statement.optionalInteger(10).flatMap { abs($0) <= 86_400 ? Int($0) : nil })
    }
    let exposure = Exposure(
      seconds: statement.optionalDouble(14), fNumber: statement.optionalDouble(15),
      iso: statement.optionalInteger(16).flatMap { $0 > 0 && $0 <= Int32.max ? Int($0) : nil },
      focalLength: statement.optionalDouble(17))
    let position = statement.optionalDouble(18).flatMap { latitude in
      statement.optionalDouble(19).flatMap { longitude in
        GPSPosition(
          latitude: latitude, longitude: longitude, altitude: statement.optionalDouble(20))
      }
    }
    let focusArea = statement.optionalDouble(26).flatMap { width in
      statement.optionalDouble(27).flatMap { FocusPoint.Area(width: width, height: $0) }
    }
    let focusPoint = statement.optionalDouble(24).flatMap { x in
      statement.optionalDouble(25).flatMap { FocusPoint(x: x, y: $0, area: focusArea) }
    }
    let orientation = statement.integer(8)
    return PictureDetails(
      format: text(5).flatMap(ImageFormat.init(rawValue:)), storedSize: size,
      orientation: (1...8).contains(orientation) ? Int(orientation) : 1, taken: taken,
      cameraMake: text(11), cameraModel: text(12), lens: text(13),
      exposure: exposure, position: position, focusPoint: focusPoint,
      duration: statement.optionalDouble(21),
      codec: text(22), brokenReason: text(23))
  }
}
