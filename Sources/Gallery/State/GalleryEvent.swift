import FoundationEssentials
import Pictures
import TerminalKit

/// Everything that can change the gallery's state: the one input of `GalleryState.update`.
package enum GalleryEvent: Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// The terminal is now `width × height` cells; `cellAspect` is pixel height ÷ width,
  /// `cellPixels` a cell's size in pixels when the terminal says.
  case resize(width: Int, height: Int, cellAspect: Double, cellPixels: CellPixelSize? = nil)
  /// A thumbnail asked for with `requestThumbnails` finished (or failed): the picture at
  /// `path` in a box of `size`, or the part `crop` says of it, its clipped areas painted
  /// when `painted`.
  case thumbnailReady(
    path: String, size: TileSize, crop: PictureCrop? = nil, painted: Bool = false,
    result: ThumbnailResult)
  /// A picture asked for in pixels finished (or failed): the one `key` names.
  case pictureReady(PictureKey, result: PictureResult)
  /// The details asked for with `describe` (a header read): the picture's metadata, or
  /// why it cannot be read.
  case pictureDescribed(path: String, outcome: ThumbnailOutcome)
  /// A picture measured as `analyze` asked: its histogram, clipping and sharpness, or why
  /// it could not be.
  case pictureAnalyzed(path: String, outcome: AnalysisOutcome)
  /// Frames of the animation asked for with `requestAnimation` (of that `generation`),
  /// or why it cannot play.
  case animationFrames(
    path: String, size: TileSize, generation: Int, result: Result<AnimationPart, ThumbnailError>)
  /// What the player asked for with `playVideo` (of that `generation`) reported: a frame
  /// due now, its end, or why it cannot play.
  case videoPlayed(generation: Int, VideoPlayerEvent)
  /// A timer asked for with `scheduleTimer` is due.
  case timerFired(GalleryTimer)
  /// The library scan found a section, met a problem, or finished.
  case scan(ScanEvent)
  /// Several scan events that came together, taken as one: the timeline regroups once
  /// for all the folders they bring, not once a folder.
  case scanned([ScanEvent])
  /// The favourites an older gallery kept in its own file became decisions, written in
  /// their sidecars at start (or some could not).
  case favoritesMigrated(FavoritesMigration)
  /// The watcher could not watch everything: live updates are off or partial.
  case watchWarnings([WatchWarning])
  /// The watcher saw pictures arrive, go or change in the shown folders.
  case foldersChanged(FolderChanges)
  /// A fresh scan (asked for by the watcher) replaces what is shown.
  case rescanned(Library)
  /// The order saved by an earlier run, read at start.
  case orderLoaded(PictureOrder)
  /// The folders moved or copied to by an earlier run, the last first, read at start.
  case recentFoldersLoaded([String])
  /// The state file (the order kept across runs) could not be read or written: why.
  case stateFileFailed(StateFileError)
  /// Details asked for with `readDetails`, by path: what the library index knew, then
  /// what the files' heads said (one with no date taken is undated for good).
  case detailsRead(PictureDetailsBatch)
  /// The perceptual hashes of pictures, by the stamp of the file as it was hashed: read
  /// from the library index or made from their decoded copies, streamed in as they
  /// come. A hash whose stamp is not the library's now is dropped.
  case likenessRead([FileStamp: PerceptualHash])
  /// The content hashes of files, by the stamp of the file as it was read, as text
  /// (XXH3-128 in hex): those asked for with `readContentHashes`, from the library index
  /// or read whole. A hash whose stamp is not the library's now is dropped.
  case contentHashesRead([FileStamp: String])
  /// What became of an `open`: the program ran (or started), or why it did not.
  case opened(OpenOutcome)
  /// Lines of the configuration file that could not be used, read at start.
  case configProblems([ConfigProblem])
  /// What became of a `FileAction` (`act`).
  case acted(FileActionReport)
  /// What the files' XMP says was decided while culling, by picture file's path: read
  /// at start, or for files that came since. Taken as it is: nothing is written back.
  case decisionsRead([String: CullingDecision])
  /// Decisions asked to be kept (`writeDecisions`) that could not be, or sidecars that
  /// could not be read: the sentence for the status line, naming the file and what to do.
  /// The decisions stay shown.
  case sidecarsFailed(String)
  /// The folders whose paths start with the prompt's `text` (`completeFolder`), each as
  /// the prompt would show it, with a `/` at its end.
  case folderCompletions(text: String, candidates: [String])
  /// What became of a command of the user's or of the key handler, worded for the
  /// status line: its exit status when it failed.
  case commandEnded(summary: String, isFailure: Bool)
  /// The card above `folder` (`findCard`): the folder holding `DCIM/`, nil for none.
  case cardFound(folder: String, card: String?)
  /// The plan asked for with `planImport`, ready to be shown before anything is copied.
  case importPlanned(ImportPreview)
  /// The import asked for cannot begin (a destination missing, read-only or inside the
  /// card): why, as the command line says it. Nothing was copied.
  case importRefused(String)
  /// How far the import under way (`startImport`) has come.
  case importProgressed(ImportProgressReport)
  /// The import ended (done, stopped or failed); `shown`, the folders it wrote into
  /// scanned, which the gallery shows from then on (nil: keep what is shown).
  case importFinished(ImportOutcome, shown: Library?)
}

/// What became of handing pictures to the opener.
package enum OpenOutcome: Hashable, Sendable {
  /// The program ran and ended well (or, detached, started): `program` is its name.
  case opened(count: Int, program: String)
  /// It could not start, or it failed: why, worded for the status line.
  case failed(String)
}

