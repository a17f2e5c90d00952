import FoundationEssentials
import Gallery
import Glibc
import Pictures
import SystemSupport
import TerminalKit
import Thumbnails

/// `--print` written as a stream: the whole gallery is laid out, then drawn and written
/// band by band (`GalleryPrinter.bands`), each band as soon as its pictures are ready.
///
/// The pictures of the band being written and of the next ones are decoded together on
/// every core, earlier bands first; a picture's art is let go once the band holding its
/// last row is written. So memory follows a few bands, not the gallery, and the first
/// bytes go out after the first band's pictures rather than the last picture's. The bytes
/// are those of the whole gallery drawn at once (`GalleryPrinter.ansi(_:rows:…)`).
package struct PrintStream {
  /// Rows a band holds.
  package var bandHeight: Int
  /// The pipeline's settings; its memory caches are turned off (each picture is drawn
  /// once, and the stream keeps what its bands need).
  package var configuration: ThumbnailConfiguration

  package init(configuration: ThumbnailConfiguration, bandHeight: Int) {
    self.configuration = configuration
    self.bandHeight = max(1, bandHeight)
  }

  /// What a streamed print did.
  package struct Statistics: Hashable, Sendable {
    /// Bands written.
    package var bands = 0
    /// Thumbnails asked of the pipeline.
    package var requests = 0
    /// The most finished thumbnails held at once: what memory follows.
    package var peakHeld = 0
  }

  /// Writes the ANSI document of `state`, its pictures in `mode`, to `output` a band at
  /// a time.
  @discardableResult
  package func writeANSI(_ state: GalleryState, mode: ColorMode, to output: ([UInt8]) -> Void)
    -> Statistics
  {
    var statistics = Statistics()
    var configuration = configuration
    configuration.decodedCacheBytes = 0
    configuration.artCacheBytes = 0
    let results = Results()
    let pipeline = ThumbnailPipeline(configuration: configuration) { request, result in
      results.finish(request, result)
    }
    defer { pipeline.shutdown() }
    let appearance = state.appearance
    let bands = GalleryPrinter.bands(state, height: bandHeight)
    guard !bands.isEmpty else {
      // Nothing to decode: the document is the line that says there is no picture.
      output(GalleryPrinter.ansi(state, thumbnails: ThumbnailShelf(), mode: mode))
      return statistics
    }
    let threads =
      configuration.threadCount > 0
      ? configuration.threadCount : ProcessInfo.processInfo.activeProcessorCount
    var asked = 0
    // What each band asked draws, and the last row each request's art is drawn on.
    var needs: [Int: [(want: ThumbnailWant, request: ThumbnailRequest)]] = [:]
    var lastRow: [ThumbnailRequest: Int] = [:]
    for (index, band) in bands.enumerated() {
      // Ask for this band and the next, and for more while the cores would idle (fewer
      // than two requests a thread unfinished), at most eight bands ahead: what is held
      // stays a few bands' worth.
      while asked < bands.count,
        asked <= index + 1 || (results.unfinished < 2 * threads && asked <= index + 8)
      {
        var list: [(want: ThumbnailWant, request: ThumbnailRequest)] = []
        for (want, endRow) in GalleryPrinter.wants(state, rows: bands[asked]) {
          let request = want.request(in: appearance)
          list.append((want, request))
          if let known = lastRow[request] {
            lastRow[request] = max(known, endRow)
            continue
          }
          lastRow[request] = endRow
          results.asked()
          statistics.requests += 1
          // Earlier bands first; no previews: only final art is printed.
          pipeline.request(request, priority: 1_000_000 - asked, preview: false)
        }
        needs[asked] = list
        asked += 1
      }
      let wanted = needs.removeValue(forKey: index) ?? []
      let done = results.wait(for: wanted.map(\.request))
      var shelf = ThumbnailShelf()
      for (want, request) in wanted {
        if let result = done[request] { shelf.insert(result, path: want.path, size: want.size) }
      }
      output(GalleryPrinter.ansi(state, rows: band, thumbnails: shelf, mode: mode))
      statistics.bands += 1
      let finished = wanted.map(\.request).filter { (lastRow[$0] ?? 0) <= band.upperBound }
      results.remove(finished)
      for request in finished { lastRow[request] = nil }
    }
    statistics.peakHeld = results.peak
    return statistics
  }

  /// Writes the plain document of `state` to `output` a band at a time.
  package func writePlain(_ state: GalleryState, to output: ([UInt8]) -> Void) {
    let bands = GalleryPrinter.bands(state, height: bandHeight)
    guard !bands.isEmpty else {
      output(Array(GalleryPrinter.plain(state).utf8))
      return
    }
    for band in bands { output(Array(GalleryPrinter.plain(state, rows: band).utf8)) }
  }
}

/// The results the workers hand in, and the wait for those a band needs.
private final class Results: @unchecked Sendable {
  private let condition = SystemCondition()
  // Guarded by `condition`.
  private var results: [ThumbnailRequest: ThumbnailResult] = [:]
  private var most = 0
  private var outstanding = 0

  /// Requests asked and not yet finished.
  var unfinished: Int {
    condition.lock()
    defer { condition.unlock() }
    return outstanding
  }

  /// Notes one more request asked.
  func asked() {
    condition.lock()
    outstanding += 1
    condition.unlock()
  }

  /// The most results held at once.
  var peak: Int {
    condition.lock()
    defer { condition.unlock() }
    return most
  }

  func finish(_ request: ThumbnailRequest, _ result: ThumbnailResult) {
    condition.lock()
    results[request] = result
    outstanding -= 1
    most = max(most, results.count)
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until every one of `requests` is finished; their results.
  func wait(for requests: [ThumbnailRequest]) -> [ThumbnailRequest: ThumbnailResult] {
    condition.lock()
    defer { condition.unlock() }
    while !requests.allSatisfy({ results[$0] != nil }) { condition.wait() }
    var found: [ThumbnailRequest: ThumbnailResult] = [:]
    for request in requests { found[request] = results[request] }
    return found
  }

  /// Forgets the results of `requests`.
  func remove(_ requests: [ThumbnailRequest]) {
    condition.lock()
    defer { condition.unlock() }
    for request in requests { results[request] = nil }
  }
}
