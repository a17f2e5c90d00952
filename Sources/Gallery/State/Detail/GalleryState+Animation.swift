import Pictures

/// Animated pictures (GIF, WebP) play in the detail view; elsewhere they show their first
/// frame. Nothing runs while no animation is shown: the frames are asked for when the
/// view opens on one, a tick is asked for each frame, and leaving cancels both.
extension GalleryState {
  /// The animation the screen should play now: the focused picture in the detail view
  /// (also under the help) when decoding said it is animated.
  var wantedAnimation: (path: String, size: TileSize)? {
    guard screenMode == .detail, let focus, let picture = picture(at: focus),
      case .ready(let metadata?, _)? = loading.info[picture.path], metadata.isAnimated,
      let box = detailLayout.artBox
    else { return nil }
    return (picture.path, box)
  }

  /// Starts, keeps or stops the playback to match the screen.
  mutating func syncAnimation() -> [AppCommand] {
    let wanted = wantedAnimation
    if let playback = detail.playback, let wanted, playback.path == wanted.path,
      playback.size == wanted.size
    {
      return []
    }
    var commands: [AppCommand] = []
    if let playback = detail.playback {
      commands += [
        .cancelAnimation(path: playback.path, size: playback.size), .cancelTimer(.animation),
      ]
      detail.playback = nil
    }
    if let wanted {
      detail.animationsRequested += 1
      detail.playback = AnimationPlayback(
        path: wanted.path, size: wanted.size, generation: detail.animationsRequested)
      commands.append(
        .requestAnimation(
          path: wanted.path, size: wanted.size, generation: detail.animationsRequested))
    }
    return commands
  }

  /// Takes frames for the playback they were asked for; a failure stops it (the still
  /// picture stays).
  mutating func receiveAnimation(
    path: String, size: TileSize, generation: Int, result: Result<AnimationPart, ThumbnailError>
  ) -> [AppCommand] {
    guard var playback = detail.playback, playback.generation == generation else { return [] }
    switch result {
    case .success(let part):
      playback.receive(part)
      detail.playback = playback
      return scheduleNextFrame()
    case .failure:
      detail.playback = nil
      return []
    }
  }

  /// The tick came: the next frame shows, and the one after is asked for.
  mutating func advanceAnimation() -> [AppCommand] {
    guard detail.playback != nil else { return [] }
    detail.playback?.advance()
    return scheduleNextFrame()
  }

  private mutating func scheduleNextFrame() -> [AppCommand] {
    guard let delay = detail.playback?.nextTick() else { return [] }
    return [.scheduleTimer(.animation, milliseconds: delay)]
  }
}
