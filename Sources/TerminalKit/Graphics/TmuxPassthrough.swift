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
