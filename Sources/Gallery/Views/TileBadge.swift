import CompositionalLayout
import Pictures
import TerminalKit

/// What a tile is besides a picture, in the ring's top edge at the left (the favourite's
/// heart is at the right), so it never covers the picture, whatever draws it: a video's
/// length (`▶ 0:42`), a pair's kind (`RAW+JPG`, `LIVE`).
enum TileBadge {
  /// The badge's text for `picture` with the details `metadata` last learned of it; nil
  /// for a picture of one file that is no video, or a video of unknown length.
  static func text(picture: Picture, metadata: ImageMetadata?, appearance: Appearance)
    -> String?
  {
    if let pair = picture.pairKind { return pair.badge }
    guard let duration = metadata?.video?.durationText else { return nil }
    return (appearance.unicode ? "▶ " : "> ") + duration
  }

  /// The badge of `picture` over the top edge of a grid cell already drawn in `rect`.
  static func decorate(
    cell rect: CellRect, picture: Picture, metadata: ImageMetadata?, appearance: Appearance,
    into frame: inout Frame
  ) {
    guard let text = text(picture: picture, metadata: metadata, appearance: appearance)
    else { return }
    let badge = " " + text + " "
    // Room for the heart's three columns at the right.
    guard rect.width >= badge.displayWidth + 5 else { return }
    frame.put(badge, x: rect.minX + 1, y: rect.minY, style: appearance.theme.label)
  }
}
