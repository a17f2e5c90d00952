import FoundationEssentials
import Pictures

/// What the stacks read of the content: whether hashes coming in may change them, so a
/// batch that stacks nothing leaves what is shown (and the rows scrolled sideways) alone.
extension GalleryContent {
  /// Whether `hashes` may make, grow or break a stack of what is shown: a picture they
  /// hash is in a stack already, or has a date and a neighbour on screen (or the first
  /// or last picture of the closed stack beside it) taken within the seconds and alike.
  /// False while stacks are off. O(hashes).
  func likenessMayRestack(_ hashes: [String: PerceptualHash]) -> Bool {
    guard stacks.rules.isOn else { return false }
    let dates = datesTaken
    func hash(of picture: Picture) -> PerceptualHash? {
      Self.known(hashes, picture) ?? Self.known(likeness, picture)
    }
    for path in hashes.keys where holds(path) {
      let tile = shownPath(of: path)
      if stacks.stack(of: tile) != nil { return true }
      guard let place = snapshot.indexPath(for: tile),
        shown.librarySections.indices.contains(place.section)
      else { continue }
      let pictures = shown.librarySections[place.section].pictures
      guard pictures.indices.contains(place.item) else { continue }
      let picture = pictures[place.item]
      guard let date = Self.known(dates, picture), let own = hash(of: picture) else { continue }
      for index in [place.item - 1, place.item + 1] where pictures.indices.contains(index) {
        let beside = pictures[index]
        let ends = stacks.stack(of: beside.path).map { [$0.members.first, $0.members.last] }
        for neighbour in (ends ?? [beside]).compactMap({ $0 }) {
          guard let neighbourDate = Self.known(dates, neighbour),
            let neighbourHash = hash(of: neighbour)
          else { continue }
          if abs(date.timeIntervalSince(neighbourDate)) <= stacks.rules.seconds
            && own.distance(to: neighbourHash) <= stacks.rules.distance
          {
            return true
          }
        }
      }
    }
    return false
  }

  /// `picture`'s value in `values`: its own file's, else the first of its pair's files'.
  static func known<Value>(_ values: [String: Value], _ picture: Picture) -> Value? {
    if let own = values[picture.path] { return own }
    return picture.companions.lazy.compactMap { values[$0.path] }.first
  }
}