/// What became of one thumbnail request, without the cells (the shelf keeps those).
package enum ThumbnailOutcome: Hashable, Sendable {
  /// Drawn; `metadata` is nil when the pixels came from the disk cache.
  case ready(metadata: ImageMetadata?, isPartial: Bool)
  /// The picture could not be decoded.
  case failed(ThumbnailError)
}

/// A side effect `update` asks the run loop for: the only way state reaches the world.
package enum AppCommand: Hashable, Sendable {
  /// Render these thumbnails (highest priority first) and cancel every other request.
  case requestThumbnails([ThumbnailWant])
  /// Read the picture's header (dimensions, EXIF) and report it as `pictureDescribed`:
  /// asked for the focused picture when its thumbnail came from a cache that keeps none.
  case describe(path: String)
  /// Measure the pictures at `paths` (histogram, clipping, sharpness, over the regions
  /// given, `nil` for the whole frame) and report each as `pictureAnalyzed`: the survey's,
  /// the detail view's, and those the order by sharpness waits for.
  case analyze([AnalysisWant])
  /// Repaint the whole screen, not only what changed (Ctrl-L).
  case redraw
  /// Leave the program.
  case quit
  /// Drop the thumbnails of these pictures: their files were rewritten.
  case invalidateThumbnails([String])
  /// Decode the animation at `path` and draw its frames in a box of `size`; they come
  /// back as `animationFrames` with the same `generation`.
  case requestAnimation(path: String, size: TileSize, generation: Int)
  /// Stop the work on that animation.
  case cancelAnimation(path: String, size: TileSize)
  /// Play the video at `path` muted in a box of `size` from `start` seconds in; its
  /// frames come back as `videoPlayed` with the same `generation`, each when it is due.
  case playVideo(path: String, size: TileSize, generation: Int, start: Double)
  /// Pause that video (`true`) or go on.
  case pauseVideo(generation: Int, paused: Bool)
  /// Stop that video and let its file go.
  case stopVideo(generation: Int)
  /// Keep the order for the next run (the state file, atomically, off the main thread);
  /// a failure comes back as `stateFileFailed`.
  case saveOrder(PictureOrder)
  /// Keep the folders moved or copied to, the last first, for the next run (the state
  /// file, as for the order); a failure comes back as `stateFileFailed`.
  case saveRecentFolders([String])
  /// Read these pictures' details in the background (from the library index first, then
  /// from their files' heads): when each was taken, for the timeline and the order by
  /// date taken, and the camera, the lens, the place…; they come back as `detailsRead`,
  /// in batches.
  case readDetails([FileStamp])
  /// Read these pictures' perceptual hashes in the background (the library index first,
  /// then the files, at the lowest priority), for stacks and the duplicates; they come
  /// back as `likenessRead`, in batches, then an empty batch once all are through.
  case readLikeness([FileStamp])
  /// Read these files' content hashes in the background (the library index first, then
  /// each file whole): the duplicates grouping's candidates for exact copies, alike and of
  /// one size; they come back as `contentHashesRead`.
  case readContentHashes([FileStamp])
  /// Stop reading the content hashes asked for so far: the duplicates grouping was left,
  /// and nothing else uses them. Those read are kept; later asks are read. A batch
  /// already on its way may still come: its hashes are right, and only kept.
  case cancelContentHashes
  /// Hand these pictures to the opener (`$GALLERY_OPENER`, else `xdg-open`), the
  /// terminal handed over while it runs; the outcome comes back as `opened`.
  case openExternally([String])
  /// Put these paths, one a line, on the clipboard (OSC 52, through tmux too).
  case copy([String])
  /// Trash, move, copy, rename, turn or undo (`FileAction`); the answer comes back as
  /// `acted`.
  case act(FileAction)
  /// Keep these files' decisions where other programs read them (their XMP), a pair's
  /// files each: a decision made or undone while culling.
  case writeDecisions([FileDecision])
  /// List the folders whose paths start with `text` (relative to `from`); the answer
  /// comes back as `folderCompletions`.
  case completeFolder(String, from: String)
  /// Run a command of the user's with `%f` the focused picture's path and `%m` the
  /// marked paths (or the focused picture's files); the outcome comes back as
  /// `commandEnded`.
  case run(UserCommand, focused: String, marked: [String])
  /// Run the key handler (`$XDG_CONFIG_HOME/gallery/key-handler KEY`) with the paths on
  /// its standard input, one a line; the outcome comes back as `commandEnded`.
  case runKeyHandler(key: String, paths: [String])
  /// Send `timerFired(timer)` after `milliseconds` (replacing a tick already asked for):
  /// the runtime's timer, since the state has no clock.
  case scheduleTimer(GalleryTimer, milliseconds: Int)
  /// Forget the tick asked for with `timer`.
  case cancelTimer(GalleryTimer)
  /// Look for the card `folder` lies on (an ancestor with a `DCIM` child); the answer
  /// comes back as `cardFound`.
  case findCard(folder: String)
  /// Plan the import off the drawing thread, copying nothing; it comes back as
  /// `importPlanned` or `importRefused`.
  case planImport(ImportRequest)
  /// Copy what the last plan shows, in the background: `importProgressed` while it runs,
  /// then `importFinished`.
  case startImport
  /// Stop the import under way between two pictures, as Ctrl-C stops the command line's.
  case stopImport
  /// Forget the plan shown, copying nothing (Esc on the preview): the library index it
  /// read is closed.
  case cancelImport
}

/// The gallery's timers: the run loop keeps one deadline for each.
package enum GalleryTimer: Hashable, Sendable {
  /// The detail view's animation: the next frame is due.
  case animation
  /// The user has not typed, clicked or resized for `Prefetch.idleMilliseconds`.
  case idle
  /// The slideshow: the next picture is due.
  case slideshow
}
