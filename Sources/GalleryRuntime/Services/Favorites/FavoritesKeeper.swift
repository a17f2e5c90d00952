import Dispatch
import Foundation
import Gallery

/// Reads the favourites at start and writes them after each change, off the main thread.
///
/// Saves run one at a time in the order asked (each writes the whole set, so the last one
/// wins); `finish` waits for them, so quitting right after a toggle loses nothing.
package final class FavoritesKeeper: Sendable {
  /// Nil when neither `XDG_STATE_HOME` nor `HOME` says where state goes.
  package let store: FavoritesStore?
  private let queue = DispatchQueue(label: "gallery.favorites")

  package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    store = try? FavoritesStore(environment: environment)
  }

  /// The events for the state at start: the favourites read (a damaged file set aside
  /// with a warning), and a save failure when there is nowhere to keep them.
  package func load() -> [GalleryEvent] {
    guard let store else {
      return [
        .favoritesLoaded(FavoritesLoad(favorites: Favorites())),
        .favoritesSaved(.failure(.noStateFolder)),
      ]
    }
    var load = store.load()
    // Each favourite's file as the scan reads one: the details of one no folder shows.
    for path in load.favorites.paths {
      if let picture = sniffPicture(at: path) { load.files[path] = picture }
    }
    return [.favoritesLoaded(load)]
  }

  /// Writes `favorites` in the background and hands the outcome to `report`, on the
  /// keeper's queue.
  package func save(
    _ favorites: Favorites,
    report: @escaping @Sendable (Result<[FavoritesWarning], FavoritesError>) -> Void
  ) {
    let store = self.store
    queue.async {
      guard let store else {
        report(.failure(.noStateFolder))
        return
      }
      report(Result { () throws(FavoritesError) in try store.save(favorites) })
    }
  }

  /// Waits for the saves asked for so far.
  package func finish() { queue.sync {} }
}
