import Pictures
import SystemSupport

#if canImport(Glibc)
  import Glibc
#endif

extension ImageDecoder {
  /// The bytes `problem(path:)` reads from the start of a file.
  package static let headCheckBytes = 256 << 10

  /// Why the file at `path` cannot be shown as far as its first bytes tell, nil when they
  /// tell of nothing wrong; reads at most `headCheckBytes`, decodes no pixels.
  ///
  /// A missing, empty, unreadable or special file, or one past the size cap (a video has
  /// none), says so; one
  /// whose first bytes are no format the gallery reads is `unsupportedFormat`; a JPEG's or
  /// a PNG's header is read for its size and checked against the limits. Other formats'
  /// damage shows only when they are decoded: for them nil says no more than that the file
  /// starts as a picture of its format. For `--print --format json`, which decodes nothing.
  package func problem(path: String) -> ThumbnailError? {
    let opened: (descriptor: Int32, status: stat)
    do throws(ThumbnailError) {
      // No size cap yet: a video has none, being read in part.
      opened = try PictureFile.openRegular(path: path, limit: .max)
    } catch {
      return error
    }
    defer { close(opened.descriptor) }
    let head = FileReader.read(opened.descriptor, at: 0, count: Self.headCheckBytes)
    guard let format = Self.sniff(head) else { return .unsupportedFormat }
    let size = Int64(opened.status.st_size)
    if format != .video, size > limits.maxFileBytes {
      return .fileTooLarge(bytes: size, limit: limits.maxFileBytes)
    }
    guard format == .jpeg || format == .png else { return nil }
    do throws(ThumbnailError) {
      _ = try metadata(bytes: head)
      return nil
    } catch .truncated where head.count == Self.headCheckBytes {
      return nil  // the header goes on past what was read
    } catch {
      return error
    }
  }
}
