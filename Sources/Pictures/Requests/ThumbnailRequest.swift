import TerminalKit

/// One picture wanted at one size, in one colour mode and symbol set.
public struct ThumbnailRequest: Hashable, Sendable {
  /// The picture's file path.
  public var path: String
  /// The box in cells the picture is fitted into.
  public var size: TileSize
  public var mode: ColorMode
  public var symbols: SymbolSet
  /// The part shown magnified (the detail view zoomed in), nil for the whole picture
  /// fitted into the box.
  public var crop: PictureCrop?

  public init(
    path: String, size: TileSize, mode: ColorMode = .truecolor, symbols: SymbolSet = .blocks,
    crop: PictureCrop? = nil
  ) {
    self.path = path
    self.size = size
    self.mode = mode
    self.symbols = symbols
    self.crop = crop
  }
}
