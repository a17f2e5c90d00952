import SystemSupport

/// Why a sidecar was not read or not written. Whatever the case, the sidecar on disk is
/// whole: the old one, or another program's newer save.
package enum XMPSidecarError: Error, Hashable, Sendable {
  /// The sidecar's content was refused (`XMPRefusal`) and left untouched.
  case refused(path: String, XMPRefusal)
  /// The sidecar could not be read: missing on the way, a folder, a FIFO, unreadable.
  case unreadable(path: String, FileReadError)
  /// The sidecar's name is a symbolic link, which a replacement would turn into a file.
  case symbolicLink(path: String)
  /// Writing the new sidecar or giving it the name failed (the disk full, the folder
  /// read-only…): the old one is unchanged.
  case writing(path: String, SystemError)
  /// Another program kept saving the sidecar between the gallery's read and its
  /// replacement, `tries` times in a row: its saves are kept, this decision is not
  /// written there.
  case changedMeanwhile(path: String, tries: Int)
  /// Exempi failed to turn the packet back into text (its error number).
  case serializing(path: String, code: Int32)
  /// The picture is no longer there (moved, renamed or deleted by another program since
  /// the decision): no sidecar is made beside nothing. `path` is the picture's.
  case pictureGone(path: String)
  /// The picture could not take the decision inside its own XMP packet (`xmp-in-file`):
  /// it is left as it is.
  case notInPicture(path: String, EmbeddedXMPRefusal)
  /// The picture's new version could not be put in place (another program saved it
  /// meanwhile, the disk is full…): `reason` is the file action's sentence; the picture
  /// is as it was, or another program's save.
  case pictureNotRewritten(path: String, reason: String)

  /// The sidecar concerned; for `pictureGone`, `notInPicture` and `pictureNotRewritten`,
  /// the picture.
  package var path: String {
    switch self {
    case .refused(let path, _), .unreadable(let path, _), .symbolicLink(let path),
      .writing(let path, _), .changedMeanwhile(let path, _), .serializing(let path, _),
      .pictureGone(let path), .notInPicture(let path, _), .pictureNotRewritten(let path, _):
      path
    }
  }

  /// A sentence for the status line or a log: the path, then what happened.
  package var message: String {
    switch self {
    case .refused(let path, let refusal): "\(path) \(refusal.reason): left as it is"
    case .unreadable(let path, let error): "\(path) \(error.reason)"
    case .symbolicLink(let path): "\(path) is a symbolic link: not replaced"
    case .writing(let path, let error): "\(path) could not be written (\(error.reason))"
    case .changedMeanwhile(let path, let tries):
      "\(path) kept changing while it was written (another program saving it, \(tries) tries):"
        + " its saves are kept, the decision is not written there"
    case .serializing(let path, let code): "\(path) could not be written (Exempi error \(code))"
    case .pictureGone(let path): "\(path) no longer exists: no sidecar made for it"
    case .notInPicture(let path, let refusal): "\(path) \(refusal.reason): left as it is"
    case .pictureNotRewritten(_, let reason): reason
    }
  }
}
