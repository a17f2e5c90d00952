import FoundationEssentials
import Gallery
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The favourites file of an older version, `{"version":1,"favorites":[paths]}`: read
/// once at start by `FavoritesMigrator`, which makes them decisions, and then written only
/// with the favourites still waiting for their files (`keepMigrated`).
///
/// A path is kept as the text the program carries (`PathBytes`): a name that is not
/// UTF-8 is written with its escapes, private-use characters that are valid UTF-8 and
/// JSON, and reads back as the same path, naming the same bytes.
///
/// Saves are atomic (see `AtomicFile`): after a crash the file holds the old or the new
/// favourites, never part of either. A file that cannot be read or understood is never
/// overwritten: it is renamed to `favorites.json.bak` (or `.bak.1`, `.bak.2`, … when
/// that is taken) and a warning says so.
///
/// Save from one thread at a time: saves of one process share a temporary name.
package struct FavoritesStore: Sendable {
  /// The favourites file.
  package let path: String

  /// The largest file read; anything bigger is not ours.
  static let maximumFileSize = 16 << 20

  /// A store at `path`.
  package init(path: String) {
    self.path = path
  }

  /// A store at the default place, `$XDG_STATE_HOME/gallery/favorites.json`, falling
  /// back to `$HOME/.local/state/gallery/favorites.json`.
  ///
  /// - Throws: `FavoritesError.noStateFolder` when neither variable is usable.
  package init(environment: [String: String] = ProcessInfo.processInfo.environment)
    throws(FavoritesError)
  {
    guard let path = Self.defaultPath(environment: environment) else { throw .noStateFolder }
    self.init(path: path)
  }

  /// The default file path, or nil without `XDG_STATE_HOME` or `HOME`.
  ///
  /// A relative `XDG_STATE_HOME` is ignored, as the XDG base directory rules require.
  package static func defaultPath(environment: [String: String]) -> String? {
    StateFolder.path(environment: environment).map { PathName.join($0, "favorites.json") }
  }

  /// Reads the favourites; a missing file is no favourites and no warning.
  ///
  /// A damaged file is set aside as a backup and reported; temporary files left by a
  /// run that was killed mid-save are removed.
  package func load() -> FavoritesLoad {
    AtomicFile.removeStaleTemporaries(for: path)
    switch readFavorites() {
    case .missing:
      return FavoritesLoad(favorites: Favorites(), warnings: [])
    case .read(let favorites):
      return FavoritesLoad(favorites: favorites, warnings: [])
    case .damaged(let problem):
      return FavoritesLoad(favorites: Favorites(), warnings: [setAside(problem: problem)])
    }
  }

  /// Writes `favorites` atomically, creating the folder (mode 0700) when needed.
  ///
  /// A damaged file found in the way (put there since `load`) is set aside first.
  ///
  /// - Returns: warnings about a file that was set aside.
  /// - Throws: `FavoritesError` when the folder or file cannot be written, or when a
  ///   damaged file cannot be moved out of the way.
  @discardableResult
  package func save(_ favorites: Favorites) throws(FavoritesError) -> [FavoritesWarning] {
    let folder = PathName.parent(path)
    do {
      try Folders.create(folder)
    } catch {
      throw .cannotCreateFolder(path: folder, reason: error.reason)
    }
    var warnings: [FavoritesWarning] = []
    if case .damaged(let problem) = readFavorites() {
      let warning = setAside(problem: problem)
      if case .cannotSetAside(_, _, let reason) = warning {
        throw .cannotSetAside(path: path, reason: reason)
      }
      warnings.append(warning)
    }
    do {
      try AtomicFile.replace(path, with: Self.encode(favorites))
    } catch {
      throw .cannotWrite(path: path, reason: error.reason)
    }
    return warnings
  }

  /// The file's bytes for `favorites`: one path per line, so it reads well in a diff.
  static func encode(_ favorites: Favorites) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    let file = FavoritesFile(version: FavoritesFile.currentVersion, favorites: favorites.paths)
    // Encoding strings and an integer cannot fail; an empty file would read as damaged.
    let data = (try? encoder.encode(file)) ?? Data()
    return Array(data) + [0x0A]
  }

  /// Favourites from the file's bytes, or what is wrong with them.
  static func decode(_ bytes: [UInt8]) -> Result<Favorites, FavoritesFileError> {
    guard let file = try? JSONDecoder().decode(FavoritesFile.self, from: Data(bytes)) else {
      return .failure(FavoritesFileError("is not a valid favourites file"))
    }
    guard file.version == FavoritesFile.currentVersion else {
      return .failure(FavoritesFileError("has unknown version \(file.version)"))
    }
    return .success(Favorites(file.favorites))
  }

  private enum ReadOutcome {
    case missing
    case read(Favorites)
    case damaged(String)
  }

  private func readFavorites() -> ReadOutcome {
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(path: path, limit: Int64(Self.maximumFileSize))
    } catch .notFound {
      return .missing
    } catch {
      return .damaged(error.reason)
    }
    switch Self.decode(bytes) {
    case .success(let favorites): return .read(favorites)
    case .failure(let problem): return .damaged(problem.text)
    }
  }

  /// Renames the file to the first free backup name and says what happened.
  private func setAside(problem: String) -> FavoritesWarning {
    var backup = path + ".bak"
    var suffix = 0
    var status = stat()
    while PathBytes.withFileSystemRepresentation(backup, { lstat($0, &status) }) == 0 {
      suffix += 1
      backup = path + ".bak.\(suffix)"
    }
    let renamed = PathBytes.withFileSystemRepresentation(path) { from in
      PathBytes.withFileSystemRepresentation(backup) { rename(from, $0) }
    }
    guard renamed == 0 else {
      return .cannotSetAside(path: path, problem: problem, reason: SystemError.current().reason)
    }
    return .setAside(path: path, backup: backup, problem: problem)
  }
}

/// What is wrong with a favourites file, worded to follow its path.
struct FavoritesFileError: Error, Hashable {
  let text: String
  init(_ text: String) { self.text = text }
}

/// The file format.
private struct FavoritesFile: Codable {
  static let currentVersion = 1
  var version: Int
  var favorites: [String]
}

/// What reading the favourites file found: the favourites, and anything the user should
/// hear about.
package struct FavoritesLoad: Sendable, Hashable {
  /// The favourites read (none when there was no file or it was damaged).
  package var favorites: Favorites
  /// Warnings for the status line; empty when all went well.
  package var warnings: [FavoritesWarning]

  package init(favorites: Favorites, warnings: [FavoritesWarning] = []) {
    self.favorites = favorites
    self.warnings = warnings
  }
}
