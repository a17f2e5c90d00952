/// The way a picture's stored pixels are turned to be shown: the eight values of EXIF's
/// orientation tag (0x0112), each named by what it asks of the stored picture.
///
/// The eight form a group, the symmetries of a rectangle: `turned(_:)` is the
/// orientation that shows the picture as this one does and then turned, so a turn
/// changes a tag and leaves every pixel where it is stored.
package enum ExifOrientation: Int, Sendable, Hashable, CaseIterable {
  /// 1: shown as stored.
  case normal = 1
  /// 2: mirrored left to right.
  case mirrored = 2
  /// 3: turned half way round.
  case upsideDown = 3
  /// 4: mirrored top to bottom.
  case flipped = 4
  /// 5: transposed, mirrored along the diagonal from the top left corner (a mirror left
  /// to right, then a quarter turn counter-clockwise).
  case transposed = 5
  /// 6: shown after a quarter turn clockwise.
  case needsClockwiseTurn = 6
  /// 7: transversed, mirrored along the diagonal from the top right corner (a mirror left
  /// to right, then a quarter turn clockwise).
  case transversed = 7
  /// 8: shown after a quarter turn counter-clockwise.
  case needsCounterClockwiseTurn = 8

  /// The orientation a tag's value names; anything outside 1–8 (0, a missing tag,
  /// garbage) counts as 1, as readers show such pictures.
  package init(tagValue: Int) {
    self = ExifOrientation(rawValue: tagValue) ?? .normal
  }

  /// The orientation that shows the picture as this one does, then turned by `turn` as
  /// seen on the screen.
  package func turned(_ turn: PictureTurn) -> ExifOrientation {
    Self(matrix: turn.matrix.times(matrix))
  }

  /// Where a stored pixel is shown: the stored picture's coordinates (x right, y down,
  /// from its centre) taken to the shown ones. The same mapping as the decoder's
  /// `PixelImage.oriented`, which goes the other way, from shown pixels to stored ones.
  var matrix: TurnMatrix {
    switch self {
    case .normal: TurnMatrix(1, 0, 0, 1)
    case .mirrored: TurnMatrix(-1, 0, 0, 1)
    case .upsideDown: TurnMatrix(-1, 0, 0, -1)
    case .flipped: TurnMatrix(1, 0, 0, -1)
    case .transposed: TurnMatrix(0, 1, 1, 0)
    case .needsClockwiseTurn: TurnMatrix(0, -1, 1, 0)
    case .transversed: TurnMatrix(0, -1, -1, 0)
    case .needsCounterClockwiseTurn: TurnMatrix(0, 1, -1, 0)
    }
  }

  /// The orientation whose matrix is `matrix`. Every product of the eight matrices is
  /// one of them, so the fallback is never taken.
  private init(matrix: TurnMatrix) {
    self = Self.allCases.first { $0.matrix == matrix } ?? .normal
  }
}

extension PictureTurn {
  /// The turn as a map of shown coordinates (x right, y down, from the centre).
  var matrix: TurnMatrix {
    switch self {
    // What was at the top goes to the right.
    case .right: ExifOrientation.needsClockwiseTurn.matrix
    case .left: ExifOrientation.needsCounterClockwiseTurn.matrix
    case .flipHorizontal: ExifOrientation.mirrored.matrix
    case .flipVertical: ExifOrientation.flipped.matrix
    }
  }
}

/// A 2×2 matrix of -1, 0 and 1: one of the eight symmetries of a rectangle, acting on
/// coordinates from its centre as `(x, y) ↦ (a·x + b·y, c·x + d·y)`.
struct TurnMatrix: Hashable, Sendable {
  let a: Int
  let b: Int
  let c: Int
  let d: Int

  init(_ a: Int, _ b: Int, _ c: Int, _ d: Int) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
  }

  /// This map after `other`: `other` is applied first.
  func times(_ other: TurnMatrix) -> TurnMatrix {
    TurnMatrix(
      a * other.a + b * other.c, a * other.b + b * other.d,
      c * other.a + d * other.c, c * other.b + d * other.d)
  }
}
