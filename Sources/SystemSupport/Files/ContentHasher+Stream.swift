import CXXHash

extension ContentHasher {
  /// A content hash made from bytes as they pass (an import hashes what it reads from the
  /// card while it writes it), equal to `hash(path:)` of a file holding them. One per
  /// stream, used from one thread at a time.
  package final class Stream {
    private let state = XXH3_createState()

    package init() {
      XXH3_128bits_reset(state)
    }

    deinit { XXH3_freeState(state) }

    /// Adds `bytes` to what is hashed.
    package func update(_ bytes: UnsafeRawBufferPointer) {
      guard let base = bytes.baseAddress, bytes.count > 0 else { return }
      _ = XXH3_128bits_update(state, base, bytes.count)
    }

    /// The hash of every byte added so far.
    package var hash: ContentHash {
      let digest = XXH3_128bits_digest(state)
      return ContentHash(high: digest.high64, low: digest.low64)
    }
  }
}
