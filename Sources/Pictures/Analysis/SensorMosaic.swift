/// The colour filter mosaic over a camera's sensor, and its levels: which colour each
/// photosite records, where black is and where it saturates.
///
/// The pattern repeats every `rows`×`columns` photosites (2×2 for most Bayer sensors,
/// 6×6 for Fujifilm's X-Trans); each cell gives its colour and its black level (LibRaw's
/// `black` with the per-channel and per-position parts added). A second green, which
/// LibRaw numbers 3, is given as green.
package struct SensorMosaic: Hashable, Sendable {
  /// A photosite's colour.
  package enum Channel: UInt8, Hashable, Sendable {
    case red = 0
    case green = 1
    case blue = 2
  }

  package let rows: Int
  package let columns: Int
  /// `rows * columns` cells, row by row.
  package let channels: [Channel]
  /// Each cell's black level, in the sensor's units.
  package let blackLevels: [UInt16]
  /// The level at which the sensor saturates, in the same units (LibRaw's `maximum`).
  package let whiteLevel: UInt16
  /// The side of the square blocks the analysis takes as one pixel: the smallest of 2, 3,
  /// 4 and 6 whose every block of the pattern holds all three colours.
  package let blockSide: Int

  /// A mosaic, or nil when it is not one: a side not 1…48, counts that do not match, no
  /// block side at which every block holds all three colours, or a white level not above
  /// every black level.
  package init?(
    rows: Int, columns: Int, channels: [Channel], blackLevels: [UInt16], whiteLevel: UInt16
  ) {
    guard (1...48).contains(rows), (1...48).contains(columns),
      channels.count == rows * columns, blackLevels.count == rows * columns,
      let highestBlack = blackLevels.max(), whiteLevel > highestBlack
    else { return nil }
    func holdsAllColours(_ side: Int) -> Bool {
      // The blocks start at multiples of `side`; the pattern repeats every lcm of each.
      let spanRows = Self.lcm(rows, side)
      let spanColumns = Self.lcm(columns, side)
      for top in stride(from: 0, to: spanRows, by: side) {
        for left in stride(from: 0, to: spanColumns, by: side) {
          var seen: Set<Channel> = []
          for dy in 0..<side {
            for dx in 0..<side {
              seen.insert(channels[((top + dy) % rows) * columns + (left + dx) % columns])
            }
          }
          if seen.count < 3 { return false }
        }
      }
      return true
    }
    guard let side = [2, 3, 4, 6].first(where: holdsAllColours) else { return nil }
    self.rows = rows
    self.columns = columns
    self.channels = channels
    self.blackLevels = blackLevels
    self.whiteLevel = whiteLevel
    self.blockSide = side
  }

  /// A Bayer mosaic of one 2×2 pattern, given from its top-left photosite row by row
  /// (`[.red, .green, .green, .blue]` for RGGB), one black level for all.
  package static func bayer(_ pattern: [Channel], black: UInt16, white: UInt16)
    -> SensorMosaic?
  {
    SensorMosaic(
      rows: 2, columns: 2, channels: pattern, blackLevels: Array(repeating: black, count: 4),
      whiteLevel: white)
  }

  static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
  static func lcm(_ a: Int, _ b: Int) -> Int { a / gcd(a, b) * b }
}
