import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Changes a folder of pictures the way people and programs do while the gallery shows
/// it: pictures copied in, saved through a temporary name, renamed, moved between
/// folders, rewritten, deleted; folders made, renamed and removed with what is in them;
/// and broken files (cut short, not a picture, empty, a folder or a FIFO named like a
/// picture). One step at a time, chosen by a seeded generator; the tree stays within
/// `maximumPictures` and `maximumFolders`, and `protected` paths, files whose names start
/// with one of `keptPrefixes` and the folders holding them are never touched: the gallery
/// moves and renames those, and the soak counts them.
struct FolderChurn {
  /// What a step did, for the soak's figures.
  enum Action: String, CaseIterable {
    case copyIn = "copy in"
    case saveByRename = "save by rename"
    case addBroken = "add broken"
    case rename, move, rewrite, delete
    case makeFolder = "make folder"
    case renameFolder = "rename folder"
    case removeFolder = "remove folder"
  }

  let root: String
  /// Real pictures to copy: JPEG and PNG files.
  let sources: [String]
  let protected: Set<String>
  /// The starts of the names of the files the gallery's own actions move about.
  let keptPrefixes: [String]
  var maximumPictures = 60
  var maximumFolders = 10
  private var generator: SplitMix64
  private var serial = 0
  /// How many times each action ran.
  private(set) var counts: [Action: Int] = [:]

  init(
    root: String, sources: [String], protected: Set<String>, keptPrefixes: [String] = [],
    seed: UInt64
  ) {
    self.root = root
    self.sources = sources
    self.protected = protected
    self.keptPrefixes = keptPrefixes
    generator = SplitMix64(seed: seed)
  }

  /// Does one change; a step that finds nothing to act on does something else.
  mutating func step() {
    let folders = self.folders()
    let pictures = self.pictures(in: folders)
    var choices: [Action] = [.rewrite, .rename, .move, .delete, .renameFolder]
    if pictures.count < maximumPictures {
      choices += [.copyIn, .copyIn, .saveByRename, .addBroken]
    }
    if folders.count < maximumFolders { choices.append(.makeFolder) }
    if folders.count > 2 { choices.append(.removeFolder) }
    if pictures.count >= maximumPictures { choices += [.delete, .delete] }
    guard let action = generator.pick(choices) else { return }
    if perform(action, folders: folders, pictures: pictures) { counts[action, default: 0] += 1 }
  }

  private mutating func perform(_ action: Action, folders: [String], pictures: [String]) -> Bool {
    let manager = FileManager.default
    switch action {
    case .copyIn:
      guard let folder = generator.pick(folders), let source = generator.pick(sources) else {
        return false
      }
      return (try? manager.copyItem(atPath: source, toPath: newName(in: folder, like: source)))
        != nil
    case .saveByRename:
      // How editors and sync tools save: write a hidden temporary, then rename it in.
      guard let folder = generator.pick(folders), let source = generator.pick(sources) else {
        return false
      }
      let temporary = folder + "/.saving-\(serial).tmp"
      guard (try? manager.copyItem(atPath: source, toPath: temporary)) != nil else { return false }
      return rename(temporary, newName(in: folder, like: source)) == 0
    case .addBroken:
      guard let folder = generator.pick(folders) else { return false }
      return addBroken(in: folder)
    case .rename, .move:
      guard let picture = generator.pick(pictures),
        let folder = action == .move ? generator.pick(folders) : parent(picture)
      else { return false }
      return rename(picture, newName(in: folder, like: picture)) == 0
    case .rewrite:
      // In place, as an image editor saves: the same name, new content. Regular files
      // only: opening a FIFO to write waits for a reader.
      guard let picture = generator.pick(pictures.filter(isRegularFile)),
        let source = generator.pick(sources),
        let bytes = manager.contents(atPath: source)
      else { return false }
      return (try? bytes.write(to: URL(fileURLWithPath: picture))) != nil
    case .delete:
      guard let picture = generator.pick(pictures) else { return false }
      return unlink(picture) == 0 || rmdir(picture) == 0
    case .makeFolder:
      // Sometimes inside another folder: a `Parent/Child` section.
      let parent = generator.chance(30) ? (generator.pick(folders) ?? root) : root
      serial += 1
      let folder = parent + "/folder-\(serial)"
      guard
        (try? manager.createDirectory(atPath: folder, withIntermediateDirectories: false))
          != nil
      else { return false }
      for _ in 0..<(1 + generator.below(3)) {
        if let source = generator.pick(sources) {
          try? manager.copyItem(atPath: source, toPath: newName(in: folder, like: source))
        }
      }
      return true
    case .renameFolder:
      guard let folder = generator.pick(folders.filter { $0 != root }) else { return false }
      serial += 1
      return rename(folder, (parent(folder) ?? root) + "/renamed-\(serial)") == 0
    case .removeFolder:
      guard let folder = generator.pick(folders.filter { $0 != root && !holdsKeptFiles($0) })
      else { return false }
      return (try? manager.removeItem(atPath: folder)) != nil
    }
  }

  /// A file that is not a good picture, named like one.
  private mutating func addBroken(in folder: String) -> Bool {
    serial += 1
    let path = folder + "/broken-\(serial)"
    switch generator.below(5) {
    case 0:
      guard let source = generator.pick(sources),
        let bytes = FileManager.default.contents(atPath: source)
      else { return false }
      return (try? bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path + ".jpg")))
        != nil
    case 1:
      let noise = (0..<512).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      return
        (try? Data(FolderFixture.jpegBytes + noise).write(to: URL(fileURLWithPath: path + ".jpg")))
        != nil
    case 2:
      return FileManager.default.createFile(atPath: path + ".png", contents: Data())
    case 3:
      return mkdir(path + ".jpg", 0o755) == 0
    default:
      return mkfifo(path + ".jpg", 0o644) == 0
    }
  }

  /// A fresh name in `folder` with the extension of `file`.
  private mutating func newName(in folder: String, like file: String) -> String {
    serial += 1
    let ext = (file as NSString).pathExtension
    return folder + "/picture-\(serial)" + (ext.isEmpty ? "" : "." + ext)
  }

  /// Whether `name` is one of the files the churn leaves to the gallery.
  func isKept(_ name: String) -> Bool { keptPrefixes.contains { name.hasPrefix($0) } }

  /// Whether a kept file lies anywhere below `folder`.
  private func holdsKeptFiles(_ folder: String) -> Bool {
    guard let walk = FileManager.default.enumerator(atPath: folder) else { return false }
    while let path = walk.nextObject() as? String {
      if isKept((path as NSString).lastPathComponent) { return true }
    }
    return false
  }

  private func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  private func parent(_ path: String) -> String? {
    let parent = (path as NSString).deletingLastPathComponent
    return parent.hasPrefix(root) ? parent : nil
  }

  /// The root and every folder below it.
  private func folders() -> [String] {
    var found = [root]
    var index = 0
    while index < found.count {
      let folder = found[index]
      index += 1
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
        let path = folder + "/" + name
        var status = stat()
        if !name.hasPrefix("."), !name.hasSuffix(".jpg"), stat(path, &status) == 0,
          status.st_mode & S_IFMT == S_IFDIR
        {
          found.append(path)
        }
      }
    }
    return found
  }

  /// The files (and picture-named oddities) in `folders`, protected ones left out.
  private func pictures(in folders: [String]) -> [String] {
    folders.flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { ($0.hasSuffix(".jpg") || $0.hasSuffix(".png")) && !isKept($0) }
        .map { folder + "/" + $0 }
        .filter { !protected.contains($0) }
    }
  }
}
