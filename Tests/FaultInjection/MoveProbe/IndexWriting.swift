import Foundation
import LibraryIndex
import Pictures
import TerminalKit

/// `index-write DB NAME BATCHES SIZE`: records BATCHES batches of SIZE files into the
/// library index DB, one transaction each, as the details reader does; prints `wrote N`
/// after each. The files are `/library/NAME/batch-B/IMG_I.JPG` (size I + 1, modified at
/// B nanoseconds past 1 700 000 000 s), so a test can ask for every batch. Status 1 when
/// a batch is not kept (its notice printed).
func writeIndexBatches(_ path: String, name: String, batches: Int, size: Int) {
  let opening = PictureIndex.open(at: path, busyTimeout: .seconds(20))
  guard let index = opening.index else {
    fail(opening.notice?.sentence ?? "no index", status: 1)
  }
  if let notice = opening.notice { print(notice.sentence) }
  _ = start()
  for batch in 0..<batches {
    let entries = (0..<size).map { file in
      IndexEntry(
        indexProbeStamp(name: name, batch: batch, file: file),
        PictureDetails(
          format: .jpeg, storedSize: PixelSize(width: 4000 + file, height: 3000),
          taken: TakenTime(wallClock: 1_600_000_000 + Int64(batch * size + file), utcOffset: 3600),
          cameraMake: "FUJIFILM", cameraModel: "X100V", lens: "23mm F2",
          exposure: Exposure(seconds: 0.004, fNumber: 2, iso: 200, focalLength: 23)))
    }
    if let notice = index.record(entries) { fail(notice.sentence, status: 1) }
    FileHandle.standardOutput.write(Data("wrote \(batch)\n".utf8))
  }
  index.close()
}

/// The stamp of file `file` of batch `batch` of writer `name`.
func indexProbeStamp(name: String, batch: Int, file: Int) -> IndexStamp {
  IndexStamp(
    path: "/library/\(name)/batch-\(batch)/IMG_\(file).JPG", byteSize: Int64(file + 1),
    modifiedNanoseconds: 1_700_000_000_000_000_000 + Int64(batch))
}
