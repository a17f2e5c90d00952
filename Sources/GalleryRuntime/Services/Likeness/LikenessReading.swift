import Gallery
import Pictures

/// What the run loop needs of the reader of pictures' perceptual hashes (the library
/// index, then the files it cannot answer for); the loop's tests put a fake in its place.
package protocol LikenessReading: Sendable {
  /// Finds the hashes of `stamps`' files in the background and hands them to `deliver` on
  /// another thread, in batches by the stamp each was asked under (the state drops a hash
  /// whose file changed since): first all the index knows, then the files hashed, then
  /// an empty batch once every file given so far was answered or passed by (a file that
  /// cannot be hashed brings no answer of its own).
  func read(
    _ stamps: [FileStamp], deliver: @escaping @Sendable ([FileStamp: PerceptualHash]) -> Void)
  /// Stops the hashing; no batch is delivered after it, and what was hashed is kept.
  func stop()
}
