import Foundation

/// A folder's pictures, shown as one section of the gallery.
public struct LibrarySection: Sendable, Hashable, Identifiable {
  /// The folder's absolute path: unique within a library.
  public var id: String { folder.path }
  /// The title shown in the header: the folder's name, or `Parent/Child` for a nested folder.
  public let name: String
  /// The folder the pictures were found in.
  public let folder: URL
  /// The folder's pictures in natural order of their file names.
  public let pictures: [Picture]

  /// Makes a section.
  public init(name: String, folder: URL, pictures: [Picture]) {
    self.name = name
    self.folder = folder
    self.pictures = pictures
  }
}
