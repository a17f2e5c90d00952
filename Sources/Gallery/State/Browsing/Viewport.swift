import CompositionalLayout
import TerminalKit

/// The part of the content on screen: the terminal's size and cell shape, the size
/// classes they give, and the scroll offsets.
///
/// Every write goes through a method that keeps it sane: sizes are never negative, the
/// cell aspect is always finite and positive, size classes change with hysteresis.
package struct Viewport: Hashable, Sendable {
  /// The terminal's size in cells.
  package private(set) var screen: CellSize
  /// Pixel height ÷ pixel width of a cell.
  package private(set) var cellAspect: Double
  /// The size classes in effect (kept for the hysteresis of the next resize).
  package private(set) var traits: TraitCollection
  /// The first content row shown at the top of the screen.
  package private(set) var scrollY = 0
  /// Horizontal offsets of the orthogonal sections, by section index (missing: 0).
  package private(set) var orthogonalOffsets: [Int: Int] = [:]
  /// A cell's size in pixels, when the terminal says: pictures in pixels are drawn at it.
  package private(set) var cellPixels: CellPixelSize?

  /// The smallest screen the gallery draws on; below it a message says so.
  package static let minimumSize = CellSize(width: 24, height: 8)

  /// A viewport on a `width × height` screen, scrolled to the top.
  package init(width: Int, height: Int, cellAspect: Double) {
    screen = CellSize(width: max(0, width), height: max(0, height))
    self.cellAspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : 2
    traits = TraitCollection(containerSize: screen, cellAspect: self.cellAspect, previous: nil)
  }

  // MARK: Geometry

  /// Rows of the scrolling view: all but the status line.
  package var viewHeight: Int { max(0, screen.height - 1) }

  /// The part of the screen the sections scroll in (the screen less the status line),
  /// in screen cells.
  package var viewRect: CellRect { CellRect(x: 0, y: 0, width: screen.width, height: viewHeight) }

  /// The content rows shown: `viewHeight` rows from `scrollY`.
  package var visibleRect: CellRect {
    CellRect(x: 0, y: scrollY, width: screen.width, height: viewHeight)
  }

  /// Whether the screen is below `minimumSize`.
  package var isTooSmall: Bool {
    screen.width < Self.minimumSize.width || screen.height < Self.minimumSize.height
  }

  /// The layout's environment: the view (the screen less the status line, less
  /// `trailing` columns kept for the timeline's scrubber) as the container, size classes
  /// from the whole screen (the showcase's design speaks of the terminal's size), with
  /// the hysteresis of the classes now in effect.
  func environment(reservingTrailing trailing: Int = 0) -> LayoutEnvironment {
    let width = max(0, screen.width - trailing)
    return LayoutEnvironment(
      container: LayoutContainer(contentSize: CellSize(width: width, height: viewHeight)),
      traitCollection: TraitCollection(
        containerSize: screen, cellAspect: cellAspect, previous: traits))
  }

  // MARK: Changes

  /// The screen is now `width × height` cells of `cellAspect`; a cell aspect that is not
  /// finite and positive keeps the one known.
  mutating func resize(width: Int, height: Int, cellAspect: Double, cellPixels: CellPixelSize?) {
    screen = CellSize(width: max(0, width), height: max(0, height))
    if cellAspect.isFinite && cellAspect > 0 { self.cellAspect = cellAspect }
    if let cellPixels, cellPixels.width > 0, cellPixels.height > 0 { self.cellPixels = cellPixels }
  }

  /// Takes the size classes of the environment the layout was solved in.
  mutating func adopt(_ environment: LayoutEnvironment) {
    traits = environment.traitCollection
  }

  /// Scrolls to `y`, clamped to `0...maximum`.
  mutating func scroll(to y: Int, maximum: Int) {
    scrollY = min(max(0, y), max(0, maximum))
  }

  /// Scrolls the orthogonal section at `section` to `offset`; nil forgets it (offset 0).
  mutating func setOffset(_ offset: Int?, section: Int) {
    orthogonalOffsets[section] = offset
  }

  /// Forgets every orthogonal offset (a new arrangement of the sections).
  mutating func resetOffsets() { orthogonalOffsets = [:] }
}
