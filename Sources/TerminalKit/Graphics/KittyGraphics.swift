/// The commands of kitty's graphics protocol this program sends, as bytes
/// (`ESC _ G keys ; payload ESC \`). Every command has `q=2`, so the terminal answers
/// nothing, but a transmission by file (`q=1`), whose errors are wanted: the input
/// recognises and swallows them (`LateReplyFilter`).
public enum KittyGraphics {
  /// Base64 bytes per chunk; the protocol's limit is 4096.
  public static let chunkSize = 4096

  /// How transmitted pixels are laid out.
  public enum PixelFormat: Int, Sendable {
    /// 3 bytes a pixel (`f=24`).
    case rgb = 24
    /// 4 bytes a pixel (`f=32`).
    case rgba = 32
    /// A PNG file's bytes (`f=100`): the size comes from the PNG.
    case png = 100
  }

  /// Transmits an image under `id` without showing it (`a=t`), in chunks of
  /// `chunkSize` base64 bytes (`m=1` on all but the last). `data` is the pixels,
  /// zlib-compressed when `compressed` (`o=z`). With `virtualPlacement`, a
  /// virtual placement of that many columns and rows follows (`a=p,U=1`), for
  /// placeholder cells.
  public static func transmission(
    id: UInt32, width: Int, height: Int, format: PixelFormat, data: [UInt8], compressed: Bool,
    virtualPlacement: (columns: Int, rows: Int)? = nil
  ) -> [UInt8] {
    let encoded = Base64.encode(data)
    var out: [UInt8] = []
    out.reserveCapacity(encoded.count + encoded.count / chunkSize * 16 + 128)
    var start = 0
    repeat {
      let end = min(encoded.count, start + chunkSize)
      let more = end < encoded.count ? 1 : 0
      out.append(contentsOf: [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")])
      if start == 0 {
        let keys = transmissionKeys(
          id: id, width: width, height: height, format: format, compressed: compressed,
          quiet: 2, medium: "d")
        out.append(contentsOf: "\(keys),m=\(more)".utf8)
      } else {
        out.append(contentsOf: "q=2,m=\(more)".utf8)
      }
      out.append(UInt8(ascii: ";"))
      out.append(contentsOf: encoded[start..<end])
      out.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
      start = end
    } while start < encoded.count
    if let virtualPlacement { out += self.virtualPlacement(id: id, virtualPlacement) }
    return out
  }

  /// The keys that start a transmission (`a=t`): what the image is, how it travels
  /// (`t=`), and what the terminal answers (`q=`).
  static func transmissionKeys(
    id: UInt32, width: Int, height: Int, format: PixelFormat, compressed: Bool, quiet: Int,
    medium: String
  ) -> String {
    "a=t,q=\(quiet),i=\(id),f=\(format.rawValue),s=\(width),v=\(height),t=\(medium)"
      + (compressed ? ",o=z" : "")
  }

  /// A virtual placement of `columns × rows` for placeholder cells (`a=p,U=1`).
  static func virtualPlacement(id: UInt32, _ size: (columns: Int, rows: Int)) -> [UInt8] {
    command("a=p,U=1,q=2,i=\(id),c=\(size.columns),r=\(size.rows)")
  }

  /// Shows image `id` at the cursor (`a=p`) over `columns × rows` cells, from
  /// the source rectangle `x, y, width, height` in pixels, leaving the cursor
  /// where it was (`C=1`). `placementID` names this placement for deletion.
  public static func placement(
    id: UInt32, placementID: UInt32, x: Int, y: Int, width: Int, height: Int, columns: Int,
    rows: Int
  ) -> [UInt8] {
    command(
      "a=p,q=2,C=1,i=\(id),p=\(placementID),x=\(x),y=\(y),w=\(width),h=\(height),"
        + "c=\(columns),r=\(rows)")
  }

  /// Removes one placement; the image stays stored (`d=i`).
  public static func deletePlacement(id: UInt32, placementID: UInt32) -> [UInt8] {
    command("a=d,q=2,d=i,i=\(id),p=\(placementID)")
  }

  /// Removes an image's placements and frees its data (`d=I`).
  public static func deleteImage(id: UInt32) -> [UInt8] {
    command("a=d,q=2,d=I,i=\(id)")
  }

  static func command(_ keys: String) -> [UInt8] {
    [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")] + Array(keys.utf8) + [0x1B, UInt8(ascii: "\\")]
  }
}

/// iTerm2's inline image sequence.
public enum ITerm2Image {
  /// `OSC 1337;File=inline=1;size=N;width=Nc;height=Nc;preserveAspectRatio=0;
  /// doNotMoveCursor=1:<base64> ST`: the file (PNG) shown over exactly
  /// `columns × rows` cells at the cursor.
  public static func sequence(file: [UInt8], columns: Int, rows: Int) -> [UInt8] {
    var out = Array(
      ("\u{1B}]1337;File=inline=1;size=\(file.count);width=\(columns);height=\(rows);"
        + "preserveAspectRatio=0;doNotMoveCursor=1:").utf8)
    Base64.encode(file, into: &out)
    out.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
    return out
  }
}
