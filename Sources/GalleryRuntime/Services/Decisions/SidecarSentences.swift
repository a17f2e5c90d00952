import TerminalKit
import XMPSidecars

/// The status line's sentences for sidecars that could not be written or read: the file,
/// why, and what to do. Names are the files' own, not their paths: the status line is one
/// line, and the folder is the one shown.
enum SidecarSentences {
  /// `IMG_0001.jpg: decision shown but not saved, IMG_0001.jpg.xmp could not be written
  /// (…); make the folder writable, then decide again`, with how many other pictures
  /// were not saved either.
  static func notWritten(_ picture: String, _ error: XMPSidecarError, others: Int) -> String {
    let sidecar = PathName.lastComponent(error.path)
    let why: String
    let remedy: String
    switch error {
    case .writing(_, let system):
      why = "\(sidecar) could not be written (\(system.reason))"
      remedy = "make the folder writable (or free space), then decide again"
    case .refused(_, let refusal):
      why = "\(sidecar) \(refusal.reason), left as it is"
      remedy = "move it aside, then decide again"
    case .symbolicLink:
      why = "\(sidecar) is a symbolic link, not replaced"
      remedy = "put a file in its place, then decide again"
    case .changedMeanwhile:
      why = "another program kept saving \(sidecar)"
      remedy = "decide again once it is done"
    case .unreadable(_, let read):
      why = "\(sidecar) \(read.reason)"
      remedy = "make it readable or move it aside, then decide again"
    case .serializing(_, let code):
      why = "\(sidecar) could not be written (Exempi error \(code))"
      remedy = "decide again"
    }
    let more = others == 0 ? "" : " (and \(others) more \(others == 1 ? "file" : "files"))"
    return "\(PathName.lastComponent(picture)): decision shown but not saved, \(why)\(more);"
      + " \(remedy)"
  }

  /// `IMG_0001.jpg.xmp is not UTF-8 text: its decision not shown`, with how many other
  /// sidecars could not be read either.
  static func notRead(_ error: XMPSidecarError, others: Int) -> String {
    let sidecar = PathName.lastComponent(error.path)
    let why: String
    switch error {
    case .refused(_, let refusal): why = "\(sidecar) \(refusal.reason)"
    case .unreadable(_, let read): why = "\(sidecar) \(read.reason)"
    default: why = error.message
    }
    let more = others == 0 ? "" : " (and \(others) more)"
    return "\(why): left as it is, its decision not shown\(more)"
  }
}
