import CompositionalLayout
import TerminalKit

extension CellPixelSize {
  /// Reads a cell's pixels as `WxH` (`--cell-size 10x20`): at most 200 wide and 400 high;
  /// nil for anything else.
  init?(parsing text: String) {
    guard let size = CellSize(parsing: text), size.width <= 200, size.height <= 400 else {
      return nil
    }
    self.init(width: size.width, height: size.height)
  }
}
