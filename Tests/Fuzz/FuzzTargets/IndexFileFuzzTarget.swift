import Foundation
import LibraryIndex
import Pictures
import TerminalKit

extension FuzzTarget {
  /// The library index's file (`PictureIndex`): any bytes as the file are opened (as an
  /// index, made again, or passed by with a notice), looked up, written and pruned,
  /// never a trap or a hang; a file SQLite finds sound answers what was just recorded.
  static let indexFile = FuzzTarget("index-file", "the library index's SQLite file") {
    bytes throws(FuzzFailure) in
    let folder = NSTemporaryDirectory() + "gallery-fuzz-index-\(getpid())-\(UUID().uuidString)"
    let path = folder + "/library.sqlite"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
    let opening = PictureIndex.open(at: path, busyTimeout: .milliseconds(50))
    guard let index = opening.index else {
      try require(opening.notice != nil, "no index and no notice")
      return
    }
    defer { index.close() }
    let stamps = (0..<600).map {
      IndexStamp(path: "/p/\($0 % 7)/\($0).jpg", byteSize: Int64($0), modifiedNanoseconds: 1)
    }
    // One query each, then one scan.
    _ = index.lookUp(Array(stamps.prefix(5)))
    _ = index.lookUp(stamps)
    let entry = IndexEntry(
      stamps[3],
      PictureDetails(
        format: .png, storedSize: PixelSize(width: 3, height: 2), orientation: 3,
        taken: TakenTime(wallClock: 1_700_000_000), cameraModel: "fuzz"))
    let sound = index.isIntact() == true
    if index.record([entry]) == nil, sound {
      let found = index.lookUp([entry.stamp])
      if found.notice == nil {
        try require(
          found.details[entry.stamp.path] == entry.details,
          "a sound file answered \(String(describing: found.details[entry.stamp.path]))")
      }
    }
    _ = index.prune(under: "/p/1", keeping: [])
    _ = index.forget(["/p/2/2.jpg"])
  }
}
