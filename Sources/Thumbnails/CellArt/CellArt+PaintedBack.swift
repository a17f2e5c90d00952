import Pictures
import TerminalKit

extension CellArt {
  /// The picture this art shows, painted back at 8×8 pixels a cell over the fit: each
  /// cell's block element in its foreground colour, the rest in its background, colours
  /// as the terminal shows them (palette entries by their xterm RGB). For measuring how
  /// close art comes to its picture.
  ///
  /// Nil when a cell holds a character that is not a block element, or a default colour
  /// where it is seen (a blank's foreground never is). O(fit cells × 64).
  package func paintedBack() -> PixelImage? {
    let width = fit.columns * 8
    let height = fit.rows * 8
    guard width > 0, height > 0 else { return nil }
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for row in 0..<fit.rows {
      for column in 0..<fit.columns {
        let cell = self[fit.column + column, fit.row + row]
        let character = cell.character ?? " "
        guard let mask = character == " " ? 0 : BlockSymbols.coverage(of: character),
          let background = cell.style.background.rgbComponents,
          let foreground = mask == 0 ? background : cell.style.foreground.rgbComponents
        else { return nil }
        for y in 0..<8 {
          for x in 0..<8 {
            let color = mask & (1 << UInt64(y * 8 + x)) != 0 ? foreground : background
            let at = ((row * 8 + y) * width + column * 8 + x) * 4
            pixels[at] = color.0
            pixels[at + 1] = color.1
            pixels[at + 2] = color.2
          }
        }
      }
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }
}
