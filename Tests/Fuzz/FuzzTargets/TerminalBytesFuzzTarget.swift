import TerminalKit
import TestSupport

extension FuzzTarget {
  /// Bytes from outside that reach TerminalKit. The first byte picks a stage (so an input
  /// keeps its meaning when stages are added); the rest is the stage's input.
  static let terminalBytes = FuzzTarget(
    "terminal-bytes", "untrusted text (file names, EXIF fields) to the screen"
  ) { bytes throws(FuzzFailure) in
    var input = FuzzInput(bytes)
    switch input.pick(TerminalBytesStage.allCases) {
    case .untrustedText: try checkUntrustedText(&input)
    }
  }
}

/// The parts of TerminalKit that take bytes from outside.
///
/// The graphics probe's reply parser (`TerminalReplyParser`: the terminal's answers
/// split from typed keys) joins as a stage here, and so would a decoder of key
/// sequences: a case, and a function that feeds it the rest of the input.
enum TerminalBytesStage: CaseIterable {
  /// A file name or EXIF field, sanitised, fitted and drawn, then written to a modelled
  /// terminal: nothing in it may move the cursor or start a sequence, and the screen
  /// must show exactly the frame.
  case untrustedText
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
  if let valid = String(validating: bytes, as: UTF8.self) {
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
