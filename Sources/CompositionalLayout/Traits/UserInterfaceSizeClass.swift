/// A coarse size for one axis of the terminal, as UIKit's size classes.
public enum UserInterfaceSizeClass: Hashable, Sendable, CustomStringConvertible {
  case compact
  case regular

  public var description: String { self == .compact ? "compact" : "regular" }
}

/// The thresholds that turn a terminal size into size classes.
///
/// Defaults (the showcase's): width 120 columns or more is regular, height 30 rows or
/// more is regular. Hysteresis: coming from regular, the class stays regular until the
/// extent drops `hysteresis` cells below the threshold (so 118 and 119 columns keep the
/// class they had), which stops it flapping while a window is dragged. Without a previous
/// class the table applies as is.
public struct SizeClassRules: Hashable, Sendable {
  public var regularWidth: Int = 120
  public var regularHeight: Int = 30
  public var hysteresis: Int = 2

  public init(regularWidth: Int = 120, regularHeight: Int = 30, hysteresis: Int = 2) {
    self.regularWidth = regularWidth
    self.regularHeight = regularHeight
    self.hysteresis = max(0, hysteresis)
  }

  public static let standard = SizeClassRules()

  /// The class for `extent` cells against `threshold`, given the class it had before.
  static func sizeClass(
    extent: Int, threshold: Int, hysteresis: Int, previous: UserInterfaceSizeClass?
  ) -> UserInterfaceSizeClass {
    if extent >= threshold { return .regular }
    if previous == .regular && extent >= threshold - hysteresis { return .regular }
    return .compact
  }
}
