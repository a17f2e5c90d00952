import Pictures
import SystemSupport
import XMPSidecars

/// Writes a culling decision where the settings keep it: into the XMP packet inside a
/// JPEG, PNG, TIFF or DNG picture when `xmp-in-file` is on, else (and for every other
/// picture, a HEIC or a camera's raw file among them) into its sidecars (`SidecarStore`).
///
/// Inside the picture, the file is read through one descriptor and held
/// (`FileRewrite.read`), the decision merged into a copy by Exempi and checked to differ
/// only in its packet (`EmbeddedXMPWrite`), and the new bytes put in place as a turn's
/// are (`FileRewrite.replace`: flushed under a temporary name, exchanged, and swapped
/// back when another program saved the picture meanwhile, whose save stays whole). The
/// modification time is the old one a second on: a backup or a sync that compares sizes
/// and times must see a new packet of the old size, and a picture whose only date is that
/// time (a screenshot, a scan) keeps its place by date. A sidecar the picture has already
/// gets the decision first, as it wins when read: killed between the two, the new
/// decision shows. A picture whose name is a symbolic link, or that cannot take the packet
/// (a damaged file, extended XMP, a packet too large for a JPEG segment), keeps its
/// decision in a sidecar: the decision is never lost for want of room inside.
package struct PictureXMPWriter: Sendable {
  /// The largest picture rewritten: the same as a turn's.
  static let largestRewritten: Int64 = FileActor.largestTurned

  let store: SidecarStore
  /// Whether a JPEG, PNG, TIFF or DNG keeps its decision inside (`xmp-in-file`).
  let inFile: Bool
  /// Steps where a test plays another program saving the picture.
  var seam: RewriteTestSeam?

  package init(store: SidecarStore, inFile: Bool, seam: RewriteTestSeam? = nil) {
    self.store = store
    self.inFile = inFile
    self.seam = seam
  }

  /// Writes `decision` for `picture`, inside it or into its sidecars.
  ///
  /// - Throws: an existing sidecar's error (the picture then left as it was), else the
  ///   picture's (it is left as it was).
  package func write(_ decision: CullingDecision, picture: String) throws(XMPSidecarError) {
    // A link is never rewritten through (it would become a file): its picture keeps its
    // decision in a sidecar, as with the setting off.
    guard inFile, EmbeddedXMPWrite.takesDecisionInside(picture: picture),
      SymbolicLink.target(picture) == nil
    else {
      try store.write(decision, picture: picture)
      return
    }
    try store.writeExisting(decision, picture: picture)
    do {
      try writeInside(decision, picture: picture)
    } catch .notInPicture {
      try store.write(decision, picture: picture)
    }
  }

  /// Merges `decision` into the packet inside `picture` and puts the new file in place;
  /// nothing is written when the packet holds it already.
  func writeInside(_ decision: CullingDecision, picture: String) throws(XMPSidecarError) {
    let old: FileRewrite.Content
    do throws(FileActionError) {
      old = try FileRewrite.read(
        picture, limit: Self.largestRewritten, operation: .writeXMP, seam: seam)
    } catch {
      throw .pictureNotRewritten(path: picture, reason: error.message)
    }
    let new: [UInt8]?
    do throws(EmbeddedXMPRefusal) {
      new = try EmbeddedXMPWrite.merging(decision, into: old.bytes, picture: picture)
    } catch {
      throw .notInPicture(path: picture, error)
    }
    guard let new else { return }
    do throws(FileActionError) {
      try FileRewrite.replace(
        picture, with: new, expected: old, modified: .secondAfterTheOld, operation: .writeXMP,
        seam: seam)
    } catch {
      throw .pictureNotRewritten(path: picture, reason: error.message)
    }
  }
}
