/// An answer a terminal sends to a query: never a key, so it must not reach
/// the key handler.
public enum TerminalReply: Hashable, Sendable {
  /// kitty graphics (`ESC _ G i=31;OK ESC \`): the image id asked about and the
  /// message (`OK`, or an error such as `ENOENT:…`).
  case kittyGraphics(imageID: Int?, message: String)
  /// Primary device attributes (`CSI ? 62;4;22 c`); 4 means sixel.
  case primaryDeviceAttributes([Int])
  /// XTVERSION (`DCS > | kitty(0.26.5) ST`): the terminal's name and version.
  case terminalVersion(String)
  /// XTSMGRAPHICS (`CSI ? item;status;value S`): item 1 is sixel colour
  /// registers, status 0 success.
  case graphicsAttribute(item: Int, status: Int, values: [Int])
  /// `CSI 6;height;width t`: a cell's size in pixels (the answer to `CSI 16 t`).
  case cellPixelSize(width: Int, height: Int)
  /// `CSI 4;height;width t`: the text area's size in pixels (answer to `CSI 14 t`).
  case textAreaPixelSize(width: Int, height: Int)
  /// `OSC 10;rgb:RRRR/GGGG/BBBB` or `OSC 11;…`: the terminal's default foreground (10)
  /// or background (11), the answer to `OSC 10;?` and `OSC 11;?`.
  case defaultColor(slot: Int, TerminalColor)
  /// `CSI 0 n` (or `CSI 3 n`): the terminal's operating status, the answer to `CSI 5 n`,
  /// which every terminal since the VT100 gives: swallowed, never a key.
  case operatingStatus(Int)
  /// Another reply-shaped sequence (an OSC or DCS answer, secondary device
  /// attributes, a mode report): swallowed, kept for diagnostics.
  case other(String)
}

extension TerminalReply {
  /// Reads a whole sequence (ESC included, terminator included); nil when it is
  /// not a reply (a key such as `ESC [ A`).
  static func parse(introducer: UInt8, body: ArraySlice<UInt8>, final: UInt8?) -> TerminalReply? {
    let text = String(decoding: body, as: UTF8.self)
    switch introducer {
    case UInt8(ascii: "_"):
      guard text.hasPrefix("G") else { return .other("APC " + text) }
      let parts = text.dropFirst().split(separator: ";", maxSplits: 1)
      var imageID: Int?
      for pair in (parts.first ?? "").split(separator: ",") {
        let keyValue = pair.split(separator: "=", maxSplits: 1)
        if keyValue.count == 2, keyValue[0] == "i" { imageID = Int(keyValue[1]) }
      }
      return .kittyGraphics(imageID: imageID, message: parts.count > 1 ? String(parts[1]) : "")
    case UInt8(ascii: "P"):
      if text.hasPrefix(">|") { return .terminalVersion(String(text.dropFirst(2))) }
      return .other("DCS " + text)
    case UInt8(ascii: "]"):
      let parts = text.split(separator: ";", maxSplits: 1)
      if parts.count == 2, let slot = Int(parts[0]), slot == 10 || slot == 11,
        let color = TerminalColor(xParseColor: parts[1])
      {
        return .defaultColor(slot: slot, color)
      }
      return .other("OSC " + text)
    case UInt8(ascii: "["):
      return controlSequence(text, final: final ?? 0)
    default:
      return nil
    }
  }

  /// A CSI sequence's parameters and final byte; nil for keys and mouse reports.
  static func controlSequence(_ parameters: String, final: UInt8) -> TerminalReply? {
    func numbers(_ text: Substring) -> [Int] {
      text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    }
    if parameters.hasPrefix("?") {
      let values = numbers(parameters.dropFirst())
      switch final {
      case UInt8(ascii: "c"): return .primaryDeviceAttributes(values)
      case UInt8(ascii: "S") where values.count >= 2:
        return .graphicsAttribute(
          item: values[0], status: values[1], values: Array(values.dropFirst(2)))
      default: return nil
      }
    }
    if parameters.hasPrefix(">") && final == UInt8(ascii: "c") {
      return .other("DA2 " + parameters)
    }
    if final == UInt8(ascii: "n"), parameters == "0" || parameters == "3" {
      return .operatingStatus(parameters == "0" ? 0 : 3)
    }
    if final == UInt8(ascii: "t") {
      let values = numbers(Substring(parameters))
      guard values.count == 3 else { return nil }
      switch values[0] {
      case 6: return .cellPixelSize(width: values[2], height: values[1])
      case 4: return .textAreaPixelSize(width: values[2], height: values[1])
      case 8: return .other("text area size \(parameters)")
      default: return nil
      }
    }
    return nil
  }
}
