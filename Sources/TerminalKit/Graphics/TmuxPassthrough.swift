/// tmux's passthrough: `ESC P tmux; … ESC \` with every ESC inside doubled.
///
/// tmux hands the inside to the outer terminal untouched, but only with
/// `set -g allow-passthrough on` (tmux 3.3 and later); otherwise it drops it.
public enum TmuxPassthrough {
  /// `sequence` wrapped for the terminal outside tmux.
  public static func wrap(_ sequence: some Collection<UInt8>) -> [UInt8] {
    var out: [UInt8] = [0x1B, UInt8(ascii: "P")]
    out.append(contentsOf: "tmux;".utf8)
    out.reserveCapacity(sequence.count + 16)
    for byte in sequence {
      if byte == 0x1B { out.append(0x1B) }
      out.append(byte)
    }
    out.append(contentsOf: [0x1B, UInt8(ascii: "\\")])
    return out
  }
}

extension TmuxPassthrough {
  /// Each command (up to its ST) in passthrough of its own.
  static func wrapEach(_ commands: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var start = 0
    var index = 0
    // Split after each ST (ESC \), so no passthrough holds more than one chunk.
    while index + 1 < commands.count {
      if commands[index] == 0x1B && commands[index + 1] == UInt8(ascii: "\\") {
        out += TmuxPassthrough.wrap(commands[start..<(index + 2)])
        start = index + 2
        index += 2
      } else {
        index += 1
      }
    }
    if start < commands.count { out += TmuxPassthrough.wrap(commands[start...]) }
    return out
  }
}
