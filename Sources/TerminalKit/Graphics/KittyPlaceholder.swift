/// kitty's Unicode placeholders: cells that show part of an image.
///
/// A placeholder cell is U+10EEEE followed by two combining marks, the image
/// row and column (from kitty's table of 297 diacritics), drawn with the image
/// id as its foreground colour: `38;5;id` for ids up to 255, `38;2;r;g;b` (the
/// id's low 24 bits) above. The image needs a virtual placement (`U=1`) with the
/// same columns and rows. To the frame diff these are ordinary cells.
public enum KittyPlaceholder {
  /// The placeholder character.
  public static let character: Unicode.Scalar = "\u{10EEEE}"

  /// The most rows or columns one image can cover this way.
  public static var maximumCells: Int { diacritics.count }

  /// The cell showing row `row`, column `column` of image `imageID`; nil past
  /// `maximumCells`.
  public static func cell(imageID: UInt32, row: Int, column: Int) -> Cell? {
    guard row >= 0, column >= 0, row < diacritics.count, column < diacritics.count,
      let rowMark = Unicode.Scalar(diacritics[row]),
      let columnMark = Unicode.Scalar(diacritics[column])
    else { return nil }
    var scalars = String.UnicodeScalarView()
    scalars.append(character)
    scalars.append(rowMark)
    scalars.append(columnMark)
    return Cell(Character(String(scalars)), style: Style(foreground: color(imageID: imageID)))
  }

  /// The foreground colour that names `imageID`.
  public static func color(imageID: UInt32) -> Color {
    if imageID < 256 { return .indexed(UInt8(imageID)) }
    return .rgb(
      UInt8(truncatingIfNeeded: imageID >> 16), UInt8(truncatingIfNeeded: imageID >> 8),
      UInt8(truncatingIfNeeded: imageID))
  }

  /// The row and column a placeholder cell shows, and its image id; nil for any
  /// other cell.
  public static func decode(_ cell: Cell) -> (imageID: UInt32, row: Int, column: Int)? {
    guard let scalars = cell.character?.unicodeScalars, scalars.first == character else {
      return nil
    }
    let marks = scalars.dropFirst().map(\.value)
    guard marks.count == 2, let row = index[marks[0]], let column = index[marks[1]] else {
      return nil
    }
    let id: UInt32
    switch cell.style.foreground {
    case .indexed(let value): id = UInt32(value)
    case .rgb(let r, let g, let b): id = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    case .default: return nil
    }
    return (id, row, column)
  }

  /// The row/column diacritics, in order: Unicode 6.0 combining marks of class
  /// 230 without decompositions, less a few that normalisation fuses (the list
  /// kitty's protocol defines), as ranges.
  static let diacritics: [UInt32] = {
    let ranges: [ClosedRange<UInt32>] = [
      0x0305...0x0305, 0x030D...0x030E, 0x0310...0x0310, 0x0312...0x0312, 0x033D...0x033F,
      0x0346...0x0346, 0x034A...0x034C, 0x0350...0x0352, 0x0357...0x0357, 0x035B...0x035B,
      0x0363...0x036F, 0x0483...0x0487, 0x0592...0x0595, 0x0597...0x0599, 0x059C...0x05A1,
      0x05A8...0x05A9, 0x05AB...0x05AC, 0x05AF...0x05AF, 0x05C4...0x05C4, 0x0610...0x0617,
      0x0657...0x065B, 0x065D...0x065E, 0x06D6...0x06DC, 0x06DF...0x06E2, 0x06E4...0x06E4,
      0x06E7...0x06E8, 0x06EB...0x06EC, 0x0730...0x0730, 0x0732...0x0733, 0x0735...0x0736,
      0x073A...0x073A, 0x073D...0x073D, 0x073F...0x0741, 0x0743...0x0743, 0x0745...0x0745,
      0x0747...0x0747, 0x0749...0x074A, 0x07EB...0x07F1, 0x07F3...0x07F3, 0x0816...0x0819,
      0x081B...0x0823, 0x0825...0x0827, 0x0829...0x082D, 0x0951...0x0951, 0x0953...0x0954,
      0x0F82...0x0F83, 0x0F86...0x0F87, 0x135D...0x135F, 0x17DD...0x17DD, 0x193A...0x193A,
      0x1A17...0x1A17, 0x1A75...0x1A7C, 0x1B6B...0x1B6B, 0x1B6D...0x1B73, 0x1CD0...0x1CD2,
      0x1CDA...0x1CDB, 0x1CE0...0x1CE0, 0x1DC0...0x1DC1, 0x1DC3...0x1DC9, 0x1DCB...0x1DCC,
      0x1DD1...0x1DE6, 0x1DFE...0x1DFE, 0x20D0...0x20D1, 0x20D4...0x20D7, 0x20DB...0x20DC,
      0x20E1...0x20E1, 0x20E7...0x20E7, 0x20E9...0x20E9, 0x20F0...0x20F0, 0x2CEF...0x2CF1,
      0x2DE0...0x2DFF, 0xA66F...0xA66F, 0xA67C...0xA67D, 0xA6F0...0xA6F1, 0xA8E0...0xA8F1,
      0xAAB0...0xAAB0, 0xAAB2...0xAAB3, 0xAAB7...0xAAB8, 0xAABE...0xAABF, 0xAAC1...0xAAC1,
      0xFE20...0xFE26, 0x10A0F...0x10A0F, 0x10A38...0x10A38, 0x1D185...0x1D189,
      0x1D1AA...0x1D1AD, 0x1D242...0x1D244,
    ]
    return ranges.flatMap { Array($0) }
  }()

  /// Diacritic → its number.
  static let index: [UInt32: Int] = Dictionary(
    uniqueKeysWithValues: diacritics.enumerated().map { ($1, $0) })
}
