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
    clipboard(bytes: Array(text.utf8))
  }

  /// OSC 52 carrying `bytes` as they are: paths, whose names need not be UTF-8 (the
  /// terminal puts on the clipboard what base64 brings, byte for byte).
  public static func clipboard(bytes payload: [UInt8]) -> ControlString {
    var bytes: [UInt8] = [0x1B, UInt8(ascii: "]")]
    bytes += Array("52;c;".utf8)
    bytes += Base64.encode(payload)
    bytes += [0x1B, UInt8(ascii: "\\")]
    return ControlString(bytes: bytes)
  }

  /// The same string wrapped in tmux's passthrough (`ESC P tmux; … ESC \`, each ESC
  /// inside doubled), which tmux hands to the terminal outside it untouched when
  /// `allow-passthrough` is on, and drops otherwise.
  public var passingThroughTmux: ControlString {
    ControlString(bytes: TmuxPassthrough.wrap(bytes))
  }
}
