import Gallery
import TerminalKit

/// Drawing the state: once per batch, and only when the frame changed.
extension GalleryRuntime {
  /// Draws the state; the first time, asks for the thumbnails wanted meanwhile, and
  /// draws again at once if the service held some of them in memory.
  ///
  /// - Returns: the bytes written (0 when nothing changed, nil when the terminal cannot
  ///   tell).
  @discardableResult
  func draw() -> Int? {
    var bytes = drawIfChanged()
    guard !hasDrawn else { return bytes }
    hasDrawn = true
    let wants = wantsBeforeFirstFrame
    wantsBeforeFirstFrame = nil
    guard let wants else { return bytes }
    let ready = readyInMemory(wants)
    for event in ready { apply(event) }
    // Thumbnails the service held in memory are drawn at once, not at the next event.
    if !ready.isEmpty { bytes = drawIfChanged() }
    return bytes
  }

  /// Draws the state unless its frame is the one on screen and no repaint is due; the
  /// bytes written (0 when not drawn).
  private func drawIfChanged() -> Int? {
    let frame = GalleryView.render(state)
    guard mustDraw || frame != lastFrame else { return 0 }
    mustDraw = false
    lastFrame = frame
    return terminal.draw(frame)
  }
}
