/// How a photograph was exposed, as its camera recorded it.
package struct Exposure: Hashable, Sendable {
  /// Exposure time in seconds.
  package var seconds: Double?
  /// The f-number (aperture).
  package var fNumber: Double?
  /// ISO sensitivity.
  package var iso: Int?
  /// Focal length in millimetres.
  package var focalLength: Double?

  package init(
    seconds: Double? = nil, fNumber: Double? = nil, iso: Int? = nil, focalLength: Double? = nil
  ) {
    self.seconds = seconds.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    self.fNumber = fNumber.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    self.iso = iso.flatMap { $0 > 0 ? $0 : nil }
    self.focalLength = focalLength.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
  }

  /// Whether nothing is known.
  package var isEmpty: Bool { seconds == nil && fNumber == nil && iso == nil && focalLength == nil }

  /// The parts as photographers write them: `1/250 s`, `f/2.8`, `ISO 400`, `35 mm`.
  /// A time under half a second whose reciprocal is (within 2 %) whole, or that is under a
  /// tenth, as a fraction (`1/3 s`, `1/8000 s`); other times in seconds to a tenth
  /// (`0.4 s`, `2.5 s`); f-numbers to a tenth, focal lengths to the millimetre.
  package var parts: [String] {
    var parts: [String] = []
    if let seconds {
      let reciprocal = 1 / seconds
      let whole = abs(reciprocal - reciprocal.rounded()) <= 0.02 * reciprocal
      if seconds < 0.5 && (whole || seconds < 0.1) {
        parts.append("1/\(Int(reciprocal.rounded())) s")
      } else {
        parts.append("\(Self.tenths(seconds)) s")
      }
    }
    if let fNumber { parts.append("f/\(Self.tenths(fNumber))") }
    if let iso { parts.append("ISO \(iso)") }
    if let focalLength { parts.append("\(Int(focalLength.rounded())) mm") }
    return parts
  }

  /// `value` to a tenth, without a trailing `.0`: `2.8`, `8`, `1.3`.
  private static func tenths(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
  }
}
