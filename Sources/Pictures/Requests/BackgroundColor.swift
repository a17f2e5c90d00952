/// An opaque background colour that transparent pixels are composited over.
public struct BackgroundColor: Hashable, Sendable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  public static let black = BackgroundColor(red: 0, green: 0, blue: 0)
}
