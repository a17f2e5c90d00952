/// A string the terminal acts on without drawing: an operating system command (OSC)
/// such as OSC 52, which sets the clipboard.
///
/// Written between frames, on its own (`GalleryTerminal.send`). It never disturbs what
/// a screen writer knows of the terminal: an OSC neither moves the cursor nor changes
/// the style, and a terminal that does not know the command still reads it to its
/// terminator and drops it (ECMA-48's control string). The payload cannot end the string
/// early: only printable ASCII goes inside, which `clipboard` guarantees by encoding in
/// base64.
public struct ControlString: Hashable, Sendable {
  /// The bytes to write, terminator included.
  public let bytes: [UInt8]

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// OSC 52: puts `text` (UTF-8) on the terminal's clipboard (`c`), ended with ST.
  ///
  /// xterm, kitty, foot, WezTerm, iTerm2 and Windows Terminal take it (xterm when
  /// `allowWindowOps` or `disallowedWindowOps` permits); tmux takes it with
  /// `set-clipboard on` and passes it to the terminal outside.
  public static func clipboard(_ text: String) -> ControlString {
    var bytes: [UInt8] = [0x1B, UInt8(ascii: "]")]
    bytes += Array("52;c;".utf8)
    bytes += base64(Array(text.utf8))
    bytes += [0x1B, UInt8(ascii: "\\")]
    return ControlString(bytes: bytes)
  }

  /// The same string wrapped in tmux's passthrough (`ESC P tmux; … ESC \`, each ESC
  /// inside doubled), which tmux hands to the terminal outside it untouched when
  /// `allow-passthrough` is on, and drops otherwise.
  public var passingThroughTmux: ControlString {
    var wrapped: [UInt8] = [0x1B, UInt8(ascii: "P")]
    wrapped += Array("tmux;".utf8)
    for byte in bytes {
      if byte == 0x1B { wrapped.append(0x1B) }
      wrapped.append(byte)
    }
    wrapped += [0x1B, UInt8(ascii: "\\")]
    return ControlString(bytes: wrapped)
  }

  /// Standard base64 with padding (RFC 4648). O(n).
  static func base64(_ input: [UInt8]) -> [UInt8] {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((input.count + 2) / 3 * 4)
    var index = 0
    while index < input.count {
      let count = min(3, input.count - index)
      var value = UInt32(input[index]) << 16
      if count > 1 { value |= UInt32(input[index + 1]) << 8 }
      if count > 2 { value |= UInt32(input[index + 2]) }
      out.append(alphabet[Int(value >> 18 & 63)])
      out.append(alphabet[Int(value >> 12 & 63)])
      out.append(count > 1 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
      out.append(count > 2 ? alphabet[Int(value & 63)] : UInt8(ascii: "="))
      index += 3
    }
    return out
  }
}
