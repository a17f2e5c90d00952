import Foundation
import Gallery
import TestSupport
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// A library for the timeline: 100,000 small JPEGs in 300 folders, each with its own EXIF
/// `DateTimeOriginal`, taken over five years (2021 to 2025) as people take pictures:
///
/// - `Camera/100APPLE` to `Camera/159APPLE` (60 folders, 15,000 pictures): a phone's
///   camera roll, a month or so a folder, a few pictures on most days and bursts on some;
/// - `Trips/2023-05 Lisbon` and the like (180 folders, 65,000): 2 to 12 days each, dozens
///   of pictures a day;
/// - `Events/2022-07-16 Wedding` and the like (60 folders, 20,000): one or two days.
///
/// One picture in a hundred has no EXIF at all. Every file is a 64×48 baseline JPEG
/// (about 300 bytes) written here, byte by byte: an APP1 segment with the date, the
/// camera (`Camera`: an iPhone 13; `Trips`: an X100V or a Z 6, by folder; `Events`: an
/// EOS R6) and an ISO from 100 to 6400 (by file), for the search, a comment
/// that names the file, and flat 8×8 blocks (a sky, a ground and a subject in colours of
/// its own), so every file differs and decodes to a different tile. Each file's mtime
/// is its date. Seeded, so the same set every time; made once (a few seconds) and kept
/// under `$XDG_CACHE_HOME/gallery-bench/timeline-v2` (a stamp file, written last, says the
/// set is whole, and what it holds); never committed.
enum TimelineSet {
  static let name = "timeline-v2"
  static let total = 100_000
  /// 2021-01-01, in days since 1970-01-01.
  static let firstDay = 18_628
  /// 2021-01-01 to 2025-12-31.
  static let dayCount = 1_826

  /// A folder's pictures: name and date (`nil`: no EXIF).
  struct Folder {
    var path: String
    var pictures: [(name: String, seconds: Int, dated: Bool)]
    var palette: UInt64
  }

  /// The folder to open (the three groups inside) and the stamp's lines; nil with the
  /// reason printed when the set cannot be written.
  static func make() -> (root: String, summary: [String])? {
    let base = benchCacheFolder() + "/" + name
    let stamp = base + "/.complete"
    let root = base + "/Photos"
    if let text = try? String(contentsOfFile: stamp, encoding: .utf8) {
      return (root, text.split(separator: "\n").map(String.init))
    }
    print("# timeline: making \(total) pictures in \(root) (once; a few seconds)")
    try? FileManager.default.removeItem(atPath: base)
    let start = DispatchTime.now().uptimeNanoseconds
    let folders = plan()
    var bytes = 0
    var blocks = 0
    var dated = 0
    var days = Set<Int>()
    for folder in folders {
      let path = root + "/" + folder.path
      do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      } catch {
        print("# timeline: cannot create \(path): \(error)")
        return nil
      }
      for (index, picture) in folder.pictures.enumerated() {
        let file = path + "/" + picture.name
        let jpeg = TimelineJPEG.bytes(
          date: picture.dated ? exifDate(picture.seconds) : nil,
          comment: "gallery-bench timeline \(folder.path)/\(picture.name)",
          palette: folder.palette, index: index,
          camera: camera(of: folder), iso: isoSpeeds[(Int(folder.palette % 7) + index) % 7])
        guard write(jpeg, to: file, mtime: picture.seconds) else {
          print("# timeline: cannot write \(file)")
          return nil
        }
        bytes += jpeg.count
        if picture.dated {
          dated += 1
          days.insert(picture.seconds / 86_400)
        }
      }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // The space the files take on disk, their blocks counted.
    if let walker = FileManager.default.enumerator(atPath: root) {
      for case let relative as String in walker {
        var status = stat()
        if stat(root + "/" + relative, &status) == 0 { blocks += Int(status.st_blocks) }
      }
    }
    // One file of each kind read back through the gallery's own decoder.
    let decoder = ImageDecoder()
    if let first = folders.first, let picture = first.pictures.first(where: \.dated) {
      let path = root + "/" + first.path + "/" + picture.name
      let date = decoder.dateTaken(path: path, timeZone: .utc)
      let image = try? decoder.decode(path: path)
      let details = decoder.details(path: path)
      guard date == Date(timeIntervalSince1970: TimeInterval(picture.seconds)),
        details.cameraModel == camera(of: first).model, details.exposure?.iso != nil,
        image?.image.width == 64, image?.image.height == 48
      else {
        print("# timeline: \(path) does not read back (date \(String(describing: date)))")
        return nil
      }
    }
    let summary = [
      "pictures \(folders.reduce(0) { $0 + $1.pictures.count })",
      "folders \(folders.count)",
      "dated \(dated)",
      "days \(days.count)",
      "bytes \(bytes)",
      "disk_bytes \(blocks * 512)",
      "generate_seconds \(String(format: "%.1f", seconds))",
    ]
    // Written last: without it the next run makes the set again.
    guard
      FileManager.default.createFile(
        atPath: stamp, contents: Data((summary.joined(separator: "\n") + "\n").utf8))
    else { return nil }
    return (root, summary)
  }

