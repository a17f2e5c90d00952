import Foundation
import Gallery
import GalleryRuntime
import XMPSidecars

/// `favorites-migrate STATE_HOME RULE`: the gallery's migration of the favourites file
/// under STATE_HOME (`gallery/favorites.json`) into picks or ratings (RULE: `picks`,
/// `rating>=4`), as a start makes it; prints `migrated N waiting M in T us`. Status 1 with the
/// sentence when the file could not be kept or its remainder written.
func migrateFavorites(stateHome: String, rule word: String) {
  guard let rule = FavoriteRule(word: word) else { fail("no rule \(word)", status: 2) }
  let migrator = FavoritesMigrator(
    environment: ["XDG_STATE_HOME": stateHome], rule: rule, sidecars: SidecarStore())
  let started = start()
  let migration = migrator.migration() ?? FavoritesMigration()
  if let error = migration.error { fail(error.description, status: 1) }
  print(
    "migrated \(migration.migrated) waiting \(migration.waiting)"
      + " in \(microseconds(since: started)) us")
}
