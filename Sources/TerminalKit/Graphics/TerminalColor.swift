/// A colour as a terminal reports it (the default foreground or background), in 8 bits a
/// channel.
public struct TerminalColor: Hashable, Sendable, CustomStringConvertible {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  public static let black = TerminalColor(red: 0, green: 0, blue: 0)
  public static let white = TerminalColor(red: 255, green: 255, blue: 255)

  /// Reads X11's `rgb:R/G/B` form, 1 to 4 hex digits a channel (`rgb:ffff/ffff/dddd`,
  /// as xterm, kitty, foot and VTE answer; `rgba:` with a fourth channel, ignored), or
  /// `#RRGGBB`. A channel of n digits is scaled from its own range: `f` and `ffff` are
  /// both 255. Nil for anything else.
  public init?(xParseColor text: some StringProtocol) {
    let lower = text.lowercased()
    var channels: [Substring]
    if lower.hasPrefix("rgb:") || lower.hasPrefix("rgba:") {
      channels = lower.drop { $0 != ":" }.dropFirst().split(
        separator: "/", omittingEmptySubsequences: false)
      if lower.hasPrefix("rgba:") {
        guard channels.count == 4 else { return nil }
        channels.removeLast()
      }
    } else if lower.hasPrefix("#"), lower.count == 7 {
      let digits = lower.dropFirst()
      channels = stride(from: 0, to: 6, by: 2).map {
        digits.dropFirst($0).prefix(2)
      }
    } else {
      return nil
    }
    guard channels.count == 3 else { return nil }
    var values: [UInt8] = []
    for channel in channels {
      guard (1...4).contains(channel.count), let value = UInt32(channel, radix: 16) else {
        return nil
      }
      let maximum = (UInt32(1) << (4 * UInt32(channel.count))) - 1
      values.append(UInt8((value * 255 + maximum / 2) / maximum))
    }
    self.init(red: values[0], green: values[1], blue: values[2])
  }

  /// The relative luminance (WCAG 2's weights), 0 for black to 1 for white, with sRGB's
  /// curve taken as a square (within 0.05 of it everywhere; TerminalKit has no `pow`).
  public var luminance: Double {
    func linear(_ channel: UInt8) -> Double {
      let value = Double(channel) / 255
      return value * value
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// Whether text meant for a light background reads better on it than text meant for a
  /// dark one: its luminance is above the middle grey's (WCAG's contrast against black
  /// and white are equal at 0.179).
  public var isLight: Bool { luminance > 0.179 }

  /// `#rrggbb`, in lower case.
  public var description: String {
    "#"
      + [red, green, blue].map { value in
        let text = String(value, radix: 16)
        return text.count == 1 ? "0" + text : text
      }.joined()
  }
}
