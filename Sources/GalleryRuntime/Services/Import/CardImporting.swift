import Gallery

/// What the run loop needs to import a card from the browser: finding the card, the plan
/// shown before anything is copied, the copying, and stopping it. Each answers later, on
/// another thread, through `answer`. The loop's tests put a fake in its place.
package protocol CardImporting: Sendable {
  /// Looks for the card above `folder` (an ancestor with a `DCIM` child); answers
  /// `cardFound`.
  func findCard(above folder: String, answer: @escaping @Sendable (GalleryEvent) -> Void)
  /// Checks the folders and plans the import, copying nothing; answers `importPlanned`
  /// or `importRefused`.
  func plan(_ request: ImportRequest, answer: @escaping @Sendable (GalleryEvent) -> Void)
  /// Copies what the last plan showed; answers `importProgressed` while it runs, then
  /// `importFinished` with the folders it wrote scanned.
  func start(answer: @escaping @Sendable (GalleryEvent) -> Void)
  /// Stops the import under way between two pictures.
  func stop()
  /// Forgets the plan shown, which will not be started.
  func cancel()
}
