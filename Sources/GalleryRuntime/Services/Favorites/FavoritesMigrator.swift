import FoundationEssentials
import Gallery
import Pictures
import SystemSupport
import TerminalKit
import XMPSidecars

#if canImport(Glibc)
  import Glibc
#endif

/// Makes the favourites an older gallery kept in `favorites.json` culling decisions, in
/// the pictures' sidecars, once, at start: a favourite is now a decision
/// (`FavoriteRule`), and the list is not kept any more.
///
/// Each favourite whose file is there gets the decision `FavoriteRule.made(_:)` gives of
/// what its sidecars (or its own file) say: a pick, or the stars asked for when it has
/// fewer. One already a favourite is left as it is; one rejected since is left rejected.
/// Then the file is kept as `favorites.json.migrated` (`FavoritesStore.keepMigrated`),
/// and what waits stays under its own name: the favourites whose files are not there (a
/// disk not mounted, a file gone) or whose sidecars could not be written. The next start
/// migrates those it finds. A favourite among the built-in pictures is left out: their
/// decisions last the run (nothing is written beside an installed program's files), and
/// the kept copy holds it.
///
/// Killed at any moment, it loses nothing and migrating again does no harm: a decision
/// written is read back as one (a favourite already), and the file is renamed or
/// replaced atomically. A favourites file that cannot be read or understood is set aside
/// as `favorites.json.bak` (`FavoritesStore.load`), as it always was.
package struct FavoritesMigrator: Sendable {
  /// The favourites file; nil when neither `XDG_STATE_HOME` nor `HOME` says where it is.
  package let store: FavoritesStore?
  /// What makes a picture a favourite.
  package let rule: FavoriteRule
  /// The built-in pictures' folder, whose pictures are left out; nil for none.
  package let builtIn: String?
  private let readSidecars: SidecarKeeper.Reader
  private let writeSidecars: SidecarKeeper.Writer

  /// A migrator of the favourites file the environment names, into `sidecars`, or into
  /// the pictures themselves where `inFile` (`xmp-in-file`) keeps decisions there.
  package init(
    environment: [String: String] = ProcessInfo.processInfo.environment, rule: FavoriteRule,
    sidecars: SidecarStore, inFile: Bool = false, builtIn: String? = try? DefaultAssets.locate()
  ) {
    let writer = PictureXMPWriter(store: sidecars, inFile: inFile)
    self.init(
      store: try? FavoritesStore(environment: environment), rule: rule, builtIn: builtIn,
      read: { (picture) throws(XMPSidecarError) in try sidecars.readKept(picture: picture) },
      write: { (decision, picture) throws(XMPSidecarError) in
        try writer.write(decision, picture: picture)
      })
  }

  /// A migrator of `store`, reading and writing sidecars with `read` and `write`.
  package init(
    store: FavoritesStore?, rule: FavoriteRule, builtIn: String? = nil,
    read: @escaping SidecarKeeper.Reader, write: @escaping SidecarKeeper.Writer
  ) {
    self.store = store
    self.rule = rule
    self.builtIn = builtIn
    readSidecars = read
    writeSidecars = write
  }

  package func migrate() -> [GalleryEvent] {
    guard let migration = migration(), migration.isWorthSaying || migration.warning != nil
    else { return [] }
    return [.favoritesMigrated(migration)]
  }

  /// What migrating the favourites did; nil when there were none to migrate.
  package func migration() -> FavoritesMigration? {
    guard let store else { return nil }
    let load = store.load()
    var migration = FavoritesMigration()
    migration.file = store.path
    migration.rule = rule
    migration.warning = load.warnings.first
    guard !load.favorites.isEmpty else { return migration.warning == nil ? nil : migration }
    var waiting = Favorites()
    var failures: [(picture: String, error: XMPSidecarError)] = []
    for path in load.favorites.paths {
      if let builtIn, path.hasPrefix(builtIn + "/") {
        migration.builtIn += 1
        continue
      }
      guard Self.isFile(path) else {
        waiting.insert(path)
        continue
      }
      do throws(XMPSidecarError) {
        let kept = try readSidecars(path)?.decision ?? .undecided
        if kept.flag == CullingFlag.rejected, !rule.includes(kept) {
          migration.leftRejected += 1
          continue
        }
        let made = rule.made(kept)
        if made != kept { try writeSidecars(made, path) }
        migration.decisions[path] = made
        migration.migrated += 1
      } catch {
        failures.append((path, error))
        waiting.insert(path)
      }
    }
    migration.waiting = waiting.count
    if let first = failures.first {
      migration.sidecarProblem = SidecarSentences.notWritten(
        first.picture, first.error, others: failures.count - 1)
    }
    // Nothing done: the file stays as it is, for the next start.
    guard waiting.count < load.favorites.count else { return migration }
    do throws(FavoritesError) {
      migration.keptAs = try store.keepMigrated(remainder: waiting)
    } catch {
      migration.error = error
    }
    return migration
  }

  /// Whether a regular file is at `path` (through a symbolic link too): a favourite whose
  /// file is not there, or cannot be looked at, waits.
  private static func isFile(_ path: String) -> Bool {
    var status = stat()
    let found = PathBytes.withFileSystemRepresentation(path) { stat($0, &status) } == 0
    return found && (status.st_mode & S_IFMT) == S_IFREG
  }
}
