import Foundation
import LibraryIndex
import Pictures
import TerminalKit
import TestSupport
import Testing

/// Rows the index tests write: every field set, every field nil, and many of a library.
enum IndexSamples {
  /// A picture whose head said everything.
  static let full = PictureDetails(
    format: .jpeg, storedSize: PixelSize(width: 6000, height: 4000), orientation: 6,
    taken: TakenTime(wallClock: 1_722_695_400, utcOffset: 32_400), cameraMake: "FUJIFILM",
    cameraModel: "X100V", lens: "23mm F2",
    exposure: Exposure(seconds: 1.0 / 250, fNumber: 2.8, iso: 400, focalLength: 23),
    position: GPSPosition(latitude: 35.681_236, longitude: 139.767_125, altitude: -12.5),
    focusPoint: FocusPoint(
      x: 0.4375, y: 0.6, area: FocusPoint.Area(width: 1.0 / 3, height: 0.125)),
    duration: 12.25, codec: "hevc", brokenReason: "truncated")

  /// A picture whose head said nothing.
  static let bare = PictureDetails()

  /// A path whose name is not UTF-8 (`café` in Latin-1).
  static let notUTF8 = PathBytes.string(
    fileSystemBytes: Array("/srv/caf".utf8) + [0xE9, 0x2E, 0x6A, 0x70, 0x67])

  static func stamp(
    _ path: String, size: Int64 = 4_023_117, device: UInt64? = 2049,
    inode: UInt64? = 1_234_567
  ) -> IndexStamp {
    IndexStamp(
      path: path, byteSize: size, modifiedNanoseconds: 1_700_000_000_123_456_789,
      device: device, inode: inode)
  }

  /// `count` files under `root`, in folders of 100, with the details of a camera's,
  /// recorded on `device`.
  static func library(
    _ count: Int, under root: String = "/home/ana/Pictures", device: UInt64? = 2049
  ) -> [IndexEntry] {
    (0..<count).map { number in
      var details = full
      details.taken = TakenTime(wallClock: 1_600_000_000 + Int64(number) * 60)
      details.brokenReason = nil
      return IndexEntry(
        stamp(
          "\(root)/\(2000 + number / 100)/IMG_\(number).JPG", size: Int64(number) + 1,
          device: device, inode: UInt64(number)), details)
    }
  }

  /// An index opened at `path`, failing the test's expectation when none.
  static func open(_ path: String, busyTimeout: Duration = .seconds(2)) -> (
    PictureIndex?, IndexNotice?
  ) {
    let opening = PictureIndex.open(at: path, busyTimeout: busyTimeout)
    return (opening.index, opening.notice)
  }

  static func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
  }

  static func write(_ bytes: [UInt8], to path: String) {
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "\(path)")
  }
}
