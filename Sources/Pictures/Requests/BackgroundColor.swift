import TerminalKit

/// An opaque background colour that transparent pixels are composited over: a colour as
/// the terminal reports its own (`TerminalColor`), which is what a picture's transparency
/// is drawn over where the terminal said.
package typealias BackgroundColor = TerminalColor
