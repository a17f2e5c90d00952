import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// A stack's tile on screen, golden: closed, its cover with the count (`×4`); open, each
/// picture with its place in it (`1/4`), and the status line saying which.
@Suite struct StackFrameGoldenTests {
  /// The showcase at 80 × 24 with Office's first four pictures a burst.
  static func stacked() -> GalleryState {
    var state = AppFixture.state()
    let office = (1...4).map { "/pictures/Office/office-\($0).jpg" }
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var dates: [String: Date] = [:]
    var hashes: [String: PerceptualHash] = [:]
    for (index, path) in office.enumerated() {
      dates[path] = start + Double(index)
      hashes[path] = PerceptualHash(bits: UInt64(index))
    }
    _ = state.update(.detailsRead(.dates(dates)))
    _ = state.update(.likenessRead(state.stamped(hashes)))
    return state
  }

  @Test func aClosedStackAt80x24() throws {
    try FrameGoldenTests.check("stack-closed-80x24", Self.stacked())
  }

  @Test func anOpenStackAt80x24() throws {
    var state = Self.stacked()
    AppFixture.press([.character("b"), .right], &state)
    try FrameGoldenTests.check("stack-open-80x24", state)
  }
}
