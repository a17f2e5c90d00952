/// Separates a terminal's answers from typed input, byte stream in, pieces out.
///
/// Bytes arrive in any split: a reply cut in two is held until its end comes.
/// Recognised replies (see `TerminalReply`): APC (`ESC _ … ST`, kitty
/// graphics), DCS (`ESC P … ST`, XTVERSION), OSC (`ESC ] … ST/BEL`), and the
/// CSI answers `?…c` (DA1), `>…c` (DA2), `?…S` (XTSMGRAPHICS), `?…$y` (a mode
/// report), `0 n` and `3 n` (operating status) and `4;h;w t`, `6;h;w t`, `8;r;c t` (window reports). Everything
/// else is input, passed on byte for byte in order: keys (`ESC [ A`, `ESC O P`),
/// mouse reports, UTF-8 text, a lone Escape. A sequence that could still become
/// a reply but grows past `maximumReplyLength` is input too (someone typed
/// Alt-P and went on typing). Pure; O(bytes).
public struct TerminalReplyParser: Sendable {
  /// What came out of the stream.
  public enum Piece: Hashable, Sendable {
    case reply(TerminalReply)
    /// Typed bytes, in order, to hand to the key decoder.
    case input([UInt8])
  }

  /// The longest reply held while waiting for its end (a kitty answer with an
  /// error message is under 200 bytes; XTVERSION under 100).
  public static let maximumReplyLength = 1024

  private var pending: [UInt8] = []

  public init() {}

  /// Whether bytes are held: a reply (or a key sequence) not yet complete.
  public var hasPendingBytes: Bool { !pending.isEmpty }

  /// The pieces `bytes` complete; an unfinished sequence at the end is held.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Piece] {
    pending.append(contentsOf: bytes)
    return drain(atEnd: false)
  }

  /// Gives up waiting: held bytes become input (a lone Escape key, Alt-P, an
  /// answer cut off for good).
  public mutating func flush() -> [Piece] {
    drain(atEnd: true)
  }

  private enum Scan {
    case incomplete
    case reply(TerminalReply, length: Int)
    case input(length: Int)
  }

  private mutating func drain(atEnd: Bool) -> [Piece] {
    var pieces: [Piece] = []
    var input: [UInt8] = []
    var index = 0
    func emitInput() {
      if !input.isEmpty {
        pieces.append(.input(input))
        input.removeAll()
      }
    }
    while index < pending.count {
      guard pending[index] == 0x1B else {
        input.append(pending[index])
        index += 1
        continue
      }
      switch scan(at: index) {
      case .incomplete:
        if !atEnd && pending.count - index <= Self.maximumReplyLength {
          emitInput()
          pending.removeFirst(index)
          return pieces
        }
        // Never finished: the Escape is a key, the rest is read again as input.
        input.append(0x1B)
        index += 1
      case .reply(let reply, let length):
        emitInput()
        pieces.append(.reply(reply))
        index += length
      case .input(let length):
        input.append(contentsOf: pending[index..<(index + length)])
        index += length
      }
    }
    emitInput()
    pending.removeAll()
    return pieces
  }

  /// What the sequence starting with the ESC at `start` is.
  ///
  /// A sequence whose end is not within `maximumReplyLength` bytes is no reply, however
  /// the bytes arrived: its Escape is a key and the rest is read again. (The limit was
  /// once applied only to what was held, so a long answer fed whole was a reply and fed
  /// in pieces was typed input; found by the terminal-bytes fuzz target.)
  private func scan(at start: Int) -> Scan {
    let end = pending.count
    let limit = start + Self.maximumReplyLength
    guard start + 1 < end else { return .incomplete }
    let introducer = pending[start + 1]
    switch introducer {
    case UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "]"):
      // A string, to ST (ESC \) or, for OSC, BEL.
      var index = start + 2
      while index < end {
        guard index < limit else { return .input(length: 1) }
        let byte = pending[index]
        if byte == 0x07 && introducer == UInt8(ascii: "]") {
          let reply = TerminalReply.parse(
            introducer: introducer, body: pending[(start + 2)..<index], final: nil)
          return reply.map { .reply($0, length: index + 1 - start) } ?? .input(length: 2)
        }
        if byte == 0x1B {
          guard index + 1 < end else { return .incomplete }
          guard pending[index + 1] == UInt8(ascii: "\\") else {
            // An ESC that does not end the string: this was no reply.
            return .input(length: 2)
          }
          let reply = TerminalReply.parse(
            introducer: introducer, body: pending[(start + 2)..<index], final: nil)
          return reply.map { .reply($0, length: index + 2 - start) } ?? .input(length: 2)
        }
        index += 1
      }
      return .incomplete
    case UInt8(ascii: "["):
      var index = start + 2
      while index < end, index < limit, (0x30...0x3F).contains(pending[index]) { index += 1 }
      let parametersEnd = index
      while index < end, index < limit, (0x20...0x2F).contains(pending[index]) { index += 1 }
      guard index < limit else { return .input(length: 1) }
      guard index < end else { return .incomplete }
      let final = pending[index]
      // Not a control sequence at all (ESC [ then a control byte): input.
      guard (0x40...0x7E).contains(final) else { return .input(length: 2) }
      let parameters = String(decoding: pending[(start + 2)..<parametersEnd], as: UTF8.self)
      let intermediates = String(decoding: pending[parametersEnd..<index], as: UTF8.self)
      if intermediates == "$" && final == UInt8(ascii: "y") {
        return .reply(.other("DECRPM " + parameters), length: index + 1 - start)
      }
      if !intermediates.isEmpty { return .input(length: index + 1 - start) }
      if let reply = TerminalReply.controlSequence(parameters, final: final) {
        return .reply(reply, length: index + 1 - start)
      }
      return .input(length: index + 1 - start)
    default:
      // ESC and one byte: Alt plus a key, or an SS3 key (ESC O P) read on.
      return .input(length: 1)
    }
  }
}
