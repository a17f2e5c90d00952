import TerminalKit

/// The card a folder lies on, as far as its path tells: the folder holding `DCIM/`, the
/// folder every camera writes its pictures under (DCF, the camera file system's rule).
///
/// A path that goes through a `DCIM` folder names its card without a look at the disk;
/// for any other folder the runtime looks for a `DCIM` child among its ancestors
/// (`AppCommand.findCard`), since pictures also live beside it (`PRIVATE/`, `MISC/`), up
/// to the card's mount point and never as far as the home folder.
package enum CardFolder {
  /// The name cameras give the folder of pictures, compared without case (a FAT card
  /// shows it as the camera wrote it, a few tools lower it).
  package static let picturesFolder = "DCIM"

  /// The parent of the `DCIM` folder nearest the end of `folder`'s path, nil when the
  /// path goes through none (`/media/card/DCIM/100CANON` → `/media/card`) or when that
  /// parent may not be a card (`mayBeCard`).
  package static func card(along folder: String, home: String?) -> String? {
    var path = folder
    while path != "/", !path.isEmpty {
      if PathName.lastComponent(path).uppercased() == picturesFolder {
        let card = PathName.parent(path)
        return mayBeCard(card, home: home) ? card : nil
      }
      let parent = PathName.parent(path)
      // A relative path ends at `.`, whose parent is itself.
      guard parent != path else { return nil }
      path = parent
    }
    return nil
  }

  /// Whether `folder` may be taken for a card: not the root, nor the home folder or a
  /// folder above it. A `DCIM` there is the user's own (a phone's pictures copied by
  /// hand), and importing it would read the whole home folder or disk.
  package static func mayBeCard(_ folder: String, home: String?) -> Bool {
    guard !folder.isEmpty, folder != "/" else { return false }
    guard var home, !home.isEmpty else { return true }
    while home.count > 1, home.hasSuffix("/") { home.removeLast() }
    return folder != home && !home.hasPrefix(folder + "/")
  }
}
