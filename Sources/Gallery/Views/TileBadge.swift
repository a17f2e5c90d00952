import CompositionalLayout
import Pictures
import TerminalKit

/// What a tile is besides a picture, in the ring's top edge at the left (the favourite's
/// heart is at the right), so it never covers the picture, whatever draws it: a video's
/// length (`▶ 0:42`), a pair's kind (`RAW+JPG`, `LIVE`), a closed stack's count (`×7`)
/// or an open stack's picture's place in it (`2/7`), first.
enum TileBadge {
  /// The badge's text for `picture` with the details `metadata` last learned of it, in
  /// `stack`; nil for a picture of one file in no stack that is no video, or a video of
  /// unknown length.
  static func text(
    picture: Picture, metadata: ImageMetadata?, stack: PictureStack? = nil,
    appearance: Appearance
  ) -> String? {
    let kind = kindText(picture: picture, metadata: metadata, appearance: appearance)
    guard let stack else { return kind }
    let place = stackText(stack, picture: picture, appearance: appearance)
    return kind.map { place + " " + $0 } ?? place
  }

  /// `×7` for a closed stack, `2/7` for the second picture of an open one.
  static func stackText(_ stack: PictureStack, picture: Picture, appearance: Appearance)
    -> String
  {
    guard stack.isOpen, let position = stack.position(of: picture.path) else {
      return (appearance.unicode ? "×" : "x") + "\(stack.count)"
    }
    return "\(position + 1)/\(stack.count)"
  }

  /// What the picture itself is: a pair's kind, a video's length; nil for neither.
  private static func kindText(picture: Picture, metadata: ImageMetadata?, appearance: Appearance)
    -> String?
  {
    if let pair = picture.pairKind { return pair.badge }
    guard let duration = metadata?.video?.durationText else { return nil }
    return (appearance.unicode ? "▶ " : "> ") + duration
  }

  /// The badge of `picture` over the top edge of a grid cell already drawn in `rect`.
  static func decorate(
    cell rect: CellRect, picture: Picture, metadata: ImageMetadata?, stack: PictureStack? = nil,
    appearance: Appearance, into frame: inout Frame
  ) {
    guard
      let text = text(picture: picture, metadata: metadata, stack: stack, appearance: appearance)
    else { return }
    let badge = " " + text + " "
    // Room for the heart's three columns at the right.
    guard rect.width >= badge.displayWidth + 5 else { return }
    frame.put(badge, x: rect.minX + 1, y: rect.minY, style: appearance.theme.label)
  }
}
