import Gallery
import TerminalKit

/// The pictures that come with the gallery, and where to find them.
///
/// In a checkout they are `Assets/` beside `Package.swift`; once installed they are
/// `PREFIX/share/gallery/Assets`, found relative to the executable as
/// `../share/gallery/Assets`. The installed place is tried first, so an installed
/// binary never reads from the checkout it was built in. Paths are worked out by name
/// (`PathName`) and looked at with the system's calls (`SystemPaths`), so a checkout
/// whose path is not UTF-8 is found too.
package enum DefaultAssets {
  /// The sections of the default library, in display order.
  package static let sectionNames = ["Office", "Kitchen", "MacBook"]
  /// The section of the flow preset (the doodles).
  package static let flowSectionNames = ["Doodles"]

  /// The places searched, best first: beside the installed executable, then the first
  /// package checkout above the executable, then the one above this source file.
  ///
  /// - Parameters:
  ///   - executablePath: the running binary, symbolic links resolved by the caller.
  ///   - sourceFile: a file inside the package, usually `#filePath`.
  package static func candidates(executablePath: String, sourceFile: String) -> [String] {
    let binDirectory = PathName.parent(executablePath)
    var places = [PathName.standardized(PathName.join(binDirectory, "../share/gallery/Assets"))]
    for start in [binDirectory, PathName.parent(sourceFile)] {
      if let root = packageRoot(above: start) {
        let assets = PathName.join(root, "Assets")
        if !places.contains(assets) { places.append(assets) }
      }
    }
    return places
  }

  /// The first of `candidates` that is a folder.
  ///
  /// - Throws: `LibraryError.assetsNotFound` listing the places searched.
  package static func locate(
    executablePath: String = currentExecutablePath(), sourceFile: String = #filePath
  ) throws(LibraryError) -> String {
    let places = candidates(executablePath: executablePath, sourceFile: sourceFile)
    for place in places where SystemPaths.isFolder(place) { return place }
    throw .assetsNotFound(searched: places)
  }

  /// A scanner over the default library: the given sub-folders of the assets, in order.
  ///
  /// - Parameter sections: which sub-folders to show; `sectionNames` by default,
  ///   `flowSectionNames` for the flow preset.
  package static func scanner(
    sections: [String] = sectionNames, includeHidden: Bool = false,
    executablePath: String = currentExecutablePath(), sourceFile: String = #filePath
  ) throws(LibraryError) -> LibraryScanner {
    let assets = try locate(executablePath: executablePath, sourceFile: sourceFile)
    let root = try ScanRoot(resolving: assets, subfolders: sections)
    return LibraryScanner(roots: [root], includeHidden: includeHidden)
  }

  /// The running executable's path with symbolic links resolved (`/proc/self/exe` on
  /// Linux, else the first argument made absolute).
  package static func currentExecutablePath() -> String {
    if let resolved = SystemPaths.linkTarget("/proc/self/exe") { return resolved }
    let first = SystemPaths.commandLineArguments().first ?? "gallery"
    let absolute =
      first.hasPrefix("/") ? first : PathName.join(SystemPaths.currentDirectory(), first)
    return PathName.standardized(absolute)
  }

  /// The nearest folder at or above `start` holding both `Package.swift` and `Assets/`.
  private static func packageRoot(above start: String) -> String? {
    var folder = PathName.standardized(start)
    while true {
      let manifest = PathName.join(folder, "Package.swift")
      if SystemPaths.exists(manifest), SystemPaths.isFolder(PathName.join(folder, "Assets")) {
        return folder
      }
      let parent = PathName.parent(folder)
      if parent == folder || parent == "." { return nil }
      folder = parent
    }
  }
}
