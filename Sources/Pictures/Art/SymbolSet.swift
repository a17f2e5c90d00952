/// Which characters may draw the picture.
package enum SymbolSet: String, Hashable, Sendable, CaseIterable {
  /// Block elements: halves, quadrants, eighths (the default).
  case blocks
  /// Upper and lower half blocks only: two square-ish pixels a cell.
  case halfBlocks = "half"
  /// Quadrant blocks.
  case quadrants
  /// Sextants (Unicode 13 legacy computing): 2×3 a cell.
  case sextants
  /// Braille patterns: 2×4 dots a cell.
  case braille
  /// Printable ASCII only.
  case ascii
}
