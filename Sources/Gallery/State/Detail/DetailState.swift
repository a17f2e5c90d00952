/// What the detail view holds of its own: the zoom and the picture it belongs to, the
/// animation or the video playing, and the slideshow.
///
/// Its rules: a zoom belongs to one picture (another, or leaving, fits the whole again), and
/// an animation is known by the number it was asked with, so frames of one asked before
/// are not taken for the current one's.
public struct DetailState: Sendable {
  /// The zoom, for the picture at `zoomedPath`.
  public internal(set) var zoom = DetailZoom.fitted
  /// The picture the zoom belongs to; nil while not zoomed.
  public internal(set) var zoomedPath: String?
  /// The animation, while an animated picture is shown.
  public internal(set) var playback: AnimationPlayback?
  /// The number of the last animation asked for (see `AnimationPlayback.generation`).
  var animationsRequested = 0
  /// The video, while one plays (or has played) in the detail view.
  public internal(set) var video: VideoPlayback?
  /// The number of the last video asked for (see `VideoPlayback.generation`).
  var videosRequested = 0
  /// The Live Photo whose motion was asked for (`Space`), until it has played.
  public internal(set) var motionPath: String?
  /// The slideshow while it plays (`p`), nil otherwise.
  public internal(set) var slideshow: Slideshow?

  /// Notes that the zoom, as changed, belongs to the picture at `path`.
  mutating func zoomBelongs(to path: String?) {
    zoomedPath = zoom.isZoomed ? path : nil
  }

  /// The zoom goes with its picture: with `shown` another picture, or nil (the detail view
  /// left), the whole picture shows again.
  mutating func keepZoom(on shown: String?) {
    guard zoom.isZoomed, shown == nil || shown != zoomedPath else { return }
    zoom = .fitted
    zoomedPath = nil
  }
}
