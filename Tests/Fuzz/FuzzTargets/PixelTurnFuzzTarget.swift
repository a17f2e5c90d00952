import Pictures
import Thumbnails

extension FuzzTarget {
  /// Turning a PNG or a lossless WebP by its pixels (`LosslessTurn`), which rewrites a
  /// user's file: any bytes are turned or refused, never a trap. What it turns decodes,
  /// and turned back it decodes to the pixels the bytes decoded to before.
  static let pixelTurn = FuzzTarget(
    "pixel-turn", "turning a PNG or lossless WebP by its pixels"
  ) { bytes throws(FuzzFailure) in
    let decoder = ImageDecoder(limits: fuzzLimits)
    let turn = PictureTurn.allCases[bytes.count % PictureTurn.allCases.count]
    guard let turned = try? LosslessTurn.turning(bytes, by: turn, limits: fuzzLimits) else {
      return
    }
    guard let before = try? decoder.decode(bytes: bytes) else { return }
    let back: [UInt8]
    do throws(OrientationRewriteError) {
      back = try LosslessTurn.turning(turned, by: turn.inverse, limits: fuzzLimits)
    } catch {
      throw FuzzFailure("a file the turn wrote was refused: \(error.message)")
    }
    guard let again = try? decoder.decode(bytes: back) else {
      throw FuzzFailure("a file the turn wrote does not decode")
    }
    try require(again.image == before.image, "\(turn) and back changed the pixels")
  }
}
