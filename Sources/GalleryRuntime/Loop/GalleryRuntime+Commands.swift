import Gallery
import Pictures
import Thumbnails

/// A step of `perform`'s work: a command to carry out, or an event answered at once to
/// hand to the state.
private enum PendingWork {
  case command(AppCommand)
  case event(GalleryEvent)
}

/// The commands `update` returns, handed to the services that carry them out.
extension GalleryRuntime {
  /// Hands `event` to the state and carries out what it asks.
  func apply(_ event: GalleryEvent) { perform(state.update(event)) }

  /// Carries out `commands` in order, and the commands of what they answer at once.
  ///
  /// Some commands have their answer at once (results already in the thumbnail service's
  /// memory, an opener that ran, a folder's completions): that answer goes through
  /// `update` right after its command, and the commands `update` returns come before the
  /// rest, as a nested call would order them. The work is a stack, not a nested call:
  /// nothing re-enters `perform` while it runs, and no command is carried out while
  /// another is half done (an `ask` still changing `inFlight`).
  func perform(_ commands: [AppCommand]) {
    var work = commands.reversed().map(PendingWork.command)
    while let next = work.popLast() {
      switch next {
      case .command(let command):
        work += carryOut(command).reversed().map(PendingWork.event)
      case .event(let event):
        work += state.update(event).reversed().map(PendingWork.command)
      }
    }
  }

  /// Carries out `command` with the service it belongs to.
  ///
  /// - Returns: the answers the service had at once, for the state.
  private func carryOut(_ command: AppCommand) -> [GalleryEvent] {
    switch command {
    // The loop's own.
    case .quit: outcome = .quit
    case .redraw:
      terminal.invalidate()
      mustDraw = true
    case .scheduleTimer(let timer, let milliseconds):
      timers.schedule(timer, milliseconds: milliseconds)
    case .cancelTimer(let timer): timers.cancel(timer)
    // The thumbnail service: pictures, details, animations, videos.
    case .requestThumbnails(let wants): return requestThumbnails(wants)
    case .invalidateThumbnails(let paths): invalidateThumbnails(paths)
    case .describe(let path): describe(path)
    case .analyze(let wants): analyze(wants)
    case .requestAnimation(let path, let size, let generation):
      requestAnimation(path: path, size: size, generation: generation)
    case .cancelAnimation(let path, let size):
      thumbnails?.cancelAnimation(animationRequest(path, size))
    case .playVideo(let path, let size, let generation, let start):
      players[generation] = playVideo(path: path, size: size, generation: generation, from: start)
    case .pauseVideo(let generation, let paused): players[generation]?.setPaused(paused)
    case .stopVideo(let generation):
      players.removeValue(forKey: generation)?.stop()
      framesToShow.remove(generation)
    // Keeping: the state file, the dates taken, the likeness.
    case .saveOrder(let order): save(order)
    case .saveRecentFolders(let folders): save(recentFolders: folders)
    case .readDetails(let stamps): readDetails(stamps)
    case .readLikeness(let stamps): readLikeness(stamps)
    case .readContentHashes(let stamps): readContentHashes(stamps)
    case .cancelContentHashes: services.contentHashes?.cancel()
    // The decisions made while culling, in the pictures' sidecars.
    case .writeDecisions(let decisions): write(decisions)
    // The actions on files.
    case .act(let action): act(action)
    case .completeFolder(let text, let base): return [completeFolder(text, from: base)]
    // Other programs and the terminal: the opener, the user's commands, the clipboard.
    case .openExternally(let paths): return [.opened(open(paths))]
    case .run(let command, let focused, let marked):
      return [run(command, focused: focused, marked: marked)]
    case .runKeyHandler(let key, let paths): return [runKeyHandler(key: key, paths: paths)]
    case .copy(let paths): copy(paths)
    case .findCard(let folder): findCard(above: folder)
    case .planImport(let request): planImport(request)
    case .startImport: startImport()
    case .stopImport: cardImporter.stop()
    case .cancelImport: cardImporter.cancel()
    }
    return []
  }
}
