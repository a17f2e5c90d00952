import TerminalKit

extension Array where Element == TerminalReplyParser.Piece {
  /// The pieces with adjacent input pieces joined: where a stream was cut says nothing
  /// about the keys in it, so the parser's output is compared this way.
  package var joiningInput: [TerminalReplyParser.Piece] {
    var joined: [TerminalReplyParser.Piece] = []
    for piece in self {
      if case .input(let more) = piece, case .input(let held)? = joined.last {
        joined[joined.count - 1] = .input(held + more)
      } else {
        joined.append(piece)
      }
    }
    return joined
  }
}
