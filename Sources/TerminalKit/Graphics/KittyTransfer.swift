/// How kitty images reach the terminal.
public enum KittyTransfer: Hashable, Sendable {
  /// The pixels inside the escape sequences, in base64 (`t=d`): works everywhere, over
  /// ssh and through tmux too, and every byte crosses the link.
  case direct
  /// A temporary file kitty reads and then deletes (`t=t`), its path `prefix` and a
  /// number: for a kitty on the same machine, which answered the probe's file. The
  /// escape sequence carries only the path.
  case temporaryFile(prefix: String)
}

/// A picture's pixels as kitty takes them, for a transmission by file or direct.
public struct KittyPixels: Hashable, Sendable {
  public var format: KittyGraphics.PixelFormat
  /// Whether `data` is zlib-compressed (`o=z`).
  public var compressed: Bool
  public var data: [UInt8]

  public init(format: KittyGraphics.PixelFormat, compressed: Bool, data: [UInt8]) {
    self.format = format
    self.compressed = compressed
    self.data = data
  }
}

/// A file a kitty transmission names: written whole before the bytes that name it.
public struct KittyFile: Hashable, Sendable {
  public var path: String
  public var bytes: [UInt8]

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }
}

extension KittyGraphics {
  /// Transmits an image under `id` from the file at `path` (`t=t`, which kitty deletes
  /// once read), with `q=1`: kitty stays silent when it worked and answers an error
  /// (`ESC _ G i=ID;EBADF:… ESC \`) when it could not read the file, so the image can be
  /// sent again directly. The payload is the path in base64; for placeholders a virtual
  /// placement follows, as in `transmission`.
  public static func fileTransmission(
    id: UInt32, width: Int, height: Int, pixels: KittyPixels, path: String,
    virtualPlacement: (columns: Int, rows: Int)? = nil
  ) -> [UInt8] {
    let keys = transmissionKeys(
      id: id, width: width, height: height, format: pixels.format,
      compressed: pixels.compressed, quiet: 1, medium: "t")
    var out: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]
    out.append(contentsOf: keys.utf8)
    out.append(UInt8(ascii: ";"))
    Base64.encode(Array(path.utf8), into: &out)
    out.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
    if let virtualPlacement { out += self.virtualPlacement(id: id, virtualPlacement) }
    return out
  }
}
