import Gallery
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The names a group takes at one destination: its planned stem, else the first with a
/// suffix (` (2)`, ` (3)`, as the file actions give) under which every file's name is
/// either free or already holds that very file (the same size and content hash: an
/// import killed half-way, or run without the index). A name another file holds is never
/// written over; a name this run gave another group is not given twice.
struct ImportPlacement {
  /// The names given by this run, which the disk may not show yet (a dry run).
  private var given: Set<String> = []
  /// The content hashes of the card's files read to compare with a taken name.
  private var sourceHashes: [String: ContentHash] = [:]

  /// Where `group`'s files go under `folder`: for each file, its path, and whether it
  /// is there already. `knownHash` gives a card file's hash when the index kept it.
  mutating func place(
    _ group: ImportGroup, in folder: String, knownHash: (ImportFile) -> ContentHash?
  ) -> [(path: String, present: Bool)] {
    var number = 1
    while true {
      let suffix = number == 1 ? "" : " (\(number))"
      if let placed = fits(group, in: folder, suffix: suffix, knownHash: knownHash) {
        for file in placed where !file.present { given.insert(file.path) }
        return placed
      }
      number += 1
    }
  }

  /// The names under `suffix` when every one is free or holds its file; nil otherwise.
  private mutating func fits(
    _ group: ImportGroup, in folder: String, suffix: String,
    knownHash: (ImportFile) -> ContentHash?
  ) -> [(path: String, present: Bool)]? {
    var placed: [(path: String, present: Bool)] = []
    for file in group.files {
      let path = PathName.join(folder, group.name(of: file, suffix: suffix))
      if given.contains(path) { return nil }
      guard let status = try? FileStatus.link(path) else {
        // Free (or unreadable: then the copy's own rename says why).
        placed.append((path, false))
        continue
      }
      guard holds(status, path, file, knownHash: knownHash) else { return nil }
      placed.append((path, true))
    }
    return placed
  }

  /// Whether the file at `path` (its status `status`) is `file`'s copy.
  private mutating func holds(
    _ status: stat, _ path: String, _ file: ImportFile, knownHash: (ImportFile) -> ContentHash?
  ) -> Bool {
    guard FileStatus.kind(status) == S_IFREG, Int64(status.st_size) == file.byteSize else {
      return false
    }
    guard let source = knownHash(file) ?? sourceHash(file),
      let there = try? ContentHasher.hash(path: path)
    else { return false }
    return source == there
  }

  /// The hash of a card's file, read once.
  private mutating func sourceHash(_ file: ImportFile) -> ContentHash? {
    if let hash = sourceHashes[file.source] { return hash }
    guard let hash = try? ContentHasher.hash(path: file.source) else { return nil }
    sourceHashes[file.source] = hash
    return hash
  }

  /// A card file's hash read here, for the index to keep.
  func readHash(_ file: ImportFile) -> ContentHash? { sourceHashes[file.source] }
}