  /// The ISO speeds the pictures are taken at, one after another in a folder.
  static let isoSpeeds = [100, 200, 400, 800, 1600, 3200, 6400]

  /// The camera (make, model) of `folder`'s pictures: a phone for the camera roll, an
  /// X100V or a Z 6 for a trip (by its palette), a full-frame camera for an event.
  static func camera(of folder: Folder) -> (make: String, model: String) {
    if folder.path.hasPrefix("Camera/") { return ("Apple", "iPhone 13") }
    if folder.path.hasPrefix("Events/") { return ("Canon", "Canon EOS R6") }
    return folder.palette % 2 == 0 ? ("FUJIFILM", "X100V") : ("NIKON CORPORATION", "NIKON Z 6")
  }

  /// Writes `bytes` to a new file at `path` with its mtime set to `mtime` (seconds).
  static func write(_ bytes: [UInt8], to path: String, mtime: Int) -> Bool {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard file >= 0 else { return false }
    defer { close(file) }
    let written = bytes.withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
    var times = [
      timespec(tv_sec: mtime, tv_nsec: 0), timespec(tv_sec: mtime, tv_nsec: 0),
    ]
    return written == bytes.count && futimens(file, &times) == 0
  }

  /// `YYYY:MM:DD HH:MM:SS` for `seconds` since 1970 (the date as a wall clock, no zone).
  static func exifDate(_ seconds: Int) -> String {
    let (year, month, day) = civil(days: seconds / 86_400)
    let time = seconds % 86_400
    return String(
      format: "%04d:%02d:%02d %02d:%02d:%02d", year, month, day, time / 3600, time / 60 % 60,
      time % 60)
  }

  /// The year, month and day of `days` since 1970-01-01: the timeline's own arithmetic.
  static func civil(days: Int) -> (Int, Int, Int) {
    let day = CalendarDay(daysSince1970: days)
    return (day.year, day.month, day.day)
  }

