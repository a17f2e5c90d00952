import Dispatch
import Gallery
import LibraryIndex
import Pictures
import SystemSupport
import Thumbnails

/// What `--print --group-by duplicates` reads before the document is drawn: what the
/// browser streams in, read whole first, as the details are for the timeline.
enum PrintedDuplicates {
  /// Gives `state` every picture's likeness (the library index first, then each file
  /// decoded small) and the content hashes of its candidates for identical copies (the
  /// index, else each read whole), kept in `index` when there is one. A file the index
  /// does not answer for is decoded by `decoder`, the one the printed thumbnails use (its
  /// limits, and the background transparent pixels are laid on), so the groups are the
  /// browser's.
  static func read(into state: inout GalleryState, index: PictureIndex?, decoder: ImageDecoder) {
    let stamps = state.content.unhashedStamps
    if !stamps.isEmpty {
      let found = Locked([FileStamp: PerceptualHash]())
      let through = DispatchSemaphore(value: 0)
      let reader = LikenessReader(index: index) { path in
        try? LikenessHasher(decoder: decoder).hash(path: path).get()
      }
      // The reader ends each read with an empty batch, a file it cannot hash left out.
      reader.read(stamps) { batch in
        if batch.isEmpty {
          through.signal()
        } else {
          found.withLock { $0.merge(batch) { $1 } }
        }
      }
      through.wait()
      _ = state.update(.likenessRead(found.withLock { $0 }))
    }
    _ = state.update(.likenessRead([:]))
    let candidates = state.content.exactCopyCandidates
    guard !candidates.isEmpty else { return }
    var contents: [FileStamp: String] = [:]
    ContentHashReader(index: index).find(candidates) { contents.merge($0) { $1 } }
    _ = state.update(.contentHashesRead(contents))
  }
}
