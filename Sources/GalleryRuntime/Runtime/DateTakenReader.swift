import Dispatch
import Foundation
import Synchronization
import SystemSupport
import Thumbnails

/// Reads the EXIF dates of pictures for the order by date taken, off the main thread: the
/// head of each file, or the whole of one whose EXIF can be anywhere
/// (`ImageDecoder.dateTaken`), no pixels. Results go out in batches, so a large library
/// falls into order a screenful at a time rather than all at once at the end.
final class DateTakenReader: Sendable {
  /// Paths read between two deliveries.
  static let batchSize = 256

  private let decoder: ImageDecoder
  private let queue = DispatchQueue(label: "gallery.dates-taken", qos: .utility)
  private let stopped = Atomic<Bool>(false)

  init(decoder: ImageDecoder = ImageDecoder()) { self.decoder = decoder }

  /// Reads the dates of `paths` in order and hands each batch (pictures without a date
  /// left out, so the batch may be empty) to `deliver`, on the reader's thread.
  func read(_ paths: [String], deliver: @escaping @Sendable ([String: Date]) -> Void) {
    let decoder = self.decoder
    queue.async { [self] in
      TerminalSignals.blockOnCurrentThread()
      var batch: [String: Date] = [:]
      for (index, path) in paths.enumerated() {
        if stopped.load(ordering: .relaxed) { return }
        if let date = decoder.dateTaken(path: path) { batch[path] = date }
        if (index + 1) % Self.batchSize == 0 || index == paths.count - 1 {
          deliver(batch)
          batch = [:]
        }
      }
    }
  }

  /// Stops reading at the next file; nothing more is delivered.
  func stop() { stopped.store(true, ordering: .relaxed) }
}