  /// Every folder and its pictures, in the same order every time.
  static func plan() -> [Folder] {
    var random = SplitMix64(seed: 2021_0101)
    var folders: [Folder] = []

    // `count` sizes, the largest at most three times the smallest, that add up to `sum`.
    func sizes(_ count: Int, sum: Int) -> [Int] {
      let weights = (0..<count).map { _ in 50 + random.below(101) }
      let whole = weights.reduce(0, +)
      var result = weights.map { $0 * sum / whole }
      result[count - 1] += sum - result.reduce(0, +)
      return result
    }
    // `count` moments over `days` (first day, weight), a few bursts of pictures a day.
    func moments(_ count: Int, days: [(Int, Int)], hours: ClosedRange<Int>) -> [Int] {
      let whole = days.reduce(0) { $0 + $1.1 }
      // A few moments a day (an outing, a dinner), each picture a few minutes after one.
      let bursts = days.map { day, _ in
        (0..<(1 + random.below(4))).map { _ in
          day * 86_400 + (hours.lowerBound + random.below(hours.count)) * 3600
            + random.below(3600)
        }
      }
      var result: [Int] = []
      for _ in 0..<count {
        var pick = random.below(whole)
        var slot = 0
        while pick >= days[slot].1 {
          pick -= days[slot].1
          slot += 1
        }
        let burst = bursts[slot][random.below(bursts[slot].count)]
        result.append(min(burst + random.below(40 * 60), days[slot].0 * 86_400 + 86_399))
      }
      return result.sorted()
    }
    func folder(_ path: String, _ seconds: [Int], name: (Int, Int) -> String) -> Folder {
      Folder(
        path: path,
        pictures: seconds.enumerated().map { index, time in
          (name(index, time), time, !random.chance(1))
        },
        palette: random.next())
    }

    // The camera roll: a folder a month or so; 60 % of its days have pictures, most of
    // them one to three, some a burst of ten or forty.
    var number = 1
    for (index, count) in sizes(60, sum: 15_000).enumerated() {
      let from = firstDay + index * dayCount / 60
      let to = firstDay + (index + 1) * dayCount / 60
      var days = (from..<to).filter { _ in random.chance(60) }.map { day -> (Int, Int) in
        let roll = random.below(100)
        return (day, roll < 60 ? 1 : roll < 85 ? 3 : roll < 97 ? 10 : 40)
      }
      if days.isEmpty { days = [(from, 1)] }
      let start = number
      number += count
      folders.append(
        folder(
          String(format: "Camera/%03dAPPLE", 100 + index), moments(count, days: days, hours: 7...22)
        ) {
          item, _ in String(format: "IMG_%04d.JPG", (start + item - 1) % 9999 + 1)
        })
    }

    // Trips: 2 to 12 days, every day with pictures, the first and last days fewer.
    let places = [
      "Lisbon", "Porto", "Rome", "Kyoto", "Reykjavik", "Berlin", "Vienna", "Prague", "Seville",
      "Crete", "Oslo", "Edinburgh", "Marseille", "Bruges", "Dolomites", "Cornwall", "Istanbul",
      "Montreal", "Lofoten", "Sicily", "Budapest", "Naples", "Kraków", "Tallinn",
    ]
    var used = Set<String>()
    for count in sizes(180, sum: 65_000) {
      let length = 2 + random.below(11)
      let start = firstDay + random.below(dayCount - length)
      let days = (0..<length).map { offset in
        (start + offset, offset == 0 || offset == length - 1 ? 1 : 2 + random.below(3))
      }
      let (year, month, _) = civil(days: start)
      var path = String(format: "Trips/%04d-%02d ", year, month) + (random.pick(places) ?? "Trip")
      while used.contains(path) { path += " 2" }
      used.insert(path)
      let first = random.below(9000)
      folders.append(
        folder(path, moments(count, days: days, hours: 8...20)) { item, _ in
          String(format: "DSC_%04d.JPG", (first + item) % 9999 + 1)
        })
    }

    // Events: one day, one in five two, the afternoon and the evening.
    let kinds = [
      "Wedding", "Birthday", "Concert", "Graduation", "Picnic", "Christmas", "Match",
      "Garden party", "Christening", "Anniversary",
    ]
    for count in sizes(60, sum: 20_000) {
      let length = random.chance(20) ? 2 : 1
      let start = firstDay + random.below(dayCount - length)
      let (year, month, day) = civil(days: start)
      var path =
        String(format: "Events/%04d-%02d-%02d ", year, month, day)
        + (random.pick(kinds) ?? "Party")
      while used.contains(path) { path += " 2" }
      used.insert(path)
      let days = (0..<length).map { (start + $0, 1) }
      folders.append(
        folder(path, moments(count, days: days, hours: 13...22)) { item, time in
          let (year, month, day) = civil(days: time / 86_400)
          let clock = time % 86_400
          return String(
            format: "PXL_%04d%02d%02d_%02d%02d%02d%03d.jpg", year, month, day, clock / 3600,
            clock / 60 % 60, clock % 60, item % 1000)
        })
    }
    return folders
  }
}

