import Foundation
import Gallery
import Thumbnails

/// What both modes need from the options: the scanner, the pipeline's settings, the
/// appearance of cell art.
enum Setup {
  /// The scanner for the folders named, or for the built-in pictures when none are.
  static func scanner(_ options: GalleryOptions) -> LibraryScanner {
    do {
      if options.folders.isEmpty {
        // The flow preset is the DoodleFun screen: it shows the doodles.
        let sections =
          options.layout == .flow ? DefaultAssets.flowSectionNames : DefaultAssets.sectionNames
        return try DefaultAssets.scanner(sections: sections, includeHidden: options.includeHidden)
      }
      return try LibraryScanner(folders: options.folders, includeHidden: options.includeHidden)
    } catch {
      Console.fail("gallery: \(error)", status: 1)
    }
  }

  static func thumbnailConfiguration(_ options: GalleryOptions, cellAspect: Double)
    -> ThumbnailConfiguration
  {
    ThumbnailConfiguration(
      diskCache: ThumbnailDiskCache(isEnabled: options.useCache), cellAspect: cellAspect)
  }

  /// Whether the locale's character set is UTF-8, from `LC_ALL`, `LC_CTYPE`, `LANG`.
  static var localeIsUTF8: Bool {
    let environment = ProcessInfo.processInfo.environment
    let value =
      [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
      .compactMap { $0 }.first { !$0.isEmpty } ?? ""
    let lowered = value.lowercased()
    return lowered.contains("utf-8") || lowered.contains("utf8")
  }

  /// The symbols asked for, else blocks (ASCII when the locale is not UTF-8).
  static func symbols(_ options: GalleryOptions, unicode: Bool) -> SymbolSet {
    options.symbols ?? (unicode ? .blocks : .ascii)
  }
}
