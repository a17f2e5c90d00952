import Gallery
import GalleryRuntime

extension FuzzTarget {
  /// The parser of the cache of dates taken (`DateTakenCache`): any bytes are a cache or
  /// none, never a trap; what it accepts carries the writer's checksum, answers for each
  /// of its stamps, and survives being written and read back.
  ///
  /// Each input is parsed in the time zone it names, as it is and with its checksum made
  /// right (`sealed`), so the fuzzer reaches the records past a check it could not pass.
  static let datesCache = FuzzTarget("dates-cache", "the cache of dates taken's parser") {
    bytes throws(FuzzFailure) in
    let zone = DateTakenCache.timeZone(inFileBytes: bytes) ?? "UTC"
    let sealed = DateTakenCache.sealed(bytes)
    for input in [bytes, sealed] {
      guard let records = DateTakenCache.records(inFileBytes: input, timeZone: zone) else {
        try require(
          DateTakenCache(fileBytes: input, timeZone: zone).count == 0,
          "bytes the parser refuses gave entries")
        continue
      }
      try require(input == sealed, "a file with a wrong checksum was accepted")
      var cache = DateTakenCache(fileBytes: input, timeZone: zone)
      try require(cache.count == records.count, "\(cache.count) entries of \(records.count)")
      for record in records {
        let found = cache.answer(for: record.stamp)
        try require(
          found == record.answer, "\(record.stamp) answered \(String(describing: found))")
      }
      let written = cache.fileBytes(timeZone: zone)
      let reread = DateTakenCache.records(inFileBytes: written, timeZone: zone)
      try require(reread == records, "\(records.count) records read back differently")
    }
  }
}
