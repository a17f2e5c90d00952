import Thumbnails

/// `--diagnose`'s lines on the codec libraries opened when a file needs them: each is
/// opened now, to say whether it can be, and if not, the loader's reason and the packages
/// that bring it.
package enum CodecReport {
  package static var lines: [String] {
    CodecLibrary.allCases.map { codec in
      if let problem = codec.problem {
        "\(codec.formats): not shown: \(problem) (apt install \(codec.packages))"
      } else {
        "\(codec.formats): \(codec.libraryFiles.joined(separator: ", "))"
      }
    }
  }
}
