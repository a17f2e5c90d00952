/// The image formats the gallery recognises, told apart by a file's first bytes.
public enum PictureFormat: String, Sendable, Hashable, CaseIterable {
  case jpeg
  case png

  /// How many leading bytes `sniff(_:)` needs to decide.
  public static let sniffLength = 4

  /// The format whose signature starts `bytes`, or nil for anything else.
  ///
  /// JPEG starts `FF D8 FF`, PNG `89 50 4E 47`. Only the signature is checked, so a
  /// truncated or damaged picture still counts as a picture and the app can show it
  /// as broken instead of hiding it.
  public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> PictureFormat?
  where Bytes.Element == UInt8 {
    var iterator = bytes.makeIterator()
    let first = iterator.next()
    let second = iterator.next()
    let third = iterator.next()
    let fourth = iterator.next()
    if first == 0xFF, second == 0xD8, third == 0xFF { return .jpeg }
    if first == 0x89, second == 0x50, third == 0x4E, fourth == 0x47 { return .png }
    return nil
  }
}
