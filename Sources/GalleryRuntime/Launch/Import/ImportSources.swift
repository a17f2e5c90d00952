import Gallery
import LibraryIndex
import Pictures
import SystemSupport
import TerminalKit
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// What an import finds on a card: its folders' pictures (scanned as the browser scans,
/// formats sniffed), the sidecars beside them, and what each picture's head says of when
/// it was taken and by which camera (through the library index, so a card seen before is
/// not read again). Reads the card, writes nothing to it.
struct ImportSources {
  /// The folders with pictures, in the scan's order.
  var folders: [ImportFolder] = []
  /// What the templates are given, by path.
  var facts: [String: ImportPictureFacts] = [:]
  /// The scan's warnings and the index's notices, as sentences.
  var notices: [String] = []

  /// Scans `roots`, then reads the pictures' details through `index` (nil: from the files).
  init(
    roots: [ScanRoot], includeHidden: Bool, index: PictureIndex?,
    cancellation: ScanCancellation
  ) {
    var scanner = LibraryScanner(roots: roots, includeHidden: includeHidden)
    // A card answers each small reading late: the heads of a folder's files are asked
    // for at once, before they are sniffed one by one.
    scanner.readsHeadsAhead = true
    var library = Library()
    scanner.scan(cancellation: cancellation) { library.apply($0) }
    notices += library.warnings.map { "warning: \($0)" }
    var byFolder: [String: [Picture]] = [:]
    var order: [String] = []
    for picture in library.sections.flatMap(\.pictures) {
      let folder = PathName.parent(picture.path)
      if byFolder[folder] == nil { order.append(folder) }
      byFolder[folder, default: []].append(picture)
    }
    for folder in order {
      let pictures = byFolder[folder] ?? []
      let names = Set(pictures.map(\.fileName))
      folders.append(
        ImportFolder(
          path: folder, pictures: pictures,
          otherFiles: Self.sidecars(in: folder, besides: names, includeHidden: includeHidden)))
    }
    let stamps = folders.flatMap(\.pictures).map { FileStamp($0) }
    let decoder = ImageDecoder()
    let reader = DetailsReader(index: index) { decoder.details(path: $0.path) }
    // The details of the pictures the index does not know are read two at a time, each
    // waiting on the card: the heads they read are asked for together first.
    let outcome = reader.readAll(
      stamps,
      beforeReading: { missing in
        ReadAhead.ask(missing.map(\.path), bytes: Self.detailsBytes)
      })
    notices += outcome.batch.notices
    for stamp in stamps {
      let details = outcome.batch.details[stamp.path]
      facts[stamp.path] = ImportPictureFacts(
        taken: details?.taken?.wallClock,
        fileClock: Self.localClock(stamp.modificationDate?.timeIntervalSince1970 ?? 0),
        camera: details?.cameraModel)
    }
  }

  /// How much of a picture's start is asked for ahead of its details' reading: where a
  /// camera's JPEG or raw keeps its Exif.
  static let detailsBytes: Int64 = 128 << 10

  /// The files in `folder` named as sidecars (`.xmp`, `.THM`, `.WAV`) that the scan did
  /// not take as pictures: regular files only, with their sizes.
  private static func sidecars(
    in folder: String, besides pictures: Set<String>, includeHidden: Bool
  )
    -> [ImportFile]
  {
    var found: [ImportFile] = []
    for name in Folders.names(in: folder).sorted() where !pictures.contains(name) {
      guard includeHidden || !name.hasPrefix("."),
        ImportPlan.sidecarExtensions.contains(FileName.suffix(of: name).dropFirst().lowercased())
      else { continue }
      let path = PathName.join(folder, name)
      guard let status = try? FileStatus.link(path), FileStatus.kind(status) == S_IFREG else {
        continue
      }
      found.append(ImportFile(source: path, byteSize: Int64(status.st_size)))
    }
    return found
  }

  /// `seconds` since 1970 in UTC as this machine's clock read then: the date of a
  /// picture that does not say when it was taken is its file's, in the local time zone.
  static func localClock(_ seconds: Double) -> Int64 {
    var moment = time_t(seconds.isFinite ? seconds : 0)
    var parts = tm()
    guard localtime_r(&moment, &parts) != nil else { return Int64(moment) }
    return Int64(moment) + Int64(parts.tm_gmtoff)
  }
}
