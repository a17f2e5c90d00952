import FoundationEssentials

/// A folder's pictures, shown as one section of the gallery.
package struct LibrarySection: Sendable, Hashable, Identifiable {
  /// The section's identity, unique within a library: its folder's absolute path, or
  /// `namedFilesID` for the pictures named on the command line.
  package let id: String
  /// The title shown in the header: the folder's name, or `Parent/Child` for a nested folder.
  package let name: String
  /// The folder the pictures were found in: a value to name it by (its `path` is the
  /// folder's path exactly, escapes included), never to reach it with, since its URL
  /// spells a name that is not UTF-8 as the UTF-8 of its escapes.
  package let folder: URL
  /// The folder's pictures in natural order of their file names.
  package let pictures: [Picture]
  /// The folder's files that are not shown (text, sounds, …), counted.
  package let skipped: SkippedFiles
  /// The day, month or year a timeline section holds; nil for a folder's section and for
  /// the timeline's pictures without a date.
  package let period: TimelinePeriod?
  /// The folder a timeline section's pictures all came from (its section's title), nil
  /// when they came from several, and for a folder's own section.
  package let place: String?

  /// The identity of the section of pictures named one by one (`gallery a.jpg b.png`,
  /// `gallery -`); never a folder's path (those start with `/`).
  package static let namedFilesID = "gallery:files"

  /// Makes a section; its identity is the folder's path unless `id` says otherwise.
  package init(
    name: String, folder: URL, pictures: [Picture], id: String? = nil,
    skipped: SkippedFiles = SkippedFiles(), period: TimelinePeriod? = nil, place: String? = nil
  ) {
    self.id = id ?? folder.path
    self.name = name
    self.folder = folder
    self.pictures = pictures
    self.skipped = skipped
    self.period = period
    self.place = place
  }

  /// The same section holding `pictures` instead.
  package func with(pictures: [Picture]) -> LibrarySection {
    LibrarySection(
      name: name, folder: folder, pictures: pictures, id: id, skipped: skipped, period: period,
      place: place)
  }
}
