import CompositionalLayout
import Gallery

extension CellSize {
  /// The largest width or height `--size` accepts.
  package static let maximumSide = 10_000

  /// Reads `WxH` (or `WXH`), both between 1 and `maximumSide`; nil for anything else.
  package init?(parsing text: String) {
    let halves = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard halves.count == 2,
      halves.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
      let width = Int(halves[0]), let height = Int(halves[1]),
      (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height)
    else { return nil }
    self.init(width: width, height: height)
  }
}
