/// The folders a lookup's files are in, each with its files: a folder with many of them
/// is read as one range of keys, the others by one query a file.
///
/// Folders are their key bytes (a path's real bytes up to its last `/`, without it: `/`
/// itself is empty). The files of a folder mostly come one after the other, so each
/// path's folder is compared with the one before it rather than made and hashed.
struct LookUpFolders {
  /// Each folder's key bytes and the positions of its files in the lookup.
  private(set) var folders: [(key: [UInt8], positions: [Int])] = []

  init(_ stamps: [IndexStamp]) {
    var byKey: [[UInt8]: Int] = [:]
    var current = -1
    for (position, stamp) in stamps.enumerated() {
      var text = stamp.path
      let same = text.withUTF8 { utf8 -> Bool in
        guard current >= 0, !utf8.contains(0xF4) else { return false }
        let key = folders[current].key
        let end = utf8.lastIndex(of: UInt8(ascii: "/")) ?? 0
        return end == key.count && utf8.prefix(end).elementsEqual(key)
      }
      if !same {
        let key = Self.folderKey(of: stamp.path)
        if let known = byKey[key] {
          current = known
        } else {
          current = folders.count
          byKey[key] = current
          folders.append((key, []))
        }
      }
      folders[current].positions.append(position)
    }
  }

  /// The key bytes of the folder `path` is in.
  static func folderKey(of path: String) -> [UInt8] {
    var bytes = IndexPath.bytes(path)
    let end = bytes.lastIndex(of: UInt8(ascii: "/")) ?? 0
    bytes.removeSubrange(end...)
    return bytes
  }
}
