import Foundation
import Pictures
import Thumbnails

extension FuzzTarget {
  /// The library index's reader of a file's head (`ImageDecoder.details(path:)`), on any
  /// bytes written as a file: the sniffing, each format's walk of its header and chunks,
  /// and the EXIF directories (`TIFFTags`) the decoders read too. What it says is sane:
  /// an orientation of 1 to 8, positive sizes, no blank text, a focus point and its area
  /// within the picture; when the bytes are a JPEG
  /// the decoder's header reads, the orientation is the decoder's.
  static let headDetails = FuzzTarget(
    "head-details", "the library index's head reader (details of a file), and its EXIF walk"
  ) { bytes throws(FuzzFailure) in
    let path = headDetailsFile
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
      throw FuzzFailure("could not write \(path)")
    }
    let details = ImageDecoder(limits: fuzzLimits).details(path: path)
    try require((1...8).contains(details.orientation), "orientation \(details.orientation)")
    if let size = details.storedSize {
      try require(size.width > 0 && size.height > 0, "a stored size of \(size)")
    }
    if let point = details.focusPoint {
      try require((0...1).contains(point.x) && (0...1).contains(point.y), "focus at \(point)")
      if let area = point.area {
        try require(
          area.width > 0 && area.width <= 1 && area.height > 0 && area.height <= 1,
          "a focus area of \(area)")
      }
    }
    for text in [details.cameraMake, details.cameraModel, details.lens].compactMap(\.self) {
      try require(!text.isEmpty, "an empty field is not nil")
      try require(
        text.trimmingCharacters(in: .whitespaces) == text, "untrimmed \(text.debugDescription)")
    }
    if details.format == .jpeg, details.brokenReason == nil,
      case .success(let metadata) = Result(catching: { () throws(ThumbnailError) in
        try DecoderEntryPoints.jpegMetadata(bytes, limits: fuzzLimits)
      })
    {
      try require(
        metadata.orientation == details.orientation,
        "details say orientation \(details.orientation), the decoder's header \(metadata.orientation)"
      )
    }
  }

  /// The one file the target writes, per process (fuzzers run a process a job).
  private static let headDetailsFile =
    NSTemporaryDirectory() + "/gallery-fuzz-head-\(ProcessInfo.processInfo.processIdentifier)"
}
