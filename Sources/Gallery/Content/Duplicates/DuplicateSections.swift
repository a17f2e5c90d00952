import FoundationEssentials
import Pictures

/// The library in sections of duplicates: the `duplicates` grouping's arrangement.
///
/// Pure and made from scratch: the pictures whose likeness is known are grouped by it
/// (`LikenessGroups`, a leader's way, at `LikenessGroups.defaultThreshold`), in the
/// folders' order, so a group's leader is its first picture by folder and name; each
/// group of two or more is a section, the largest first, its best copy first
/// (`BestCopy`). A picture with no copy, or whose likeness is not read yet, is in no
/// section: the grouping is a list of what to clean up, and the pictures without a copy
/// would bury the few groups among thousands. The same file under two names (one device
/// and inode: a hard link) is no copy: trashing a name frees nothing, so only its first
/// name is grouped.
package enum DuplicateSections {
  /// The prefix of a section's identifier; its least path follows, so a group keeps its
  /// identity when another copy becomes the best (the focus stays on it).
  package static let sectionIDPrefix = "gallery:duplicates:"

  /// The sections of `folders`' pictures (a pair once) grouped by `hash`, largest first.
  ///
  /// A section's title names its best copy and the count: `IMG_0042.jpg: 3 alike`; with
  /// how many are the same file content when some are (`contentHash` equal, known only
  /// for the files whose content was read): `4 alike, 3 identical`, or `3 identical
  /// copies` when all are. O(pictures × groups).
  package static func sections(
    of folders: [LibrarySection], hash: (Picture) -> PerceptualHash?,
    contentHash: (Picture) -> String? = { _ in nil }, best: BestCopy,
    within threshold: Int = LikenessGroups.defaultThreshold
  ) -> [LibrarySection] {
    var pictures: [Picture] = []
    var hashes: [PerceptualHash] = []
    var files = Set<FileIdentity>()
    for section in folders {
      for picture in section.pictures {
        guard let known = hash(picture) else { continue }
        if let device = picture.device, let inode = picture.inode,
          !files.insert(FileIdentity(device: device, inode: inode)).inserted
        {
          continue
        }
        pictures.append(picture)
        hashes.append(known)
      }
    }
    return LikenessGroups.groups(hashes, within: threshold).compactMap { group in
      let members = best.ordered(group.map { pictures[$0] })
      guard let first = members.first else { return nil }
      return LibrarySection(
        name: title(
          best: first, count: members.count, identical: identicalCount(members, contentHash)),
        folder: URL(fileURLWithPath: "/"), pictures: members,
        id: sectionIDPrefix + (members.lazy.map(\.path).min() ?? first.path))
    }
  }

  /// A file as the system knows it, whatever its name.
  private struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
  }

  /// How many of `members` share the content most of them share: the largest set with
  /// one content hash, 0 when no two are known to. O(members).
  static func identicalCount(_ members: [Picture], _ contentHash: (Picture) -> String?) -> Int {
    var counts: [String: Int] = [:]
    for member in members {
      if let content = contentHash(member) { counts[content, default: 0] += 1 }
    }
    let most = counts.values.max() ?? 0
    return most >= 2 ? most : 0
  }

  /// A group's title: its best copy's name and how many it holds, and how many of them
  /// are the same file content (`identical`, 0 for none known).
  package static func title(best: Picture, count: Int, identical: Int) -> String {
    let counted =
      identical == count
      ? "\(count) identical copies"
      : "\(count) alike" + (identical >= 2 ? ", \(identical) identical" : "")
    return best.fileName + ": " + counted
  }
}
