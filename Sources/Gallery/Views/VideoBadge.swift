import CompositionalLayout
import Pictures
import TerminalKit

/// `▶ 0:42`: a video's length on its tile, in the ring's top edge at the left (the
/// favourite's heart is at the right), so it never covers the picture, whatever draws it.
enum VideoBadge {
  /// The badge's text for `metadata`, or nil for a picture that is no video or a video of
  /// unknown length.
  static func text(_ metadata: ImageMetadata?, appearance: Appearance) -> String? {
    guard let duration = metadata?.video?.durationText else { return nil }
    return (appearance.unicode ? "▶ " : "> ") + duration
  }

  /// The length of the video `path` names (as the state last learned it), over the top
  /// edge of a grid cell already drawn in `rect`.
  static func decorate(
    cell rect: CellRect, metadata: ImageMetadata?, appearance: Appearance,
    into frame: inout Frame
  ) {
    guard let text = text(metadata, appearance: appearance) else { return }
    let badge = " " + text + " "
    // Room for the heart's three columns at the right.
    guard rect.width >= badge.displayWidth + 5 else { return }
    frame.put(badge, x: rect.minX + 1, y: rect.minY, style: Theme.label)
  }
}
