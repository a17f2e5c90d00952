/// Pictures shown one after another, taken within seconds of each other and alike: a
/// burst, shown as one tile (its cover, with `×7`) until opened in place.
///
/// Its rules: two pictures or more, in the order shown, all in one section; the cover is
/// the picked one, else the sharpest measured, else the first (`StackForming.cover`).
package struct PictureStack: Hashable, Sendable {
  /// The pictures, in the order shown (a pair once, by its shown picture).
  package let members: [Picture]
  /// The index in `members` of the one the closed stack shows.
  package let coverIndex: Int
  /// Whether the stack shows every picture in place rather than its cover alone.
  package let isOpen: Bool

  /// How many pictures the stack holds.
  package var count: Int { members.count }

  /// The picture the closed stack shows.
  package var cover: Picture { members[coverIndex] }

  /// The shown paths of the pictures, in order.
  package var paths: [String] { members.map(\.path) }

  /// Where the picture shown at `path` is in the stack, from 0; nil when not in it.
  package func position(of path: String) -> Int? {
    members.firstIndex { $0.path == path }
  }

  /// Every file of every picture of the stack (a pair's files too).
  package var allPaths: [String] { members.flatMap(\.allPaths) }
}
