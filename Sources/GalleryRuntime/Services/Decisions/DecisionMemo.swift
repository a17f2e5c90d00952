import LibraryIndex
import XMPSidecars

/// Where the decisions read from the files are kept between runs (the library index),
/// each with the stamp of the files it came from (`SidecarStamp`): a picture whose
/// sidecars and file are as they were is not read again, so a library of tens of
/// thousands of rated pictures opens without parsing its sidecars.
///
/// A cache, never the truth: a stamp that differs, a row missing, an index busy or gone,
/// and the files are read.
package struct DecisionMemo: Sendable {
  /// The stamp of a picture's files now.
  let stamp: @Sendable (_ picture: String) -> [UInt8]
  /// The decisions kept for some pictures, with their stamps.
  let recall: @Sendable (_ pictures: [String]) -> [String: KeptDecision]
  /// Keeps decisions just read.
  let keep: @Sendable (_ decisions: [String: KeptDecision]) -> Void

  /// Decisions kept in `index`.
  package init(index: PictureIndex) {
    stamp = { SidecarStamp.of(picture: $0) }
    recall = { index.keptDecisions(of: $0) }
    keep = { index.keep($0) }
  }

  /// A memo of the tests' own.
  init(
    stamp: @escaping @Sendable (String) -> [UInt8],
    recall: @escaping @Sendable ([String]) -> [String: KeptDecision],
    keep: @escaping @Sendable ([String: KeptDecision]) -> Void
  ) {
    self.stamp = stamp
    self.recall = recall
    self.keep = keep
  }
}
