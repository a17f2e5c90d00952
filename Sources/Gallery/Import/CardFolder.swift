import TerminalKit

/// The card a folder lies on, as far as its path tells: the folder holding `DCIM/`, the
/// folder every camera writes its pictures under (DCF, the camera file system's rule).
///
/// A path that goes through a `DCIM` folder names its card without a look at the disk;
/// for any other folder the runtime looks for a `DCIM` child among its ancestors
/// (`AppCommand.findCard`), since pictures also live beside it (`PRIVATE/`, `MISC/`).
package enum CardFolder {
  /// The name cameras give the folder of pictures, compared without case (a FAT card
  /// shows it as the camera wrote it, a few tools lower it).
  package static let picturesFolder = "DCIM"

  /// The parent of the `DCIM` folder nearest the end of `folder`'s path, nil when the
  /// path goes through none (`/media/card/DCIM/100CANON` → `/media/card`).
  package static func card(along folder: String) -> String? {
    var path = folder
    while path != "/", !path.isEmpty {
      if PathName.lastComponent(path).uppercased() == picturesFolder {
        return PathName.parent(path)
      }
      path = PathName.parent(path)
    }
    return nil
  }
}
