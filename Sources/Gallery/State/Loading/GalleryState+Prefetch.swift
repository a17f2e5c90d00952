import CompositionalLayout
import Pictures

extension GalleryState {
  /// An input came: the user is no longer idle, and the idle timer starts again.
  mutating func noteInput() -> [AppCommand] {
    loading.noteInput()
    return [.scheduleTimer(.idle, milliseconds: Prefetch.idleMilliseconds)]
  }

  /// Whether every picture on screen is drawn from the picture itself (not a placeholder,
  /// not a preview): for the benchmarks' timings.
  package var isScreenSharp: Bool { isScreenFinished(loading.wanted) }

  /// Whether every picture on screen is drawn, from itself or its preview.
  package var isScreenFilled: Bool {
    let pixels = appearance.pictureFormat != nil && viewport.cellPixels != nil
    return loading.wanted.allSatisfy { want in
      guard want.priority >= .visible else { return true }
      return pixels
        ? loading.pictures.contains(want.pictureKey)
        : loading.thumbnails.contains(
          path: want.path, size: want.size, crop: want.crop, painted: want.paintsClipping)
    }
  }

  /// Whether every picture of `wants` on screen (focused or visible) is drawn from the
  /// picture itself: no placeholder and no preview left.
  func isScreenFinished(_ wants: [ThumbnailWant]) -> Bool {
    let pixels = appearance.pictureFormat != nil && viewport.cellPixels != nil
    return wants.allSatisfy { want in
      guard want.priority >= .visible else { return true }
      return pixels
        ? loading.pictures.hasFinal(want.pictureKey)
        : loading.thumbnails.hasFinal(
          path: want.path, size: want.size, crop: want.crop, painted: want.paintsClipping)
    }
  }

  /// The pictures to decode ahead, in order, each with its box: the next page in the way
  /// the view travels, the page on the other side, the rest of each orthogonal row on
  /// screen (outward from what shows), then page after page ahead to the end. Pictures
  /// already wanted come again; the caller skips them.
  ///
  /// Lazy: the caller stops at its budget, so only the pages it reaches are solved.
  func prefetchCandidates() -> some Sequence<(ItemIndexPath, TileSize)> {
    let height = max(1, viewHeight)
    let travel = prefetch.travel
    let content = layout.contentSize.height
    func page(_ offset: Int) -> [(ItemIndexPath, TileSize)] {
      let top = scrollY + offset * height
      guard top < content, top + height > 0 else { return [] }
      let rect = CellRect(x: 0, y: top, width: screen.width, height: height)
      return layout.attributes(in: rect, orthogonalOffsets: orthogonalOffsets).compactMap {
        element in
        guard element.category == .item, let size = artBox(for: element) else { return nil }
        return (element.indexPath, size)
      }
    }
    func restOfRows() -> [(ItemIndexPath, TileSize)] {
      var rows: [(ItemIndexPath, TileSize)] = []
      var sections = Set<Int>()
      for element in layout.attributes(in: visibleRect, orthogonalOffsets: orthogonalOffsets)
      where element.category == .item {
        let section = element.indexPath.section
        guard layout.sections[section].isOrthogonal, sections.insert(section).inserted,
          let size = artBox(for: element)
        else { continue }
        let first = element.indexPath.item
        // Outward from the first shown: right, then left.
        let order = Array(first..<count(inSection: section)) + Array((0..<first).reversed())
        rows += order.map { (ItemIndexPath(item: $0, section: section), size) }
      }
      return rows
    }
    let pagesAhead = max(2, content / height + 1)
    // The pages by their offsets, the rest of the rows as nil: one closure for them all
    // (a closure each copied the whole state, hundreds of times in a large library).
    let parts: [Int?] = [travel, -travel, nil] + (2...pagesAhead).map { travel * $0 }
    return parts.lazy.flatMap { offset in offset.map(page) ?? restOfRows() }
  }
}
