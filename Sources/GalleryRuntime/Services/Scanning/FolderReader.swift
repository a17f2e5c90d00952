import FoundationEssentials
import Gallery
import Pictures
import SystemSupport
import TerminalKit
import Thumbnails

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one folder holds, read in a single pass of `readdir`.
struct FolderContents {
  /// The folder's own identity, for loop detection.
  var identity: FileIdentity
  /// Its pictures, in directory order (the caller sorts).
  var pictures: [Picture] = []
  /// Names of its sub-folders (symbolic links to folders included), in directory order.
  var subfolders: [String] = []
  /// Files seen that are not pictures, not regular files or dangling links, and whose
  /// names do not look like pictures' (those are pictures, shown broken).
  var ignored = 0
  /// The same files, counted by kind.
  var skipped = SkippedFiles()
  /// Files that could not be opened or read.
  var unreadable = 0
  /// Entries skipped because their names start with a dot.
  var hidden = 0
  /// The file system the folder is on.
  var fileSystem = FileSystemKind.ordinary
  /// Temporary files of galleries no longer running found (`PartialFile`), and how many
  /// of them left the folder (a copy's removed, a rewrite's put in the Trash).
  var leftovers = 0
  var leftoversRemoved = 0
}

/// One directory entry as the reader first sees it.
private enum Entry {
  /// `.` or `..`.
  case skipped
  /// A hidden name, not asked for.
  case hidden
  /// A name that may be one of the gallery's temporary files (it holds the marker).
  case temporary(String)
  case named(String)
}

