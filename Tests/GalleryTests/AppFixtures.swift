import CompositionalLayout
import Foundation
import TerminalKit

@testable import Gallery

/// The showcase library without files: Office 15, Kitchen 25, MacBook 30 pictures.
enum AppFixture {
  static func library(office: Int = 15, kitchen: Int = 25, macbook: Int = 30) -> Library {
    func section(_ name: String, _ count: Int) -> LibrarySection {
      let folder = "/pictures/\(name)"
      let pictures = (0..<count).map { index in
        let file = "\(name.lowercased())-\(index + 1).jpg"
        return Picture(
          path: folder + "/" + file, fileName: file, byteSize: 120_000 + Int64(index) * 1000,
          modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
      }
      return LibrarySection(name: name, folder: URL(fileURLWithPath: folder), pictures: pictures)
    }
    var stats = ScanStats()
    stats.pictures = office + kitchen + macbook
    return Library(
      sections: [
        section("Office", office), section("Kitchen", kitchen), section("MacBook", macbook),
      ],
      stats: stats)
  }

  /// A gallery of the showcase library at `width × height`, after a resize event as
  /// the run loop sends first.
  static func state(
    width: Int = 80, height: Int = 24, firstRowScrolling: FirstRowScrolling = .paging
  ) -> GalleryState {
    var state = GalleryState(
      library: library(), width: 10, height: 10,
      configuration: .init(firstRowScrolling: firstRowScrolling))
    _ = state.update(.resize(width: width, height: height, cellAspect: 2))
    return state
  }

  /// Sends keys one after another; returns the commands of the last one.
  @discardableResult
  ///
  /// The idle timer every input asks for again (`Prefetch`) is left out: the tests of
  /// keys look at what the key itself asks for.
  static func press(_ keys: [Key], _ state: inout GalleryState) -> [AppCommand] {
    var last: [AppCommand] = []
    for key in keys { last = state.update(.key(key)) }
    return last.filter { $0 != .scheduleTimer(.idle, milliseconds: Prefetch.idleMilliseconds) }
  }

  /// The focus's frame in screen coordinates.
  static func screenFrame(_ state: GalleryState) -> CellRect? {
    state.focus.flatMap { state.frame(of: $0) }?.offsetBy(dx: 0, dy: -state.scrollY)
  }

  /// Whether the focused picture lies wholly on screen (rows above the status line).
  static func focusIsOnScreen(_ state: GalleryState) -> Bool {
    guard let frame = screenFrame(state) else { return false }
    let screen = CellRect(x: 0, y: 0, width: state.screen.width, height: state.viewHeight)
    return screen.contains(frame) || (frame.height > state.viewHeight && frame.minY == 0)
  }

  /// The columns of a section: pictures sharing the first row's top edge.
  static func columns(_ state: GalleryState, section: Int) -> Int {
    let first = state.layout.frame(for: ItemIndexPath(item: 0, section: section))
    var count = 0
    while let frame = state.layout.frame(for: ItemIndexPath(item: count, section: section)),
      frame.minY == first?.minY, frame.maxX <= state.screen.width
    {
      count += 1
    }
    return count
  }
}
