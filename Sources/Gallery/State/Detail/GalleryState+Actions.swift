/// What the gallery does with pictures besides showing them: open them with another
/// program (`o`), copy their paths (`y`), and play them as a slideshow (`p`).
extension GalleryState {
  /// Hands the focused picture, or the marked ones, to the opener.
  mutating func openPictures() -> [AppCommand] {
    let paths = focusedOrMarkedPaths
    return paths.isEmpty ? [] : [.openExternally(paths)]
  }

  /// Copies the focused picture's path, or the marked ones', to the clipboard.
  mutating func copyPaths() -> [AppCommand] {
    let paths = focusedOrMarkedPaths
    guard !paths.isEmpty else { return [] }
    status.say(.copied(count: paths.count))
    return [.copy(paths)]
  }

  // MARK: Slideshow

  /// Starts the slideshow on the focused picture (opened large from the grid).
  mutating func startSlideshow() -> [AppCommand] {
    guard let focus, picture(at: focus) != nil else { return [] }
    presentation.show(.detail)
    let show = Slideshow(interval: configuration.slideshowInterval)
    detail.showSlides(show)
    return [show.nextTick]
  }

  /// A key while the slideshow plays: `+` and `-` (the zoom actions) change the pace;
  /// any other key stops it, and does what it does unless it is `p` or Esc.
  ///
  /// - Returns: the commands, nil when the key is to be carried out as usual after.
  mutating func handleSlideshowKey(_ action: KeyAction?) -> [AppCommand]? {
    guard var show = detail.slideshow else { return nil }
    if action == .zoomIn || action == .zoomOut {
      show.step(faster: action == .zoomIn)
      detail.showSlides(show)
      return [show.nextTick]
    }
    detail.showSlides(nil)
    if action == .slideshow || action == .back { return [.cancelTimer(.slideshow)] }
    return [.cancelTimer(.slideshow)] + (action.map { perform($0) } ?? [])
  }

  /// The slideshow's timer: the next picture (the first after the last), and the next timer; nothing
  /// once the slideshow stopped or the detail view closed.
  mutating func advanceSlideshow() -> [AppCommand] {
    guard let show = detail.slideshow else { return [] }
    guard presentation.mode == .detail, let focus else {
      detail.showSlides(nil)
      return [.cancelTimer(.slideshow)]
    }
    browsing.moveFocus(to: path(after: focus, step: 1) ?? firstPath)
    return [show.nextTick]
  }
}
