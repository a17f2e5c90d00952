import FoundationEssentials
import Gallery
import Glibc
import SystemSupport
import TerminalKit

/// The small file of what the gallery remembers besides favourites, beside them:
/// `$XDG_STATE_HOME/gallery/state.json`,
/// `{"version":1,"order":"size","reversed":false,"recentFolders":["~/Sync","/mnt/photos"]}`: the
/// order chosen last, and the folders moved or copied to last (the `x` and `c` prompts
/// offer them again).
///
/// Written atomically like the favourites. Nothing in it is precious: a file that cannot
/// be read or understood is reported, ignored and replaced by the next save; it never
/// stops the gallery.
package struct StateFile: Sendable {
  /// The file.
  package let path: String

  /// The largest file read.
  static let maximumFileSize: Int64 = 64 << 10

  package init(path: String) { self.path = path }

  /// The file at the default place; nil without `XDG_STATE_HOME` or `HOME`.
  package init?(environment: [String: String]) {
    guard let folder = StateFolder.path(environment: environment) else { return nil }
    self.init(path: PathName.join(folder, "state.json"))
  }

  /// What the file holds.
  package struct Contents: Hashable, Sendable {
    /// The order of the pictures chosen last.
    package var order: PictureOrder
    /// The folders moved or copied to, the last first (at most
    /// `GalleryState.recentFolderLimit`).
    package var recentFolders: [String]

    package init(order: PictureOrder, recentFolders: [String] = []) {
      self.order = order
      self.recentFolders = recentFolders
    }
  }

  /// The contents; nil when there is no file.
  ///
  /// - Throws: `StateFileError` when the file is there but cannot be read or understood.
  package func load() throws(StateFileError) -> Contents? {
    let bytes: [UInt8]
    do throws(FileReadError) {
      bytes = try FileReader.read(path: path, limit: Self.maximumFileSize)
    } catch .notFound {
      return nil
    } catch {
      throw .unreadable(path: path, reason: error.reason)
    }
    guard let contents = Self.decode(bytes) else { throw .damaged(path: path) }
    return contents
  }

  /// Writes `contents` atomically, creating the folder (mode 0700) when needed.
  ///
  /// - Throws: `StateFileError` when the folder or the file cannot be written.
  package func save(_ contents: Contents) throws(StateFileError) {
    let folder = PathName.parent(path)
    do {
      try Folders.create(folder)
      try AtomicFile.replace(path, with: Self.encode(contents))
    } catch {
      throw .unwritable(path: path, reason: error.reason)
    }
  }

  private struct File: Codable {
    static let currentVersion = 1
    var version: Int
    var order: String
    var reversed: Bool
    /// Absent from the files of earlier versions.
    var recentFolders: [String]?
  }

  static func encode(_ contents: Contents) -> [UInt8] {
    let file = File(
      version: File.currentVersion, order: contents.order.key.rawValue,
      reversed: contents.order.isReversed,
      recentFolders: contents.recentFolders.isEmpty ? nil : contents.recentFolders)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    // Encoding strings, a number and a flag cannot fail.
    return Array((try? encoder.encode(file)) ?? Data()) + [0x0A]
  }

  static func decode(_ bytes: [UInt8]) -> Contents? {
    guard let file = try? JSONDecoder().decode(File.self, from: Data(bytes)),
      file.version == File.currentVersion, let key = PictureOrder.Key(rawValue: file.order)
    else { return nil }
    // Only folders as the prompt gives them (absolute, or under `~`), never more than it
    // keeps.
    let folders = (file.recentFolders ?? []).filter { $0.hasPrefix("/") || $0.hasPrefix("~") }
      .prefix(GalleryState.recentFolderLimit)
    return Contents(
      order: PictureOrder(key: key, isReversed: file.reversed), recentFolders: Array(folders))
  }
}
