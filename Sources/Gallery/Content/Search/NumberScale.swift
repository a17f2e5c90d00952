/// How a field's numbers are rounded before they are compared: as photographers write
/// them, so `f:2.8` finds the 2.8000001 a file stores and `shutter:1/250` the 0.004.
enum NumberScale: Hashable, Sendable {
  /// To the whole number: ISO, pixels, millimetres of focal length.
  case whole
  /// To a tenth: f-numbers (`f/2.8`, `f/11`).
  case tenths
  /// Exposure times: under half a second, to the whole reciprocal (`1/250`, `1/3`);
  /// from half a second on, to a tenth (`0.5`, `2.5`), as `Exposure.parts` writes them.
  case exposureTime

  /// `value` rounded to the scale. Monotonic, so that an order on the rounded values
  /// agrees with the order of the values; the same value always gives the same double,
  /// so rounded values compare exactly.
  func rounded(_ value: Double) -> Double {
    switch self {
    case .whole: value.rounded()
    case .tenths: (value * 10).rounded() / 10
    case .exposureTime:
      value < 0.5 ? 1 / (1 / value).rounded() : (value * 10).rounded() / 10
    }
  }
}
