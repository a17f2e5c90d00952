import Gallery
import Pictures

/// What arrives in the run loop's inbox: a `GalleryEvent` for the state, as the service
/// that made it posted it, or one of the few things the loop must see before the state.
///
/// One message type, not a second one mirroring `GalleryEvent`: a service hands the state
/// its own event, and only what the loop keeps books on is wrapped.
enum Delivery: Sendable {
  /// For the state as it is.
  case event(GalleryEvent)
  /// The final answer to a request the loop keeps on its way (not a preview): the loop
  /// forgets the request, then hands the state `event`.
  case answered(AnsweredRequest, GalleryEvent)
  /// A settled batch from the folder watcher: held while a scan runs (`LiveUpdates`).
  case watched(FolderChanges)
  /// A rescan's whole library, replacing what is shown once the held batches follow.
  ///
  /// Not named like `GalleryEvent.rescanned`: `Inbox.post` is overloaded for both, and a
  /// rescan must reach `LiveUpdates`, never the state directly.
  case rescanFinished(Library)
  /// The terminal must be repainted whole with the next frame (it was handed back).
  case repaint
  /// A termination signal arrived: the run ends.
  case terminate(signal: Int32)
}

extension Delivery {
  /// A worker's `result` for `request`, as `event`: a preview is followed by the picture,
  /// so its request stays on its way; a final result answers it.
  static func result(
    _ event: GalleryEvent, answering request: AnsweredRequest, isPreview: Bool
  ) -> Delivery {
    isPreview ? .event(event) : .answered(request, event)
  }
}

/// A request the loop counts as on its way until its final result comes.
enum AnsweredRequest: Sendable {
  /// Cell art asked of the thumbnail service (`inFlight`).
  case thumbnail(ThumbnailRequest)
  /// A picture in pixels asked of the thumbnail service (`picturesInFlight`).
  case picture(PictureRequest)
}
