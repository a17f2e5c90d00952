import Gallery
import TerminalKit

extension GalleryEvent {
  /// The state's resize for a terminal of `size`.
  static func resize(_ size: TerminalSize) -> GalleryEvent {
    .resize(
      width: size.width, height: size.height, cellAspect: size.cellAspect,
      cellPixels: size.cellPixels)
  }
}
