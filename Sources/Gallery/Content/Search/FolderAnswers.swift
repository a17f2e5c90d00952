/// What each `place:` term answered for the folders of the last picture it was asked of:
/// a picture in the same folders gets the same answer without its path being folded
/// and searched again.
struct FolderAnswers {
  private var paths: [String?]
  private var answers: [Bool]

  /// Room for `count` terms, none answered.
  init(count: Int) {
    paths = Array(repeating: nil, count: count)
    answers = Array(repeating: false, count: count)
  }

  /// The answer of term `index` for the folders of `path`: the last one's when they are
  /// the same folders, else what `answer` says.
  mutating func answer(_ index: Int, for path: String, _ answer: () -> Bool) -> Bool {
    if let last = paths[index], Self.sameFolders(last, path) { return answers[index] }
    let result = answer()
    paths[index] = path
    answers[index] = result
    return result
  }

  /// Whether `first` and `second` are in the same folder: the same bytes up to their
  /// last `/`.
  private static func sameFolders(_ first: String, _ second: String) -> Bool {
    let first = first.utf8
    let second = second.utf8
    guard let firstEnd = first.lastIndex(of: 0x2F), let secondEnd = second.lastIndex(of: 0x2F)
    else { return false }
    return first[..<firstEnd].elementsEqual(second[..<secondEnd])
  }
}
