/// How the pipeline works; the defaults suit a gallery.
package struct ThumbnailConfiguration: Sendable {
  package var decoder: ImageDecoder
  package var diskCache: ThumbnailDiskCache
  /// Drawn art (cell art and encoded pictures) on disk, beside `diskCache`.
  package var artCache: ArtDiskCache
  /// Pixel height / pixel width of a terminal cell.
  package var cellAspect: Double
  /// What the memory caches below hold together at most; each cache's own cap is a share
  /// of it unless set apart.
  package var memory: MemoryBudget
  /// Bytes of small decoded copies kept in memory.
  package var decodedCacheBytes: Int
  /// Bytes of cell art kept in memory.
  package var artCacheBytes: Int
  /// Bytes of cell art one animation's frames may take (the detail view plays one).
  package var animationArtBytes: Int
  /// Worker threads; one per core by default.
  package var threadCount: Int
  /// Bytes of encoded pictures (sixel, kitty, iTerm2) kept in memory.
  package var pictureCacheBytes: Int
  /// The largest kitty image id handed out: 255 when placeholders must name
  /// images in 256 colours, else 2^24 − 1.
  package var pictureIDLimit: UInt32
  /// The first kitty image id handed out. A document printed for a kitty terminal
  /// starts somewhere random, so a second one shown in the same terminal does not take
  /// over the first one's ids (and so its pictures).
  package var firstPictureID: UInt32 = 1
  /// Bytes of the large decoded copies zoomed pictures are cut from: a zoomed picture is
  /// decoded once at its zoomed size, so panning only cuts and renders.
  package var zoomedCacheBytes: Int
  /// Where the perceptual hash of each picture decoded from its file goes; nil: none made.
  package var likenessTap: LikenessTap?

  /// A configuration whose caches share `memory`; a cache's bytes given here replace its
  /// share as its cap (0 keeps nothing), and the shared budget still holds.
  package init(
    decoder: ImageDecoder = ImageDecoder(), diskCache: ThumbnailDiskCache = ThumbnailDiskCache(),
    cellAspect: Double = 2.0, memory: MemoryBudget = .standard, decodedCacheBytes: Int? = nil,
    artCacheBytes: Int? = nil, animationArtBytes: Int? = nil, threadCount: Int = 0,
    pictureCacheBytes: Int? = nil, pictureIDLimit: UInt32 = 0xFF_FFFF,
    zoomedCacheBytes: Int? = nil, artCache: ArtDiskCache? = nil
  ) {
    self.artCache = artCache ?? ArtDiskCache(beside: diskCache)
    self.memory = memory
    self.pictureCacheBytes = pictureCacheBytes ?? memory.pictureBytes
    self.pictureIDLimit = pictureIDLimit
    self.zoomedCacheBytes = zoomedCacheBytes ?? memory.zoomedBytes
    self.decoder = decoder
    self.diskCache = diskCache
    self.cellAspect = cellAspect
    self.decodedCacheBytes = decodedCacheBytes ?? memory.decodedBytes
    self.artCacheBytes = artCacheBytes ?? memory.artBytes
    self.animationArtBytes = animationArtBytes ?? memory.animationBytes
    self.threadCount = threadCount
  }
}
