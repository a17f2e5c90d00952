import CompositionalLayout
import Thumbnails

extension GalleryState {
  /// The thumbnails the screen needs now, highest priority first: in the detail view its
  /// picture (4) and the neighbours (1); in the grid the focus (3), the rest on screen
  /// (2), then a page above and below and the next pictures of each row (1).
  ///
  /// O(pictures on screen and one page around it).
  public func thumbnailWants() -> [ThumbnailWant] {
    guard !isTooSmall else { return [] }
    var wants: [ThumbnailWant] = []
    var seen = Set<String>()
    func add(_ path: ItemIndexPath, size: TileSize?, priority: Int) {
      guard let size, let picture = picture(at: path) else { return }
      guard seen.insert(picture.path).inserted else { return }
      wants.append(ThumbnailWant(path: picture.path, size: size, priority: priority))
    }
    if mode == .detail || (mode == .help && modeBeforeHelp == .detail), let focus {
      let box = DetailLayout(screen: screen).artBox
      add(focus, size: box, priority: 4)
      for step in [1, -1] {
        if let neighbour = path(after: focus, step: step) { add(neighbour, size: box, priority: 1) }
      }
      return wants
    }
    if let focus, let frame = frame(of: focus) {
      add(focus, size: artBox(section: focus.section, frame: frame), priority: 3)
    }
    let onScreen = layout.attributes(in: visibleRect, orthogonalOffsets: orthogonalOffsets)
      .filter { $0.category == .item }
    for element in onScreen {
      add(element.indexPath, size: artBox(for: element), priority: 2)
    }
    // Just off screen: the rows of orthogonal sections beyond the edge, and a page each way.
    for element in onScreen where layout.sections[element.indexPath.section].isOrthogonal {
      for step in [1, 2, -1] {
        let next = ItemIndexPath(
          item: element.indexPath.item + step, section: element.indexPath.section)
        add(next, size: artBox(for: element), priority: 1)
      }
    }
    let around = CellRect(
      x: 0, y: scrollY - viewHeight, width: screen.width, height: viewHeight * 3)
    for element in layout.attributes(in: around, orthogonalOffsets: orthogonalOffsets)
    where element.category == .item {
      add(element.indexPath, size: artBox(for: element), priority: 1)
    }
    return wants
  }
}

/// Where the detail view puts things on a screen: the picture's box on top, the details
/// below it, the status line last.
public struct DetailLayout: Hashable, Sendable {
  /// Rows of details under the picture.
  public static let infoRows = 5
  public let screen: CellSize

  public init(screen: CellSize) { self.screen = screen }

  /// The rectangle of the picture: the width less a column each side, the rows above
  /// the details.
  public var artRect: CellRect {
    CellRect(
      x: 1, y: 0, width: max(0, screen.width - 2), height: max(0, screen.height - 1 - Self.infoRows)
    )
  }

  /// The box the picture's cell art fills; nil when there is no room.
  public var artBox: TileSize? {
    let rect = artRect
    return rect.width > 0 && rect.height > 0
      ? TileSize(columns: rect.width, rows: rect.height) : nil
  }
}