/// Reads folders with `opendir`/`readdir`, using `d_type` to avoid a `stat` per entry
/// and `openat` plus a read of a few bytes to sniff each file.
///
/// Every name is kept: one that is not UTF-8 becomes the text `PathBytes` makes of its
/// bytes (shown as `caf\xE9.jpg`), and goes back to those bytes for `openat` and
/// `fstatat`.
enum FolderReader {
  /// Reads the folder at `path`, or returns the `errno` that stopped it from opening.
  /// A folder on one of the system's own file systems (`FileSystemKind.system`) is not
  /// read: its contents are empty but for `fileSystem`. Without `followsLinks`, a link to
  /// a folder is left out (a link to a file is shown, as the file is).
  ///
  /// A regular file costs `openat`, `read`, `fstat` and `close`; a link or an entry of
  /// unknown type costs one more `fstatat`. FIFOs and devices are never opened. The
  /// folder costs `fstatfs`. A dead gallery's rewrite or move leftover goes to
  /// `leftoverTrash` (the launch gives this user's), and stays without one.
  /// `readsHeadsAhead` asks for the first `headBytes` of every regular file first
  /// (`ReadAhead`), then reads the folder again to sniff them.
  static func contents(
    of path: String, includeHidden: Bool, followsLinks: Bool = true,
    cancellation: ScanCancellation, leftoverTrash: Trash? = nil, readsHeadsAhead: Bool = false
  ) -> Result<FolderContents, SystemError> {
    guard let directory = PathBytes.withFileSystemRepresentation(path, { opendir($0) }) else {
      return .failure(SystemError.current())
    }
    defer { closedir(directory) }
    let descriptor = dirfd(directory)
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(SystemError.current()) }
    var contents = FolderContents(identity: FileIdentity(status))
    contents.fileSystem = FileSystemKind.of(folder: descriptor, device: status.st_dev)
    if case .system = contents.fileSystem { return .success(contents) }
    if readsHeadsAhead { askForHeads(directory, in: path, includeHidden: includeHidden) }
    var seen = 0
    while let entry = readdir(directory) {
      seen += 1
      if seen & 255 == 0, cancellation.isCancelled { break }
      let type = entry.pointee.d_type
      let read = withUnsafePointer(to: entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { name -> Entry in
          guard name[0] == 0x2E else { return .named(PathBytes.string(fileSystemCString: name)) }
          // "." and ".." always; other dot names unless asked for.
          if name[1] == 0 || (name[1] == 0x2E && name[2] == 0) { return .skipped }
          if PartialFile.mayBeTemporary(name) {
            return .temporary(PathBytes.string(fileSystemCString: name))
          }
          return includeHidden ? .named(PathBytes.string(fileSystemCString: name)) : .hidden
        }
      }
      var name: String
      switch read {
      case .skipped: continue
      case .hidden:
        contents.hidden += 1
        continue
      case .temporary(let temporary):
        // The gallery's own temporary files are never shown, hidden or not.
        guard PartialFile.owner(ofName: temporary) == nil else {
          tidy(
            temporary, in: descriptor, at: path, trash: leftoverTrash, into: &contents)
          continue
        }
        guard includeHidden else {
          contents.hidden += 1
          continue
        }
        name = temporary
      case .named(let named): name = named
      }
      classify(
        name: name, type: type, in: descriptor, folder: path, followsLinks: followsLinks,
        into: &contents)
    }
    return .success(contents)
  }

  /// How much of a file's start `readsHeadsAhead` asks for: what sniffing reads, with
  /// room; little, since a second import of a card reads no more than that of each file
  /// (its details come from the index).
  static let headBytes: Int64 = 16 << 10

  /// Asks for the heads of the regular files `directory` lists (`ReadAhead`), then
  /// rewinds it for the reading that classifies them.
  private static func askForHeads(
    _ directory: OpaquePointer, in path: String, includeHidden: Bool
  ) {
    var names: [String] = []
    while let entry = readdir(directory) {
      guard entry.pointee.d_type == UInt8(DT_REG) else { continue }
      let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
          PathBytes.string(fileSystemCString: $0)
        }
      }
      if !includeHidden, name.hasPrefix(".") { continue }
      if !isSidecar(name) { names.append(PathName.join(path, name)) }
    }
    rewinddir(directory)
    ReadAhead.ask(names, bytes: headBytes)
  }

  /// Tidies the temporary file `name` when a gallery no longer running left it, and
  /// counts it: the next start in a folder tidies what a killed one left there. Not on a
  /// network's file system, where its process id may be another machine's.
  private static func tidy(
    _ name: String, in folder: Int32, at path: String, trash: Trash?,
    into contents: inout FolderContents
  ) {
    guard contents.fileSystem != .network else { return }
    let leftover = PartialFile.removeIfLeftover(named: name, in: folder, at: path, trash: trash)
    guard leftover != .none else { return }
    contents.leftovers += 1
    if leftover.isGone { contents.leftoversRemoved += 1 }
  }

  private static func classify(
    name: String, type: UInt8, in folder: Int32, folder path: String, followsLinks: Bool,
    into contents: inout FolderContents
  ) {
    var kind = type
    if type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) {
      let isLink = type == UInt8(DT_LNK) || (!followsLinks && Self.isLink(name, in: folder))
      // Follow the link (or learn the type the file system did not give).
      var status = stat()
      let found = PathBytes.withFileSystemRepresentation(name) { fstatat(folder, $0, &status, 0) }
      guard found == 0 else {
        skip(name, in: folder, folder: path, into: &contents)  // a dangling link
        return
      }
      switch status.st_mode & S_IFMT {
      case S_IFDIR:
        // Links to folders are not followed when asked (`--no-follow-links`).
        if isLink && !followsLinks { return }
        kind = UInt8(DT_DIR)
      case S_IFREG: kind = UInt8(DT_REG)
      default: kind = UInt8(DT_UNKNOWN)
      }
    }
    switch kind {
    case UInt8(DT_DIR):
      contents.subfolders.append(name)
    case UInt8(DT_REG) where Self.isSidecar(name):
      // A picture's XMP sidecar (its stars and labels, which the gallery itself writes):
      // part of the picture, not a file left out; never opened.
      contents.ignored += 1
    case UInt8(DT_REG):
      sniff(name: name, in: folder, folder: path, into: &contents)
    default:
      // A pipe, socket or device: never opened.
      skip(name, in: folder, folder: path, into: &contents)
    }
  }

  /// Whether `name` is an XMP sidecar's (`IMG_0001.CR3.xmp`, `IMG_0001.xmp`).
  static func isSidecar(_ name: String) -> Bool {
    name.utf8.count > 4 && name.lowercased().hasSuffix(".xmp")
  }

  /// A file that is not a picture the gallery reads: a picture all the same, shown broken
  /// with the reason its decoding gives, when its name looks like one (`photo.jpg` that
  /// holds text, an empty `empty.jpg`, a pipe `fifo.png`, a dangling link); otherwise
  /// counted by kind. Its size and time are from `status`, else from `fstatat` (which
  /// opens nothing, so a pipe's own time is known too); a dangling link has neither.
  private static func skip(
    _ name: String, in folder: Int32, folder path: String, status known: stat? = nil,
    into contents: inout FolderContents
  ) {
    guard ImageFormat(fileName: name) != nil else {
      contents.ignored += 1
      contents.skipped.add(fileName: name)
      return
    }
    contents.pictures.append(
      brokenPicture(name, folder: path, status: known ?? status(of: name, in: folder)))
  }

  /// A picture of no format named `name`: the size a regular file's `status` gives, its
  /// time when `status` is known.
  fileprivate static func brokenPicture(_ name: String, folder path: String, status: stat?)
    -> Picture
  {
    let regular = status.map { $0.st_mode & S_IFMT == S_IFREG } ?? false
    return Picture(
      path: PathName.join(path, name), fileName: name,
      byteSize: regular ? Int64(status?.st_size ?? 0) : 0,
      modificationDate: status.map(modificationDate), format: nil)
  }

  /// Whether `name` in `folder` is a symbolic link (for a file system that gives no
  /// `d_type`).
  fileprivate static func isLink(_ name: String, in folder: Int32) -> Bool {
    var status = stat()
    let found = PathBytes.withFileSystemRepresentation(name) {
      fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW)
    }
    return found == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  /// The status of `name` in `folder`, links followed; nil when it cannot be had.
  fileprivate static func status(of name: String, in folder: Int32) -> stat? {
    var status = stat()
    let found = PathBytes.withFileSystemRepresentation(name) { fstatat(folder, $0, &status, 0) }
    return found == 0 ? status : nil
  }

  private static func sniff(
    name: String, in folder: Int32, folder path: String, into contents: inout FolderContents
  ) {
    // O_NONBLOCK: a FIFO swapped in after readdir must not hang the scan.
    let file = PathBytes.withFileSystemRepresentation(name) {
      openat(folder, $0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    }
    guard file >= 0 else {
      unreadable(name, in: folder, folder: path, into: &contents)
      return
    }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      skip(name, in: folder, folder: path, into: &contents)
      return
    }
    var header = [UInt8](repeating: 0, count: ImageFormat.sniffLength)
    let count = header.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
    guard count >= 0 else {
      unreadable(name, in: folder, folder: path, into: &contents)
      return
    }
    guard let format = ImageDecoder.sniff(header.prefix(count)) else {
      skip(name, in: folder, folder: path, status: status, into: &contents)
      return
    }
    contents.pictures.append(
      Picture(
        path: PathName.join(path, name), fileName: name, byteSize: Int64(status.st_size),
        modificationDate: modificationDate(status), format: format,
        device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
  }
}

extension FolderReader {
  /// A file that could not be opened or read: shown broken when it is named like a
  /// picture (its decoding says why), else counted as unreadable.
  fileprivate static func unreadable(
    _ name: String, in folder: Int32, folder path: String, into contents: inout FolderContents
  ) {
    guard ImageFormat(fileName: name) != nil else {
      contents.unreadable += 1
      return
    }
    contents.pictures.append(
      brokenPicture(name, folder: path, status: status(of: name, in: folder)))
  }
}

/// A file's modification time from its status, to the nanosecond.
func modificationDate(_ status: stat) -> Date {
  #if canImport(Darwin)
    let time = status.st_mtimespec
  #else
    let time = status.st_mtim
  #endif
  return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
}
