import Pictures

/// A few words on why a picture is broken, for its placeholder; the detail view shows
/// the whole message. Kept short: a narrow tile cuts a longer note with an ellipsis.
enum BrokenReason {
  static func short(_ error: ThumbnailError) -> String {
    switch error {
    case .notFound: "missing"
    case .danglingLink: "broken link"
    case .isDirectory: "a folder"
    case .notRegularFile: "not a file"
    case .symlinkLoop: "link loop"
    case .unreadable: "unreadable"
    case .empty: "empty file"
    case .fileTooLarge: "file too large"
    // Past the memory cap or a header's claim: the detail view says which, and by how much.
    case .tooLarge: "too large"
    case .unsupportedFormat: "not a picture"
    case .unsupportedVariant(let format, _): "unreadable \(format.name)"
    case .truncated: "cut short"
    case .corrupt: "damaged"
    case .noFrames: "no frames"
    case .noSize: "no size"
    case .tookTooLong: "too slow"
    case .soundOnly: "sound only"
    case .libraryMissing(_, let library, _): "needs \(library)"
    }
  }
}
