import TerminalKit

/// Where a folder's section belongs: its title and its rank among the sections.
///
/// Ranks follow the scanner's display order: roots in the order given, and within a
/// root its own pictures first, then sub-folders depth first in natural order (or, for a
/// root with named sub-folders, those in the order named).
package struct SectionPlace: Sendable, Hashable, Comparable {
  /// The folder's absolute path, also the section's identifier.
  package let folder: String
  /// The section title: the root's name, or the path below the root (`Parent/Child`).
  package let name: String
  /// The index of the root the folder is under.
  let root: Int
  /// The index of the named sub-folder it is under (0 for a root without names).
  let branch: Int
  /// The folder names below the root (or below the named sub-folder).
  let components: [String]

  package static func < (lhs: SectionPlace, rhs: SectionPlace) -> Bool {
    if lhs.root != rhs.root { return lhs.root < rhs.root }
    if lhs.branch != rhs.branch { return lhs.branch < rhs.branch }
    // Depth first: a folder comes before everything inside it, which a shorter
    // component list sharing the prefix gives.
    for (left, right) in zip(lhs.components, rhs.components) where left != right {
      return NaturalOrder.areInIncreasingOrder(left, right)
    }
    if lhs.components.count != rhs.components.count {
      return lhs.components.count < rhs.components.count
    }
    return lhs.folder < rhs.folder
  }
}

/// Places folders among the sections of a scan's roots; a folder outside them is not shown.
package struct SectionOrdering: Sendable, Hashable {
  /// The scanned roots, in display order.
  package let roots: [ScanRoot]

  /// An ordering for the roots of `scanner`.
  package init(roots: [ScanRoot]) { self.roots = roots }

  /// The place of the section for `folder`, or nil when no section of the scan can be
  /// there (outside every root, or a root whose own pictures are left out). O(roots).
  package func place(ofFolder folder: String) -> SectionPlace? {
    for (index, root) in roots.enumerated() {
      guard let below = PathName.components(of: folder, under: root.path) else { continue }
      guard let named = root.subfolders else {
        let name = below.isEmpty ? root.name : below.joined(separator: "/")
        return SectionPlace(folder: folder, name: name, root: index, branch: 0, components: below)
      }
      guard let first = below.first, let branch = named.firstIndex(of: first) else { continue }
      return SectionPlace(
        folder: folder, name: below.joined(separator: "/"), root: index, branch: branch,
        components: Array(below.dropFirst()))
    }
    return nil
  }
}
