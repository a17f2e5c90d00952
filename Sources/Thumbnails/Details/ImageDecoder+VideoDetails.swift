import Pictures
import TerminalKit

extension ImageDecoder {
  /// A video: its container's header read by FFmpeg (the frames' size and turn, length,
  /// codec, creation time in UTC, and the place a phone writes, ISO 6709).
  func videoDetails(_ head: FileHead, into details: inout PictureDetails) {
    do throws(ThumbnailError) {
      try VideoFile.reading(
        descriptor: head.descriptor, size: Int64(head.fileSize), limits: limits
      ) { file throws(ThumbnailError) in
        let facts = file.facts
        details.duration = facts.duration
        details.codec = cFieldText(facts.codec)
        details.taken = LocalExifDate.seconds(iso8601UTC: cFieldText(facts.creation_time))
          .map { TakenTime(utcMoment: $0) }
        details.position =
          (file.metadataValue("com.apple.quicktime.location.ISO6709")
          ?? file.metadataValue("location")).flatMap(ISO6709.position)
        guard file.hasVideoStream else {
          details.brokenReason =
            (facts.has_audio != 0 ? ThumbnailError.soundOnly : .noFrames)
            .shortReason
          return
        }
        if facts.width > 0, facts.height > 0 {
          details.storedSize = PixelSize(
            width: VideoDecoder.displayWidth(facts), height: Int(facts.height))
        }
        details.orientation = VideoDecoder.orientation(quarterTurns: Int(facts.quarter_turns))
      }
    } catch {
      details.brokenReason = error.shortReason
    }
  }
}

/// A place as ISO 6709 writes it in a video's metadata (`+35.6586+139.7454+040.000/`,
/// phones' QuickTime `location`): signed decimal degrees of latitude and longitude, then
/// metres of altitude when given.
enum ISO6709 {
  static func position(_ text: String) -> GPSPosition? {
    var numbers: [Double] = []
    var current = ""
    for character in text {
      if character == "+" || character == "-" || character == "/" {
        if let value = Double(current) { numbers.append(value) }
        current = character == "/" ? "" : String(character)
        if character == "/" { break }
      } else if character.isNumber || character == "." {
        current.append(character)
      } else {
        break  // a CRS name or anything else: the numbers before it stand
      }
    }
    if let value = Double(current) { numbers.append(value) }
    guard numbers.count >= 2 else { return nil }
    return GPSPosition(
      latitude: numbers[0], longitude: numbers[1], altitude: numbers.count > 2 ? numbers[2] : nil)
  }
}
