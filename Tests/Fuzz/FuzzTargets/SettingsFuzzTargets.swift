import Gallery
import GalleryRuntime

extension FuzzTarget {
  /// The configuration file's parser (`ConfigFile`): a line it cannot use is reported by
  /// its number and changes nothing, and line endings do not matter.
  static let config = FuzzTarget("config", "the configuration file's parser") {
    bytes throws(FuzzFailure) in
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    let file = ConfigFile(text: text)
    let numbers = file.problems.map(\.line)
    try require(
      numbers == numbers.sorted() && Set(numbers).count == numbers.count
        && numbers.allSatisfy { (1...lines.count).contains($0) },
      "problems on lines \(numbers) of \(lines.count)")
    // Without the lines it could not use, the same settings and nothing to report.
    var kept = lines.map(String.init)
    for line in numbers { kept[line - 1] = "" }
    let cleaned = ConfigFile(text: kept.joined(separator: "\n"))
    try require(
      cleaned.problems.isEmpty && cleaned.options == file.options,
      "the lines kept from \(numbers) read differently: \(cleaned.problems)")
    // Written with CR LF line ends (an editor on another system), it means the same.
    let crlf = ConfigFile(text: lines.joined(separator: "\r\n"))
    try require(
      crlf.options == file.options && crlf.problems.map(\.line) == numbers,
      "with CR LF line ends: problems on lines \(crlf.problems.map(\.line)), not \(numbers)")
  }

  /// The state file's parser (`StateFile`): what it accepts survives being written and
  /// read back.
  static let stateFile = FuzzTarget("state-file", "the state file's parser") {
    bytes throws(FuzzFailure) in
    guard let contents = StateFile.contents(inFileBytes: bytes) else { return }
    let reread = StateFile.contents(inFileBytes: StateFile.fileBytes(for: contents))
    try require(reread == contents, "\(contents) read back as \(String(describing: reread))")
  }
}
