import TerminalKit
import TestSupport

extension FuzzTarget {
  /// Bytes from outside that reach TerminalKit. The first byte picks a stage (so an input
  /// keeps its meaning when stages are added); the rest is the stage's input.
  static let terminalBytes = FuzzTarget(
    "terminal-bytes", "untrusted text to the screen; the terminal's replies among keys"
  ) { bytes throws(FuzzFailure) in
    var input = FuzzInput(bytes)
    switch input.pick(TerminalBytesStage.allCases) {
    case .untrustedText: try checkUntrustedText(&input)
    case .replies: try checkReplies(&input)
    }
  }
}

/// The parts of TerminalKit that take bytes from outside; another one (a decoder of key
/// sequences) joins as a case, and a function that feeds it the rest of the input.
enum TerminalBytesStage: CaseIterable {
  /// A file name or EXIF field, sanitised, fitted and drawn, then written to a modelled
  /// terminal: nothing in it may move the cursor or start a sequence, and the screen
  /// must show exactly the frame.
  case untrustedText
  /// What the terminal sends while the graphics probe waits for its answers: replies
  /// and typed keys, in any split (`TerminalReplyParser`).
  case replies
}

/// The pieces the parser makes of `bytes` fed at `cuts` (offsets, in order), then flushed;
/// adjacent input pieces joined, since where input is cut says nothing.
private func pieces(of bytes: [UInt8], cutAt cuts: [Int]) -> [TerminalReplyParser.Piece] {
  var parser = TerminalReplyParser()
  var pieces: [TerminalReplyParser.Piece] = []
  var start = 0
  for cut in cuts + [bytes.count] {
    pieces += parser.feed(bytes[start..<cut])
    start = cut
  }
  pieces += parser.flush()
  return pieces.joiningInput
}

private func checkReplies(_ input: inout FuzzInput) throws(FuzzFailure) {
  let marks = (0..<input.below(6)).map { _ in Int(input.byte()) }
  let bytes = Array(input.rest)
  let whole = pieces(of: bytes, cutAt: [])
  let cuts = marks.map { $0 * bytes.count / 255 }.sorted()
  let split = pieces(of: bytes, cutAt: cuts)
  try require(split == whole, "cut at \(cuts), the pieces differ: \(split) vs \(whole)")
  var typed: [UInt8] = []
  for case .input(let piece) in whole {
    try require(!piece.isEmpty, "an empty input piece")
    typed += piece
  }
  try require(typed.count <= bytes.count, "more input out than bytes in")
  if !bytes.contains(0x1B) {
    try require(typed == bytes, "with no ESC, everything is typed input")
  }
}

private func checkUntrustedText(_ input: inout FuzzInput) throws(FuzzFailure) {
  let width = input.number(in: 1...40)
  let x = input.below(width)
  let truncation: Truncation = input.flag() ? .clip : .ellipsis()
  let bytes = Array(input.rest)

  let text = TextSanitizer.sanitize(bytes: bytes)
  try require(
    !text.unicodeScalars.contains(where: TextSanitizer.needsEscape),
    "sanitised text keeps a control: \(text.debugDescription)")
  try require(TextSanitizer.sanitize(text) == text, "sanitising twice changes \(text)")
  // A name's bytes that spell a reserved scalar show as those bytes (`PathBytes`).
  if let valid = String(validating: bytes, as: UTF8.self), !PathBytes.hasEscapes(valid) {
    try require(
      TextSanitizer.sanitize(valid) == text,
      "\(valid.debugDescription) sanitises differently as text and as bytes")
  }

  let room = width - x
  let fitted = Frame.fit(text, to: room, truncation: truncation)
  try require(
    fitted.displayWidth <= room,
    "\(text.debugDescription) fitted to \(room) columns takes \(fitted.displayWidth)")
  if text.displayWidth <= room {
    try require(fitted == text, "\(text.debugDescription) fits but was cut")
  }

  var frame = Frame(width: width, height: 1)
  let used = frame.put(text, x: x, y: 0, truncation: truncation)
  try require(used <= room, "put took \(used) columns of \(room)")
  var writer = ANSIWriter(mode: .truecolor)
  var screen = ScreenModel(width: width, height: 1)
  screen.apply(writer.update(.fullRedraw(of: frame)))
  try require(screen.errors.isEmpty, "writing \(text.debugDescription): \(screen.errors)")
  if let difference = screen.frame.firstDifference(from: frame) {
    throw FuzzFailure("the screen differs from the frame at \(difference)")
  }
}
