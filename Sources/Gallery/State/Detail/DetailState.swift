import Pictures

/// What the detail view holds of its own: the zoom and the picture it belongs to, the
/// animation or the video playing, the slideshow, and whether the histogram and the
/// clipped areas show (there and in the survey).
///
/// Its rules: a zoom belongs to one picture (another, or leaving, fits the whole again), and
/// an animation or a video is known by the number it was asked with, so what comes for
/// one asked before is not taken for the current one's. Every field is written here, by
/// the methods below; the state's `Detail` files decide when.
package struct DetailState: Sendable {
  /// The zoom, for the picture at `zoomedPath`.
  package private(set) var zoom = DetailZoom.fitted
  /// The picture the zoom belongs to; nil while not zoomed.
  package private(set) var zoomedPath: String?
  /// The animation, while an animated picture is shown.
  package private(set) var playback: AnimationPlayback?
  /// The number of the last animation asked for (see `AnimationPlayback.generation`).
  private(set) var animationsRequested = 0
  /// The video, while one plays (or has played) in the detail view.
  package private(set) var video: VideoPlayback?
  /// The number of the last video asked for (see `VideoPlayback.generation`).
  private(set) var videosRequested = 0
  /// The Live Photo whose motion was asked for (`Space`), until it has played.
  package private(set) var motionPath: String?
  /// The slideshow while it plays (`p`), nil otherwise.
  package private(set) var slideshow: Slideshow?
  /// Whether the histogram shows (`H`), in the detail view and each pane of the survey.
  package private(set) var showsHistogram = false
  /// Whether clipped highlights and shadows are painted over the pictures (`J`).
  package private(set) var showsClipping = false

  // MARK: Zoom

  /// Zooms in or out by a step on the picture at `path`, within `geometry` when known.
  mutating func stepZoom(
    in zoomsIn: Bool, geometry: DetailZoom.Geometry?, on path: String?,
    around spot: (x: Double, y: Double)? = nil
  ) {
    zoom.zoom(in: zoomsIn, geometry: geometry, around: spot)
    zoomBelongs(to: path)
  }

  /// Shows the picture at `path` one pixel to a pixel of the screen.
  mutating func showActualSize(
    pictureWidth: Int, geometry: DetailZoom.Geometry, on path: String?,
    around spot: (x: Double, y: Double)? = nil
  ) {
    zoom.showActualSize(pictureWidth: pictureWidth, geometry: geometry, around: spot)
    zoomBelongs(to: path)
  }

  /// Fits the whole picture again.
  mutating func fit() {
    zoom = .fitted
    zoomedPath = nil
  }

  /// Pans the zoomed picture by a quarter of the view.
  mutating func pan(dx: Int, dy: Int, geometry: DetailZoom.Geometry?) {
    zoom.pan(dx: dx, dy: dy, geometry: geometry)
  }

  /// Notes that the zoom, as changed, belongs to the picture at `path`.
  private mutating func zoomBelongs(to path: String?) {
    zoomedPath = zoom.isZoomed ? path : nil
  }

  /// The zoom goes with its picture: with `shown` another picture, or nil (the detail view
  /// left), the whole picture shows again.
  mutating func keepZoom(on shown: String?) {
    guard zoom.isZoomed, shown == nil || shown != zoomedPath else { return }
    fit()
  }

  // MARK: Animation

  /// Starts playing the animation of `path` in `size`; returns the number it is asked with.
  mutating func startAnimation(path: String, size: TileSize) -> Int {
    animationsRequested += 1
    playback = AnimationPlayback(path: path, size: size, generation: animationsRequested)
    return animationsRequested
  }

  /// Stops the animation (the still picture stays).
  mutating func stopAnimation() { playback = nil }

  /// Takes frames for the animation asked with `generation`; false when they are for
  /// another one.
  mutating func receiveFrames(_ part: AnimationPart, generation: Int) -> Bool {
    guard playback?.generation == generation else { return false }
    playback?.receive(part)
    return true
  }

  /// The next frame shows.
  mutating func advanceAnimation() { playback?.advance() }

  /// The milliseconds until the frame after, nil when the animation stops there.
  mutating func nextAnimationTick() -> Int? { playback?.nextTick() }

  // MARK: Video

  /// Starts the player for `path` (the picture `picturePath`) in `size`, paused or not;
  /// returns the number it is asked with.
  mutating func startVideo(
    path: String, picturePath: String, size: TileSize, isMotion: Bool, paused: Bool
  ) -> Int {
    videosRequested += 1
    video = VideoPlayback(
      path: path, picturePath: picturePath, size: size, generation: videosRequested,
      isMotion: isMotion, isPaused: paused)
    return videosRequested
  }

  /// Stops the player (a new one starts at the next sync when the screen wants one).
  mutating func stopVideo() { video = nil }

  /// Pauses the video playing, or goes on with it; returns whether it is paused now.
  mutating func togglePause() -> Bool {
    video?.togglePause()
    return video?.isPaused ?? false
  }

  /// Takes what the player of `generation` reported; a Live Photo's motion goes back to
  /// the still at its end.
  mutating func receive(_ event: VideoPlayerEvent, generation: Int) {
    guard var playing = video, playing.generation == generation else { return }
    playing.receive(event)
    if playing.isMotion, playing.hasEnded {
      motionPath = nil
      video = nil
      return
    }
    video = playing
  }

  /// Plays the motion of the Live Photo at `path` (nil: none).
  mutating func playMotion(of path: String?) { motionPath = path }

  // MARK: Histogram and clipping

  /// Shows the histogram, or hides it.
  mutating func toggleHistogram() { showsHistogram.toggle() }

  /// Paints the clipped areas, or stops.
  mutating func toggleClipping() { showsClipping.toggle() }

  // MARK: Slideshow

  /// Starts the slideshow, or keeps it at its new pace; nil stops it.
  mutating func showSlides(_ show: Slideshow?) { slideshow = show }
}
