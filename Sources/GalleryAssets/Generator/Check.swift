import Foundation

/// Compares committed assets with a fresh run of the generator, byte for byte.
enum Check {
  /// Files at the top of the assets folder that the generator does not make.
  static let ignored: Set<String> = ["README.md"]

  /// The differences, one line each; empty when the folder matches the generator.
  static func differences(committed folder: String) throws(AssetsError) -> [String] {
    let files = FileManager.default
    var isFolder: ObjCBool = false
    guard files.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      throw .read(path: folder, reason: "no such folder")
    }
    let scratch = files.temporaryDirectory.path + "/gallery-assets-check-\(getpid())"
    defer { try? files.removeItem(atPath: scratch) }
    try Generator.writeAll(to: scratch) { _ in }

    var problems: [String] = []
    let expected = Catalog.all.map(\.relativePath)
    for path in expected {
      let fresh = try read(scratch + "/" + path)
      guard files.fileExists(atPath: folder + "/" + path) else {
        problems.append("missing: \(path)")
        continue
      }
      if try read(folder + "/" + path) != fresh { problems.append("differs: \(path)") }
    }
    let known = Set(expected)
    for extra in committedFiles(in: folder) where !known.contains(extra) && !ignored.contains(extra)
    {
      problems.append("not made by the generator: \(extra)")
    }
    return problems
  }

  private static func read(_ path: String) throws(AssetsError) -> Data {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .read(path: path, reason: "no such file or not readable")
    }
    return data
  }

  /// Regular files under the folder, as relative paths.
  private static func committedFiles(in folder: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
    var found: [String] = []
    while let next = walker.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: folder + "/" + next, isDirectory: &isFolder),
        !isFolder.boolValue
      {
        found.append(next)
      }
    }
    return found.sorted()
  }
}
