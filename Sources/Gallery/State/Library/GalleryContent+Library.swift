import CompositionalLayout
import DiffableData
import FoundationEssentials
import Pictures
import TerminalKit

/// Sections made from the library for the content: a library's sections as its snapshot
/// shows them.
extension GalleryContent {
  /// The sections of `library` holding exactly the items of `snapshot` (a picture or
  /// folder repeated through overlapping roots shows once, where it first appears).
  static func sections(of library: Library, shownIn snapshot: Snapshot<String, String>)
    -> [LibrarySection]
  {
    var result: [LibrarySection] = []
    result.reserveCapacity(snapshot.numberOfSections)
    var seen = Set<String>()
    for section in library.sections where snapshot.contains(section: section.id) {
      guard seen.insert(section.id).inserted else { continue }
      let pictures = section.pictures.filter {
        snapshot.sectionIdentifier(containingItem: $0.id) == section.id
      }
      result.append(section.with(pictures: pictures))
    }
    return result
  }
}