/// The bench's 64×48 baseline JPEGs, written without a codec: every 8×8 block one flat
/// colour, so each block is its DC difference and an end of block.
enum TimelineJPEG {
  static let width = 64
  static let height = 48

  /// A JPEG of three flat regions (a sky, a ground, a 2×2-block subject) whose colours
  /// come from `palette` and `index`, with an EXIF APP1 segment holding `date`
  /// (`YYYY:MM:DD HH:MM:SS`; none when nil) as `DateTimeOriginal`, with the camera's
  /// make and model and the ISO speed when given, and `comment`.
  static func bytes(
    date: String?, comment: String, palette: UInt64, index: Int,
    camera: (make: String, model: String)? = nil, iso: Int? = nil
  ) -> [UInt8] {
    var random = SplitMix64(seed: palette &+ UInt64(index) &* 0x9E37_79B9)
    func jitter(_ value: Int) -> Int { max(0, min(255, value + random.below(61) - 30)) }
    var folderColours = SplitMix64(seed: palette)
    let sky = (0..<3).map { _ in jitter(Int(folderColours.next() % 256)) }
    let ground = (0..<3).map { _ in jitter(Int(folderColours.next() % 256)) }
    let subject = (0..<3).map { _ in random.below(256) }
    let columns = width / 8
    let rows = height / 8
    let horizon = 2 + random.below(2)
    let subjectColumn = random.below(columns - 1)
    let subjectRow = 1 + random.below(rows - 2)

    var out: [UInt8] = [0xFF, 0xD8]
    if let date { out += exifSegment(date: date, camera: camera, iso: iso) }
    segment(0xFE, Array(comment.utf8), into: &out)
    // One quantisation table of 8s: a flat block's DC coefficient is then its level − 128.
    segment(0xDB, [0x00] + [UInt8](repeating: 8, count: 64), into: &out)
    // 8 bits, 48 rows, 64 columns, Y Cb Cr each 1×1 with table 0.
    segment(
      0xC0, [8, 0, UInt8(height), 0, UInt8(width), 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0],
      into: &out)
    segment(0xC4, [0x00] + dcLengths + dcSymbols, into: &out)
    segment(0xC4, [0x10] + acLengths + acSymbols, into: &out)
    segment(0xDA, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0], into: &out)

