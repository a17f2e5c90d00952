import Pictures

extension ThumbnailError {
  /// The reason as the library index keeps it: a few words (`truncated`, `empty`), the
  /// full message being `description`.
  package var shortReason: String {
    switch self {
    case .notFound, .danglingLink: "missing"
    case .isDirectory: "a folder"
    case .notRegularFile: "not a regular file"
    case .symlinkLoop: "a loop of links"
    case .unreadable: "unreadable"
    case .empty: "empty"
    case .fileTooLarge: "file too large"
    case .tooLarge: "too many pixels"
    case .unsupportedFormat: "unsupported format"
    case .unsupportedVariant(let format, let what): "unsupported \(format.name): \(what)"
    case .truncated: "truncated"
    case .corrupt(let message): "damaged: \(message)"
    case .noFrames: "no frames"
    case .noSize: "no size"
    case .soundOnly: "sound only"
    case .tookTooLong: "too slow to read"
    case .libraryMissing(_, let library, let packages): "needs \(library) (apt install \(packages))"
    }
  }
}
