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
      detail.stopAnimation()
    }
    if let wanted {
      let generation = detail.startAnimation(path: wanted.path, size: wanted.size)
      commands.append(
        .requestAnimation(path: wanted.path, size: wanted.size, generation: generation))
    }
    return commands
  }

  /// Takes frames for the playback they were asked for; a failure stops it (the still
  /// picture stays).
  mutating func receiveAnimation(
    path: String, size: TileSize, generation: Int, result: Result<AnimationPart, ThumbnailError>
  ) -> [AppCommand] {
    guard detail.playback?.generation == generation else { return [] }
    switch result {
    case .success(let part):
      guard detail.receiveFrames(part, generation: generation) else { return [] }
      return scheduleNextFrame()
    case .failure:
      detail.stopAnimation()
      return []
    }
  }

  /// The tick came: the next frame shows, and the one after is asked for.
  mutating func advanceAnimation() -> [AppCommand] {
    guard detail.playback != nil else { return [] }
    detail.advanceAnimation()
    return scheduleNextFrame()
  }

  private mutating func scheduleNextFrame() -> [AppCommand] {
    guard let delay = detail.nextAnimationTick() else { return [] }
    return [.scheduleTimer(.animation, milliseconds: delay)]
  }
}
