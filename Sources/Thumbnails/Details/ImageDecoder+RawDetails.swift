import CRaw
import Pictures
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

extension ImageDecoder {
  /// A camera raw file: its TIFF directories read in place when it has them (NEF, ARW,
  /// DNG, CR2, PEF, ORF, SRW), LibRaw's reading of its tags only when they do not give
  /// its size (CR3, RAF, RW2, CRW and the like).
  func rawDetails(_ head: FileHead, into details: inout PictureDetails) {
    if let tags = TIFFTags(head: head, base: 0, end: head.fileSize, isRaw: true),
      let width = tags.width, let height = tags.height
    {
      details.take(tags)
      details.storedSize = PixelSize(width: width, height: height)
      details.takeFocus(tags)
      return
    }
    let facts: gallery_raw_facts
    do throws(ThumbnailError) {
      if RAWFile.readsByDescriptor {
        facts = try RAWFile.reading(descriptor: head.descriptor, limits: limits) {
          file throws(ThumbnailError) in file.facts
        }
      } else {
        guard let bytes = head.array(at: 0, count: head.fileSize) else { throw .truncated }
        facts = try RAWFile.reading(bytes, limits: limits) { file throws(ThumbnailError) in
          file.facts
        }
      }
    } catch {
      details.brokenReason = error.shortReason
      return
    }
    if facts.width > 0, facts.height > 0 {
      details.storedSize = PixelSize(width: Int(facts.width), height: Int(facts.height))
    }
    details.orientation = RAWDecoder.orientation(flip: Int(facts.flip))
    details.taken = Self.wallClock(localSeconds: facts.timestamp).map {
      TakenTime(wallClock: $0)
    }
    details.cameraMake = cFieldText(facts.make)
    details.cameraModel = cFieldText(facts.model)
    details.lens = cFieldText(facts.lens)
    let exposure = Exposure(
      seconds: Double(facts.shutter), fNumber: Double(facts.aperture),
      iso: facts.iso >= 1 && facts.iso < 1e7 ? Int(facts.iso.rounded()) : nil,
      focalLength: Double(facts.focal_length))
    details.exposure = exposure.isEmpty ? nil : exposure
  }
  /// The wall clock LibRaw read (it gives seconds of the local time zone, its `mktime` of
  /// the EXIF text) as the text's own seconds; nil for none.
  static func wallClock(localSeconds seconds: Int64) -> Int64? {
    guard seconds > 0 else { return nil }
    var time = time_t(seconds)
    var fields = tm()
    guard localtime_r(&time, &fields) != nil else { return nil }
    let days = ExifClock.daysFromCivil(
      year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday))
    return Int64(days) * 86_400
      + Int64(fields.tm_hour * 3600 + fields.tm_min * 60 + fields.tm_sec)
  }
}
