import Pictures

/// Videos play muted in the detail view as soon as it shows one; a Live Photo's motion
/// plays once on `Space` (`KeyAction.play`), which also pauses and goes on. Nothing runs
/// while no video is shown: leaving the picture, zooming in or closing the view stops
/// the player.
extension GalleryState {
  /// What should play now: the focused video in the detail view (also under the help),
  /// or the motion of the focused Live Photo once asked for; nil while zoomed, and for a
  /// video whose poster could not be decoded.
  var wantedVideo: (path: String, picture: String, size: TileSize, isMotion: Bool)? {
    guard screenMode == .detail, !detail.zoom.isZoomed, let focus,
      let picture = picture(at: focus), let box = detailLayout.artBox
    else { return nil }
    if detail.motionPath == picture.path,
      let motion = picture.companions.first(where: { $0.format == .video })
    {
      return (motion.path, picture.path, box, true)
    }
    guard picture.format == .video else { return nil }
    if case .failed? = loading.info[picture.path] { return nil }
    return (picture.path, picture.path, box, false)
  }

  /// Starts, keeps or stops the player to match the screen.
  mutating func syncVideo() -> [AppCommand] {
    if let motion = detail.motionPath, focus.flatMap({ picture(at: $0) })?.path != motion {
      detail.playMotion(of: nil)
    }
    let wanted = wantedVideo
    if let video = detail.video, let wanted, video.path == wanted.path,
      video.picturePath == wanted.picture, video.size == wanted.size
    {
      return []
    }
    var commands: [AppCommand] = []
    // The same video in another box (a resize) goes on where it was, paused or not.
    var start = 0.0
    var paused = false
    if let video = detail.video {
      commands.append(.stopVideo(generation: video.generation))
      if let wanted, video.path == wanted.path, video.picturePath == wanted.picture,
        !video.hasEnded
      {
        start = video.frame?.time ?? 0
        paused = video.isPaused
      }
      detail.stopVideo()
    }
    if let wanted {
      let generation = detail.startVideo(
        path: wanted.path, picturePath: wanted.picture, size: wanted.size,
        isMotion: wanted.isMotion, paused: paused)
      commands.append(
        .playVideo(path: wanted.path, size: wanted.size, generation: generation, start: start))
      if paused { commands.append(.pauseVideo(generation: generation, paused: true)) }
    }
    return commands
  }

  /// `Space` in the detail view: pauses or goes on with the video playing, plays it again
  /// once it ended, plays a Live Photo's motion. Nil when the picture has nothing to play
  /// (the key then marks it as a favourite).
  mutating func playOrPause() -> [AppCommand]? {
    guard presentation.mode == .detail, let focus, let picture = picture(at: focus) else {
      return nil
    }
    if let video = detail.video, video.picturePath == picture.path {
      if video.hasEnded {
        // From the start: the next sync makes a new player.
        detail.stopVideo()
        if video.isMotion { detail.playMotion(of: picture.path) }
        return [.stopVideo(generation: video.generation)]
      }
      let paused = detail.togglePause()
      return [.pauseVideo(generation: video.generation, paused: paused)]
    }
    if picture.pairKind?.hasMotion == true {
      detail.playMotion(of: picture.path)
      return []
    }
    return nil
  }

  /// Takes what the player of `generation` reported; a Live Photo's motion goes back to
  /// the still at its end.
  mutating func receiveVideo(generation: Int, event: VideoPlayerEvent) {
    detail.receive(event, generation: generation)
  }
}
