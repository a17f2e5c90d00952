import Pictures

/// What a picture offers a query: its files' names and path, its details as read from
/// its file's head, and what the user made of it (marked, a favourite, its stars, flag and labels).
///
/// A picture whose details are not read yet (`details` nil) matches no term that reads
/// them (`camera`, `lens`, `iso`, `f`, `focal`, `shutter`, `date`, `w`, `h`, `has`),
/// negated or not: until they are read it is found by its names, its place (`place:`)
/// and its kind (`is:`) only.
package struct PictureFacts: Sendable {
  /// The picture, with the other files of its pair: their names, path and formats.
  package var picture: Picture
  /// What its file's head says, nil while it is not read.
  package var details: PictureDetails?
  /// Whether it, or any file of its pair, is marked.
  package var isMarked: Bool
  /// Whether it, or any file of its pair, is a favourite.
  package var isFavorite: Bool
  /// What was decided of it while culling.
  package var decision: CullingDecision

  package init(
    _ picture: Picture, details: PictureDetails? = nil, isMarked: Bool = false,
    isFavorite: Bool = false, decision: CullingDecision = .undecided
  ) {
    self.picture = picture
    self.details = details
    self.isMarked = isMarked
    self.isFavorite = isFavorite
    self.decision = decision
  }
}
