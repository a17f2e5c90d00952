import FoundationEssentials
import Pictures
import TerminalKit

/// What `--format json` says of each picture from its details (the library index, or its
/// file's head): when, with what, where, and how large, null where unknown.
extension GalleryPrinter {
  /// The keys after a picture's `duration`: `taken`, `camera` {`make`, `model`}, `lens`,
  /// `exposure` {`seconds`, `fNumber`, `iso`, `focalLength`}, `position` {`latitude`,
  /// `longitude`, `altitude`}, `size` {`width`, `height`} as shown (turned by its
  /// orientation), `orientation`, `codec` and `focusPoint` {`x`, `y`, `width`, `height`}
  /// in fractions of the picture as shown; each null when `details` do not say, and
  /// every one null while they are not read. Text is escaped as names are (`quoted`).
  static func detailsJSON(_ details: PictureDetails?) -> String {
    let camera =
      details.flatMap { details in
        details.cameraMake == nil && details.cameraModel == nil
          ? nil
          : "{\"make\": \(text(details.cameraMake)), \"model\": \(text(details.cameraModel))}"
      } ?? "null"
    let exposure =
      details?.exposure.map { exposure in
        "{\"seconds\": \(number(exposure.seconds)), \"fNumber\": \(number(exposure.fNumber)), "
          + "\"iso\": \(exposure.iso.map(String.init) ?? "null"), "
          + "\"focalLength\": \(number(exposure.focalLength))}"
      } ?? "null"
    let position =
      details?.position.map { position in
        "{\"latitude\": \(coordinate(position.latitude)), "
          + "\"longitude\": \(coordinate(position.longitude)), "
          + "\"altitude\": \(number(position.altitude))}"
      } ?? "null"
    let size =
      details?.shownSize.map { "{\"width\": \($0.width), \"height\": \($0.height)}" } ?? "null"
    return ", \"taken\": \(details?.taken.map { quoted(isoText(of: $0)) } ?? "null")"
      + ", \"camera\": \(camera), \"lens\": \(text(details?.lens))"
      + ", \"exposure\": \(exposure), \"position\": \(position), \"size\": \(size)"
      + ", \"orientation\": \(details.map { String($0.orientation) } ?? "null")"
      + ", \"codec\": \(text(details?.codec))"
      + ", \"focusPoint\": \(details?.focusPoint.map(focusJSON) ?? "null")"
  }

  /// `{"x": 0.4375, "y": 0.52, "width": 0.1, "height": 0.05}`: the point and its area
  /// (null for a point alone) in fractions of the picture as shown.
  static func focusJSON(_ point: FocusPoint) -> String {
    "{\"x\": \(fraction(point.x)), \"y\": \(fraction(point.y)), "
      + "\"width\": \(point.area.map { fraction($0.width) } ?? "null"), "
      + "\"height\": \(point.area.map { fraction($0.height) } ?? "null")}"
  }

  /// A fraction of a picture's side to 4 places (a pixel of a picture 10,000 wide),
  /// trailing zeros left out: `0.4993` for 2013 of 4032 pixels, not `0.4992559523809524`.
  static func fraction(_ value: Double) -> String { coordinate(value, places: 4) }

  /// `2024-08-03T14:30:00+09:00`: the camera's wall clock, with its offset from UTC when
  /// the file said it, else without (the clock's own time, zone unknown).
  static func isoText(of taken: TakenTime) -> String {
    let days = Int(taken.wallClock.floorDivided(by: 86_400))
    let seconds = Int(taken.wallClock - Int64(days) * 86_400)
    func two(_ value: Int) -> String { NumberText.padded(value, width: 2) }
    var text =
      "\(CalendarDay(daysSince1970: days).isoText)"
      + "T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    if let offset = taken.utcOffset {
      let minutes = abs(offset) / 60
      text += "\(offset < 0 ? "-" : "+")\(two(minutes / 60)):\(two(minutes % 60))"
    }
    return text
  }

  /// A JSON number, shortest form that reads back the same; null for none, or for what
  /// JSON cannot write (infinite, not a number).
  static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "null" }
    return "\(value)"
  }

  /// Degrees of latitude or longitude as a JSON number, to 7 `places` (about a centimetre,
  /// finer than a file's degrees, minutes and seconds hold), trailing zeros left out:
  /// `-9.1393` for 9°8'21.48" W, not the `-9.139299999999999` the sum of its parts is.
  static func coordinate(_ degrees: Double, places: Int = 7) -> String {
    guard degrees.isFinite else { return "null" }
    var text = NumberText.fixed(degrees, places: places)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  private static func text(_ value: String?) -> String { value.map(quoted) ?? "null" }
}

extension Int64 {
  /// The quotient rounded down: a moment before 1970 is on the day before.
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }
}
