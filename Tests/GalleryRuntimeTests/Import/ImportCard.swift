import Foundation
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// A made card (`card/DCIM/100CANON`), a destination (`Pictures`), a backup folder and a
/// cache folder of their own, and `gallery import` run on them in this process.
final class ImportCard {
  struct Outcome {
    var status: ImportRun.Status
    var output: String
    var errors: String
  }

  let files: FolderFixture
  var card: String { files.path("card") }
  var camera: String { files.path("card/DCIM/100CANON") }
  var library: String { files.path("Pictures") }
  var backup: String { files.path("Backup") }
  var cache: String { files.path("cache") }
  private var number = 0

  init(in parent: String = NSTemporaryDirectory()) {
    files = FolderFixture(in: parent)
    _ = files.folder("card/DCIM/100CANON")
    _ = files.folder("Pictures")
    _ = files.folder("Backup")
  }

  /// Writes a JPEG taken at `taken` (EXIF's `2024:08:03 14:30:00`) by `model` into the
  /// card's folder, each one's bytes its own; its bytes.
  @discardableResult
  func photo(_ name: String, taken: String, model: String = "X100V", padding: Int = 0)
    -> [UInt8]
  {
    number += 1
    var rgba = [UInt8](repeating: 0, count: 16 * 16 * 4)
    for index in rgba.indices { rgba[index] = UInt8(truncatingIfNeeded: index &* (number + 7)) }
    let jpeg = MadeJPEG.encode(rgba, width: 16, height: 16, quality: 90)
    let exif = Self.exif(taken: taken, model: model)
    // A comment of its own: no two pictures are the same bytes.
    let comment =
      Array("picture \(number)".utf8) + [UInt8](repeating: 0x20, count: padding % 60_000)
    let length = comment.count + 2
    let bytes =
      Array(jpeg[..<2]) + exif + [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)]
      + comment + Array(jpeg[2...])
    files.file("card/DCIM/100CANON/" + name, bytes)
    return bytes
  }

  /// Writes a file of `size` bytes of the given head and a filling of its own.
  @discardableResult
  func file(_ name: String, head: [UInt8] = [], size: Int = 4096) -> [UInt8] {
    number += 1
    var bytes = head
    var state = UInt64(number) &* 0x9E37_79B9_7F4A_7C15
    while bytes.count < size {
      state = state &* 6_364_136_223_846_793_005 &+ 1
      bytes.append(UInt8(truncatingIfNeeded: state >> 33))
    }
    files.file("card/DCIM/100CANON/" + name, bytes)
    return bytes
  }

  /// A Canon CR3's head (an ISO box `ftyp` of brand `crx `).
  static let cr3Head: [UInt8] = [0, 0, 0, 0x18] + Array("ftypcrx ".utf8)
  /// A QuickTime movie's head.
  static let movHead: [UInt8] = [0, 0, 0, 0x14] + Array("ftypqt  ".utf8)

  /// The APP1 segment of a little-endian EXIF with the model and the date taken.
  static func exif(taken: String, model: String) -> [UInt8] {
    func short(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    func long(_ value: Int) -> [UInt8] { short(value & 0xFFFF) + short(value >> 16) }
    let modelBytes = Array(model.utf8) + [0]
    let dateBytes = Array(taken.utf8) + [0]
    // TIFF header 8, IFD0 2+2*12+4 = 30 (to 38), Exif IFD 2+12+4 = 18 (to 56).
    let dateOffset = 56
    let modelOffset = dateOffset + dateBytes.count
    var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + long(8)
    tiff += short(2)
    tiff += short(0x0110) + short(2) + long(modelBytes.count) + long(modelOffset)
    tiff += short(0x8769) + short(4) + long(1) + long(38)
    tiff += long(0)
    tiff += short(1)
    tiff += short(0x9003) + short(2) + long(dateBytes.count) + long(dateOffset)
    tiff += long(0)
    tiff += dateBytes + modelBytes
    let body = Array("Exif".utf8) + [0, 0] + tiff
    let length = body.count + 2
    return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
  }

  /// Runs `gallery import ARGUMENTS` here, its index in the cache folder, the
  /// configuration file's lines `settings` read first and `home` its home folder.
  func run(_ arguments: [String], settings: String = "", home: String? = nil) async throws
    -> Outcome
  {
    let defaults = ConfigFile(text: settings).options
    guard
      case .run(let options) = try GalleryOptions.parse(["import"] + arguments, defaults: defaults)
    else {
      Issue.record("expected options")
      return Outcome(status: .badUsage, output: "", errors: "")
    }
    let written = Locked((output: "", errors: ""))
    let console = IndexRun.Console(
      output: { text in written.withLock { $0.output += text } },
      errors: { text in written.withLock { $0.errors += text } }, errorsWidth: nil)
    let launch = GalleryLaunch(
      options: options, unicode: true,
      environment: ["XDG_CACHE_HOME": cache].merging(home.map { ["HOME": $0] } ?? [:]) { $1 })
    let run = ImportRun(launch: launch, console: console)
    let status = await Waiting.onOwnThread { run.run() }
    return written.withLock { Outcome(status: status, output: $0.output, errors: $0.errors) }
  }

  /// Every regular file under `folder`, by its path relative to it, with its bytes.
  static func tree(_ folder: String) -> [String: [UInt8]] {
    var found: [String: [UInt8]] = [:]
    func walk(_ relative: String) {
      let path = relative.isEmpty ? folder : folder + "/" + relative
      for name in Folders.names(in: path) {
        let child = relative.isEmpty ? name : relative + "/" + name
        var status = stat()
        guard lstat(folder + "/" + child, &status) == 0 else { continue }
        if status.st_mode & S_IFMT == S_IFDIR {
          walk(child)
        } else {
          found[child] = (try? FileReader.read(path: folder + "/" + child, limit: 1 << 30)) ?? []
        }
      }
    }
    walk("")
    return found
  }
}