    var bits = BitWriter()
    var previous = [0, 0, 0]
    for row in 0..<rows {
      for column in 0..<columns {
        let inSubject =
          (subjectColumn...subjectColumn + 1).contains(column)
          && (subjectRow...subjectRow + 1).contains(row)
        let rgb = inSubject ? subject : row < horizon ? sky : ground
        for (component, level) in ycbcr(rgb).enumerated() {
          let dc = level - 128
          bits.dc(dc - previous[component])
          previous[component] = dc
          bits.put(0, count: 1)  // End of block: the AC table's code `0`.
        }
      }
    }
    out += bits.finished()
    out += [0xFF, 0xD9]
    return out
  }

  /// JPEG's colour transform of an RGB triple.
  static func ycbcr(_ rgb: [Int]) -> [Int] {
    let (r, g, b) = (Double(rgb[0]), Double(rgb[1]), Double(rgb[2]))
    return [
      0.299 * r + 0.587 * g + 0.114 * b,
      128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
      128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
    ].map { max(0, min(255, Int($0.rounded()))) }
  }

  /// A marker segment: `FF marker`, the length, `payload`.
  static func segment(_ marker: UInt8, _ payload: [UInt8], into out: inout [UInt8]) {
    let length = payload.count + 2
    out += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
  }

  /// APP1: `Exif\0\0`, a big-endian TIFF whose IFD0 holds `Make` and `Model` (when
  /// `camera` is given) and points to an EXIF IFD with `ISOSpeedRatings` (when `iso` is
  /// given) and `DateTimeOriginal`; each text after the two IFDs.
  static func exifSegment(
    date: String, camera: (make: String, model: String)? = nil, iso: Int? = nil
  ) -> [UInt8] {
    /// An entry: tag, type (2 ASCII, 3 SHORT, 4 LONG), count, and its value's bytes (a
    /// text's, NUL included), in the entry when four bytes or fewer.
    typealias Entry = (tag: UInt16, type: UInt16, count: Int, value: [UInt8])
    func text(_ tag: UInt16, _ value: String) -> Entry {
      let bytes = Array(value.utf8) + [0]
      return (tag, 2, bytes.count, bytes)
    }
    func big(_ value: Int, _ width: Int) -> [UInt8] {
      (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    let exif: [Entry] =
      (iso.map { [(0x8827, 3, 1, big($0, 2) + [0, 0])] } ?? []) + [text(0x9003, date)]
    var first: [Entry] = camera.map { [text(0x010F, $0.make), text(0x0110, $0.model)] } ?? []
    let firstSize = 2 + 12 * (first.count + 1) + 4
    let exifOffset = 8 + firstSize
    first.append((0x8769, 4, 1, big(exifOffset, 4)))
    let dataOffset = exifOffset + 2 + 12 * exif.count + 4
    var data: [UInt8] = []
    func ifd(_ entries: [Entry]) -> [UInt8] {
      var out = big(entries.count, 2)
      for entry in entries {
        out += big(Int(entry.tag), 2) + big(Int(entry.type), 2) + big(entry.count, 4)
        if entry.value.count <= 4 {
          out += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
        } else {
          out += big(dataOffset + data.count, 4)
          data += entry.value
          if data.count % 2 == 1 { data.append(0) }
        }
      }
      return out + [0, 0, 0, 0]
    }
    // Every text goes after both IFDs, in the order the entries come.
    var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]
    tiff += ifd(first)
    tiff += ifd(exif)
    tiff += data
    var out: [UInt8] = []
    segment(0xE1, Array("Exif".utf8) + [0, 0] + tiff, into: &out)
    return out
  }

  /// JPEG's standard luminance DC table (K.3): categories 0 to 11.
  static let dcLengths: [UInt8] = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
  static let dcSymbols: [UInt8] = Array(0...11)
  /// An AC table of two codes: end of block `0`, sixteen zeros `10` (never used).
  static let acLengths: [UInt8] = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
  static let acSymbols: [UInt8] = [0x00, 0xF0]

  /// The codes of the DC table, by category: (code, length), canonical from the lengths.
  static let dcCodes: [(UInt32, Int)] = {
    var codes: [(UInt32, Int)] = []
    var code: UInt32 = 0
    for (index, count) in dcLengths.enumerated() {
      for _ in 0..<count {
        codes.append((code, index + 1))
        code += 1
      }
      code <<= 1
    }
    return codes
  }()

  /// Huffman-coded bits, packed with JPEG's byte stuffing (`FF` is followed by `00`).
  struct BitWriter {
    private var bytes: [UInt8] = []
    private var pending: UInt32 = 0
    private var pendingCount = 0

    mutating func put(_ value: UInt32, count: Int) {
      for shift in stride(from: count - 1, through: 0, by: -1) {
        pending = pending << 1 | (value >> UInt32(shift) & 1)
        pendingCount += 1
        if pendingCount == 8 {
          bytes.append(UInt8(pending))
          if pending == 0xFF { bytes.append(0) }
          pending = 0
          pendingCount = 0
        }
      }
    }

    /// A DC difference: its category's code, then its bits (a negative one less one).
    mutating func dc(_ difference: Int) {
      let magnitude = abs(difference)
      let category = magnitude == 0 ? 0 : Int.bitWidth - magnitude.leadingZeroBitCount
      let (code, length) = TimelineJPEG.dcCodes[category]
      put(code, count: length)
      if category > 0 {
        let value = difference > 0 ? difference : difference + (1 << category) - 1
        put(UInt32(value), count: category)
      }
    }

    /// The bytes, the last one padded with ones.
    mutating func finished() -> [UInt8] {
      while pendingCount != 0 { put(1, count: 1) }
      return bytes
    }
  }
}
