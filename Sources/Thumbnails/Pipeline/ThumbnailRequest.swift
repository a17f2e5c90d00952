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

/// What a request came to: cell art, or the reason there is none.
public enum ThumbnailResult: Sendable {
  case art(CellArt, metadata: ImageMetadata?, isPartial: Bool)
  case failed(ThumbnailError)
}

/// How the pipeline works; the defaults suit a gallery.
public struct ThumbnailConfiguration: Sendable {
  public var decoder: ImageDecoder
  public var diskCache: ThumbnailDiskCache
  /// Pixel height / pixel width of a terminal cell.
  public var cellAspect: Double
  /// Bytes of small decoded copies kept in memory.
  public var decodedCacheBytes: Int
  /// Bytes of cell art kept in memory.
  public var artCacheBytes: Int
  /// Worker threads; one per core by default.
  public var threadCount: Int
  /// Bytes of the large decoded copies zoomed pictures are cut from: a zoomed picture is
  /// decoded once at its zoomed size, so panning only cuts and renders.
  public var zoomedCacheBytes: Int

  public init(
    decoder: ImageDecoder = ImageDecoder(), diskCache: ThumbnailDiskCache = ThumbnailDiskCache(),
    cellAspect: Double = 2.0, decodedCacheBytes: Int = 64 << 20, artCacheBytes: Int = 16 << 20,
    threadCount: Int = 0, zoomedCacheBytes: Int = 256 << 20
  ) {
    self.zoomedCacheBytes = zoomedCacheBytes
    self.decoder = decoder
    self.diskCache = diskCache
    self.cellAspect = cellAspect
    self.decodedCacheBytes = decodedCacheBytes
    self.artCacheBytes = artCacheBytes
    self.threadCount = threadCount
  }
}
