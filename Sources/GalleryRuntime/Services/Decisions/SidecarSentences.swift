import TerminalKit
import XMPSidecars

/// The status line's sentences for sidecars that could not be written or read: the file,
/// why, and what to do. Names are the files' own, not their paths: the status line is one
/// line, and the folder is the one shown.
enum SidecarSentences {
  /// `IMG_0001.jpg: decision not saved · make the folder writable (or free space), then
  /// decide again · IMG_0001.jpg.xmp could not be written (…)`: what to do before why,
  /// so a narrow status line cuts the why. With how many other pictures were not saved
  /// either.
  static func notWritten(_ picture: String, _ error: XMPSidecarError, others: Int) -> String {
    let sidecar = PathName.lastComponent(error.path)
    let remedy: String
    let why: String
    switch error {
    case .writing(_, let system):
      remedy = "make the folder writable (or free space), then decide again"
      why = "\(sidecar) could not be written (\(system.reason))"
    case .refused(_, let refusal):
      remedy = "move \(sidecar) aside, then decide again"
      why = "it \(refusal.reason)"
    case .symbolicLink:
      remedy = "put a file in place of the link \(sidecar), then decide again"
      why = "a link is not replaced"
    case .changedMeanwhile:
      remedy = "decide again once the other program is done"
      why = "another program kept saving \(sidecar)"
    case .unreadable(_, let read):
      remedy = "make \(sidecar) readable or move it aside, then decide again"
      why = "it \(read.reason)"
    case .serializing(_, let code):
      remedy = "decide again"
      why = "\(sidecar) could not be written (Exempi error \(code))"
    case .pictureGone:
      remedy = "if it was moved, decide again where it is now"
      why = "another program moved or deleted it meanwhile"
    case .notInPicture(_, let refusal):
      remedy = "set xmp-in-file = no to keep its decisions in a sidecar"
      why = "it \(refusal.reason)"
    case .pictureNotRewritten(_, let reason):
      remedy = "decide again"
      why = reason
    }
    let more = others == 0 ? "" : " (nor \(others) more \(others == 1 ? "file" : "files"))"
    return "\(PathName.lastComponent(picture)): decision not saved\(more) · \(remedy) · \(why)"
  }

  /// `IMG_0001.jpg.xmp: decision not read, left as it is · it is not UTF-8 text`, with
  /// how many other sidecars could not be read either.
  static func notRead(_ error: XMPSidecarError, others: Int) -> String {
    let sidecar = PathName.lastComponent(error.path)
    let why: String
    switch error {
    case .refused(_, let refusal): why = "it \(refusal.reason)"
    case .unreadable(_, let read): why = "it \(read.reason)"
    default: why = error.message
    }
    let more = others == 0 ? "" : " (nor \(others) more)"
    return "\(sidecar): decision not read\(more), left as it is · \(why)"
  }
}
