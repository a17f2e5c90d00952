import CompositionalLayout

/// How `--print` writes the gallery.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
  /// Text with ANSI colour escapes, as the terminal would show it.
  case ansi
  /// Text only, no escapes.
  case plain
  /// The solved layout's frames as JSON.
  case json
}

/// The arrangement of sections on screen.
public enum LayoutPreset: String, Sendable, Hashable, CaseIterable {
  /// The first section as a horizontal row, the others as adaptive grids.
  case showcase
  /// Every section as an adaptive grid.
  case grid
  /// Fixed-size items, as many columns as fit, leftover spread evenly.
  case flow
  /// Stacked items in nested groups with group paging, continuous rows and list rows.
  case browse
  /// The list appearance: one row per picture.
  case list
}

/// How the first row of the showcase scrolls sideways.
public enum OfficeScrolling: String, Sendable, Hashable, CaseIterable {
  /// Free scrolling, no resting points.
  case continuous
  /// A page of the container's width at a time.
  case paging
  /// One group at a time.
  case groupPaging = "group-paging"
}

extension CellSize {
  /// The largest width or height `--size` accepts.
  public static let maximumSide = 10_000

  /// Reads `WxH` (or `WXH`), both between 1 and `maximumSide`; nil for anything else.
  public init?(parsing text: String) {
    let halves = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard halves.count == 2,
      halves.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
      let width = Int(halves[0]), let height = Int(halves[1]),
      (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height)
    else { return nil }
    self.init(width: width, height: height)
  }
}
