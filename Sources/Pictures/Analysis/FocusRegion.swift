/// A part of a picture to measure the sharpness of (where its subject is in focus), in
/// fractions of the picture as shown: 0 its left or top edge, 1 its right or bottom.
package struct FocusRegion: Hashable, Sendable {
  package var x: Double
  package var y: Double
  package var width: Double
  package var height: Double

  /// A region; each value is clamped into the picture (`x` and `y` to 0…1, the sides to
  /// what is left of it), and a value that is not a number counts as 0.
  package init(x: Double, y: Double, width: Double, height: Double) {
    func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(1, max(0, value)) }
    self.x = unit(x)
    self.y = unit(y)
    self.width = min(unit(width), 1 - self.x)
    self.height = min(unit(height), 1 - self.y)
  }

  /// The whole picture.
  package static let whole = FocusRegion(x: 0, y: 0, width: 1, height: 1)

  /// The region in the pixels of a `width`×`height` picture: its first column and row and
  /// the ones past its last, outward to whole pixels.
  func pixels(width: Int, height: Int) -> (left: Int, top: Int, right: Int, bottom: Int) {
    let left = Int((x * Double(width)).rounded(.down))
    let top = Int((y * Double(height)).rounded(.down))
    let right = Int(((x + self.width) * Double(width)).rounded(.up))
    let bottom = Int(((y + self.height) * Double(height)).rounded(.up))
    return (
      min(left, width), min(top, height), min(max(right, left), width),
      min(max(bottom, top), height)
    )
  }
}
