import TerminalKit

/// One frame of a video playing in the detail view, drawn for the box it fills: as cell
/// art, or as a picture in pixels for the terminal's protocol.
package struct VideoFrame: Sendable {
  /// What the frame is drawn as.
  package enum Content: Sendable {
    case cells(CellArt)
    case image(TerminalImage)
  }

  package var content: Content
  /// Its time in seconds from the video's start.
  package var time: Double
  /// Frames left out since the video started, to keep up with the clock (the decoding, or
  /// the terminal, slower than the video).
  package var dropped: Int

  package init(content: Content, time: Double, dropped: Int) {
    self.content = content
    self.time = time
    self.dropped = dropped
  }
}

/// What a playing video reports: a frame to show now, its end, or why it stopped.
package enum VideoPlayerEvent: Sendable {
  case frame(VideoFrame)
  /// The last frame has been shown; the player has let the file go.
  case ended
  /// The video cannot be played (its first frame did not decode); the poster stays.
  case failed(ThumbnailError)
}
