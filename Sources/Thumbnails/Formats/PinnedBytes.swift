import Pictures

/// A file's bytes at a fixed address for as long as a C decoder that keeps a pointer
/// to them lives (an array's storage is only pinned inside `withUnsafeBytes`).
final class PinnedBytes {
  let base: UnsafeMutablePointer<UInt8>
  let count: Int

  init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
    count = bytes.count
    base = .allocate(capacity: max(1, count))
    _ = UnsafeMutableBufferPointer(start: base, count: count).initialize(from: bytes)
  }

  deinit { base.deallocate() }
}

extension Array where Element == UInt8 {
  /// `withUnsafeBytes` for a body that throws a `ThumbnailError` (the standard one
  /// rethrows untyped errors).
  func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws(ThumbnailError) -> Result)
    throws(ThumbnailError) -> Result
  {
    let outcome = withUnsafeBytes { raw -> Swift.Result<Result, ThumbnailError> in
      do throws(ThumbnailError) {
        return .success(try body(raw))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }
}
