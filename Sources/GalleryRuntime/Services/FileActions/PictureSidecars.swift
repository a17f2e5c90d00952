import Gallery
import SystemSupport
import TerminalKit
import XMPSidecars

/// The XMP sidecars that go with a picture's files when an action moves, renames or
/// trashes them, so a rating given in darktable, digiKam, Lightroom or the gallery stays
/// with its picture and is never read as another's.
///
/// A file `a.jpg` has two names of sidecar (`SidecarNaming`): `a.jpg.xmp`, darktable's
/// and digiKam's, its own; and `a.xmp`, Lightroom's, the stem's, which an `a.cr2` beside
/// it owns too. Each goes under the name the file's new name decides, never over another
/// file (`SafeMove`), and only after the picture file itself: killed in between, the
/// picture is whole at its new name and each sidecar whole at its old one, and the note
/// the move left beside them (`SidecarNote`) has the next scan finish the move.
///
/// A stem's sidecar that another file of the stem still owns (the raw left where it was
/// when only its JPEG moves) is copied, not moved: taking it would leave the raw without
/// its rating in Lightroom, and leaving it would leave the moved JPEG without its own; a
/// copy keeps both, each free to differ from then on. For the Trash it is left where it
/// is: the file that stays keeps it, and a copy in the Trash would be read by no one.
enum PictureSidecars {
  /// One sidecar to take along with the files that left its folder.
  struct Carry: Hashable, Sendable {
    let change: PathChange
    /// A stem's sidecar another file of the stem still owns: copied, not moved.
    let shared: Bool
    /// The old paths of the picture files it belongs to.
    let owners: [String]
  }

  /// The names that must be free for a file moving by `change`, besides its own: its
  /// sidecar's name, even when it has none (a sidecar there, its picture gone, would be
  /// read as the arriving picture's), and the stem's when it has one to take along (a
  /// `NAME.xmp` there without one to take is that of another file of the stem, which the
  /// arriving picture then shares, as Lightroom's pairs do).
  static func namesNeeded(for change: PathChange) -> [String] {
    var names = [SidecarNaming.pictureNamePath(of: change.to)]
    if let from = SidecarNaming.stemPath(of: change.from),
      let to = SidecarNaming.stemPath(of: change.to), from != to, SafeMove.exists(from)
    {
      names.append(to)
    }
    return names
  }

  /// Whether the file at `picture` has a sidecar of either name.
  static func hasAny(_ picture: String) -> Bool {
    SidecarNaming.candidates(of: picture).contains(where: SafeMove.exists)
  }

  /// The sidecars of the files `changes` took away from their folder (the files of one
  /// picture, already at their new names): each file's own, then each stem's once, in
  /// that order; a stem's `shared` when a file of that stem is still in its folder.
  static func carries(for changes: [PathChange]) -> [Carry] {
    var carries: [Carry] = []
    var planned = Set<String>()
    for change in changes {
      let own = SidecarNaming.pictureNamePath(of: change.from)
      let target = SidecarNaming.pictureNamePath(of: change.to)
      guard own != target, SafeMove.exists(own), planned.insert(own).inserted else { continue }
      carries.append(
        Carry(change: PathChange(from: own, to: target), shared: false, owners: [change.from]))
    }
    for change in changes {
      guard let stem = SidecarNaming.stemPath(of: change.from),
        let target = SidecarNaming.stemPath(of: change.to), stem != target,
        !planned.contains(stem), SafeMove.exists(stem)
      else { continue }
      planned.insert(stem)
      let owners = changes.map(\.from).filter { SidecarNaming.stemPath(of: $0) == stem }
      carries.append(
        Carry(
          change: PathChange(from: stem, to: target), shared: isShared(stem), owners: owners))
    }
    return carries
  }

  /// Whether a file other than a sidecar has the stem of the sidecar `stemPath` in its
  /// folder: a picture still there that owns it (`a.cr2` for `a.xmp`).
  static func isShared(_ stemPath: String) -> Bool {
    let name = PathName.lastComponent(stemPath)
    let stem = FileName.stem(of: name)
    return Folders.names(in: PathName.parent(stemPath)).contains { other in
      other != name && FileName.stem(of: other) == stem
        && FileName.suffix(of: other).lowercased() != ".xmp"
    }
  }
}

extension PictureSidecars {
  /// The sidecars to put in the Trash after the files `pictures` of one picture (their
  /// old paths): each file's own, and the stem's unless a file of the stem stays.
  static func trashable(after pictures: [String]) -> [(path: String, owners: [String])] {
    var found: [(path: String, owners: [String])] = []
    var planned = Set<String>()
    for picture in pictures {
      let own = SidecarNaming.pictureNamePath(of: picture)
      guard SafeMove.exists(own), planned.insert(own).inserted else { continue }
      found.append((own, [picture]))
    }
    for picture in pictures {
      guard let stem = SidecarNaming.stemPath(of: picture), !planned.contains(stem),
        SafeMove.exists(stem)
      else { continue }
      planned.insert(stem)
      guard !isShared(stem) else { continue }
      found.append((stem, pictures.filter { SidecarNaming.stemPath(of: $0) == stem }))
    }
    return found
  }
}
