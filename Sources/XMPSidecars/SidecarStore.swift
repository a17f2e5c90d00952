import Pictures
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Culling decisions kept in XMP sidecars beside the pictures, which darktable, digiKam
/// and Lightroom read and write too.
///
/// Reading: both names (`SidecarNaming.candidates`); when both exist and disagree, the
/// newest by modification time wins (darktable's name on a tie), and the reading says
/// which one lost. Writing: the decision is merged into each sidecar the naming names
/// (made when missing) and into every other one that exists, so no editor keeps seeing
/// an old value; each sidecar is replaced atomically, never over another program's save
/// (`SidecarReplace`).
package struct SidecarStore: Sendable {
  /// Puts a file out of the way without unlinking it (the Trash); false when it could not.
  package typealias SetAside = @Sendable (_ path: String) -> Bool

  /// Which names a write makes.
  package var naming: SidecarNaming
  /// Tries per sidecar when another program keeps saving it meanwhile.
  package var tries: Int
  /// Steps where a test plays another program or a kill.
  package var seam: SidecarTestSeam?
  /// Where the temporary sidecars of a killed gallery go (`SidecarLeftovers`); nil leaves
  /// them where they are.
  package var leftovers: SetAside?

  package init(
    naming: SidecarNaming = .automatic, tries: Int = 5, seam: SidecarTestSeam? = nil,
    leftovers: SetAside? = nil
  ) {
    self.naming = naming
    self.tries = tries
    self.seam = seam
    self.leftovers = leftovers
  }

  /// The decision `picture`'s sidecars hold; nil when it has none.
  ///
  /// - Throws: the first sidecar's error when every sidecar there could not be read.
  package func read(picture: String) throws(XMPSidecarError) -> SidecarReading? {
    var found: [(path: String, version: SidecarVersion, decision: CullingDecision)] = []
    var problems: [XMPSidecarError] = []
    for path in SidecarNaming.candidates(of: picture) {
      do throws(XMPSidecarError) {
        guard let version = try SidecarFile.read(path, followingLinks: true) else { continue }
        let packet: XMPPacket
        do throws(XMPRefusal) {
          packet = try XMPPacket(parsing: version.bytes)
        } catch {
          throw XMPSidecarError.refused(path: path, error)
        }
        found.append((path, version, packet.decision))
      } catch {
        problems.append(error)
      }
    }
    // Stable: on a tie, darktable's name (first) stays first.
    let ordered = found.enumerated().sorted {
      ($0.element.version.modifiedNanoseconds, -$0.offset)
        > ($1.element.version.modifiedNanoseconds, -$1.offset)
    }.map(\.element)
    guard let winner = ordered.first else {
      if let first = problems.first { throw first }
      return nil
    }
    return SidecarReading(
      decision: winner.decision, source: winner.path,
      disagreeing: ordered.dropFirst().filter { $0.decision != winner.decision }.map(\.path),
      problems: problems)
  }

  /// The decision kept for `picture`: its sidecars' (`read`), else the one inside the
  /// picture itself (`EmbeddedDecision`: a camera's or another program's), read as a
  /// reading whose source is the picture. A sidecar wins, even one that cannot be read
  /// (its error is thrown): the editors write their decisions there.
  package func readKept(picture: String) throws(XMPSidecarError) -> SidecarReading? {
    if let reading = try read(picture: picture) { return reading }
    guard let inside = EmbeddedDecision.read(picture: picture) else { return nil }
    return SidecarReading(decision: inside, source: picture, disagreeing: [], problems: [])
  }

  /// The decision in a packet of XMP given as bytes (the XMP embedded in a picture).
  package static func decision(inPacket bytes: [UInt8]) throws(XMPRefusal) -> CullingDecision {
    try XMPPacket(parsing: bytes).decision
  }

  /// Merges `decision` into `picture`'s sidecars: those the naming names, made when
  /// missing, and any other that exists. Returns the sidecars changed.
  ///
  /// Every sidecar is tried, whatever happens to another.
  ///
  /// - Throws: `pictureGone` when nothing is at `picture` any more (a sidecar made
  ///   there would stray beside nothing, or be taken for the next file of that name);
  ///   else the first sidecar's error, after trying the rest; a refused sidecar is left
  ///   as it is.
  @discardableResult
  package func write(_ decision: CullingDecision, picture: String) throws(XMPSidecarError)
    -> [String]
  {
    guard !Self.isGone(picture) else { throw .pictureGone(path: picture) }
    var targets = naming.paths(for: picture)
    for path in SidecarNaming.candidates(of: picture) where !targets.contains(path) {
      if SidecarStore.exists(path) { targets.append(path) }
    }
    return try merge(decision, into: targets)
  }

  /// Merges `decision` into those of `picture`'s sidecars that exist, making none: for a
  /// picture that keeps its decision inside (`xmp-in-file`), so a sidecar there, which
  /// wins when read, never keeps an old decision. Returns the sidecars changed.
  @discardableResult
  package func writeExisting(_ decision: CullingDecision, picture: String)
    throws(XMPSidecarError) -> [String]
  {
    try merge(decision, into: SidecarNaming.candidates(of: picture).filter(SidecarStore.exists))
  }

  /// Merges `decision` into each of `targets`, every one tried whatever happens to
  /// another; throws the first error after.
  private func merge(_ decision: CullingDecision, into targets: [String])
    throws(XMPSidecarError) -> [String]
  {
    var changed: [String] = []
    var firstError: XMPSidecarError?
    for path in targets {
      do {
        if try SidecarReplace.merge(
          decision, into: path, tries: tries, seam: seam, leftovers: leftovers)
        {
          changed.append(path)
        }
      } catch {
        firstError = firstError ?? error
      }
    }
    if let firstError { throw firstError }
    return changed
  }

  /// Whether nothing is at `path`, nor at a folder on the way to it (another error, such
  /// as a folder that cannot be searched, is left to the write to say).
  private static func isGone(_ path: String) -> Bool {
    var status = stat()
    guard PathBytes.withFileSystemRepresentation(path, { lstat($0, &status) }) != 0 else {
      return false
    }
    return errno == ENOENT || errno == ENOTDIR
  }

  private static func exists(_ path: String) -> Bool {
    var status = stat()
    return PathBytes.withFileSystemRepresentation(path) { lstat($0, &status) } == 0
  }
}
