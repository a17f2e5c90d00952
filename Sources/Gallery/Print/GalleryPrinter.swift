import CompositionalLayout
import FoundationEssentials
import Pictures
import TerminalKit

/// `gallery --print`: the whole gallery drawn once, for standard output.
///
/// The layout is solved for a screen of `width × height` (so the size classes are that
/// screen's) as a document (`SectionPlan.isDocument`: a section that would scroll
/// sideways is laid out down the page, so every picture is drawn), then drawn at its full
/// content height. No focus, no status line.
package enum GalleryPrinter {
  /// The state `--print` draws: `library` on a `width × height` screen, nothing focused
  /// or scrolled.
  package static func state(
    library: Library, width: Int, height: Int, cellAspect: Double = 2,
    configuration: GalleryState.Configuration = GalleryState.Configuration(),
    decisions: [String: CullingDecision] = [:]
  ) -> GalleryState {
    var configuration = configuration
    configuration.isDocument = true
    return GalleryState(
      library: library, width: width, height: height, cellAspect: cellAspect,
      configuration: configuration, focused: false, decisions: decisions)
  }

  /// Every thumbnail the printed gallery shows: pictures that start left of the right
  /// edge (in pixels cut there, when the protocol must be told).
  package static func wants(_ state: GalleryState) -> [ThumbnailWant] {
    wants(state, rows: 0..<state.layout.contentSize.height).map(\.want)
  }

  /// The thumbnails drawn in `rows` of the printed gallery (pictures that start left of
  /// the right edge and meet those rows), each with the row its picture ends at: a band
  /// of a streamed print needs them, and no band after that row does.
  ///
  /// O(pictures in the rows + log sections).
  package static func wants(_ state: GalleryState, rows: Range<Int>) -> [(
    want: ThumbnailWant, endRow: Int
  )] {
    guard !rows.isEmpty else { return [] }
    let page = CellRect(
      x: 0, y: 0, width: state.screen.width, height: state.layout.contentSize.height)
    let rect = CellRect(x: 0, y: rows.lowerBound, width: state.screen.width, height: rows.count)
    return state.layout.attributes(in: rect, orthogonalOffsets: [:]).compactMap { element in
      let section = element.indexPath.section
      guard element.category == .item, element.frame.minX < state.screen.width,
        let picture = state.picture(at: element.indexPath),
        let size = state.artBox(for: element)
      else { return nil }
      let crop = state.artRect(section: section, frame: element.frame).flatMap {
        state.visibleCrop(of: $0, in: page)
      }
      let want = ThumbnailWant(
        path: picture.path, size: size, priority: .visible, visible: crop)
      return (want, element.frame.maxY)
    }
  }

  /// The printed gallery cut into bands of about `height` rows (at least one), top to
  /// bottom: what a streamed print draws and writes one at a time.
  package static func bands(_ state: GalleryState, height: Int) -> [Range<Int>] {
    let total = state.layout.contentSize.height
    let step = max(1, height)
    return stride(from: 0, to: total, by: step).map { $0..<min(total, $0 + step) }
  }

  /// All elements of the layout, top to bottom, orthogonal rows at offset 0 and whole.
  package static func elements(_ state: GalleryState) -> [LayoutAttributes] {
    let height = state.layout.contentSize.height
    guard height > 0 else { return [] }
    // The widest orthogonal row, so that every picture of it is listed.
    let width = max(
      state.screen.width,
      state.layout.sections.map { $0.orthogonalContentWidth + $0.frame.minX }.max() ?? 0)
    return state.layout.attributes(in: CellRect(x: 0, y: 0, width: width, height: height))
  }

  /// What a gallery with no picture prints: the row the screen's status line shows then
  /// (`no pictures found  3 other files not shown`, laid out as it lays it out), as wide as
  /// the screen; nil when there are pictures. Standard error says what was not shown,
  /// folder by folder, as for any gallery.
  package static func noPicturesFrame(_ state: GalleryState) -> Frame? {
    guard state.pictureCount == 0 else { return nil }
    let width = state.screen.width
    let (parts, _) = StatusLine.fit(
      left: StatusLine.noPicturesParts(state), right: [], width: width + 1)
    // The status line's leading blank is its margin on the screen, not part of the words.
    let words = parts.map(\.text).joined()
    let text = String(words.drop { (character: Character) in character == " " })
    var frame = Frame(width: width, height: 1)
    frame.put(text, x: 0, y: 0, truncation: state.appearance.truncation)
    return frame
  }

  /// The gallery as a frame as wide as the screen and as tall as the content, its
  /// pictures as cell art from `thumbnails` or, in pixels, placed from `pictures`; for a
  /// gallery with no picture, the row that says so (`noPicturesFrame`).
  package static func frame(
    _ state: GalleryState, thumbnails: ThumbnailShelf?, pictures: PictureShelf? = nil
  ) -> Frame {
    if let notice = noPicturesFrame(state) { return notice }
    return frame(
      state, rows: 0..<state.layout.contentSize.height, thumbnails: thumbnails,
      pictures: pictures)
  }

  /// The content's `rows` as a frame as wide as the screen: the same cells as those rows
  /// of the whole gallery's frame (elements cut by the band's edges are clipped).
  package static func frame(
    _ state: GalleryState, rows: Range<Int>, thumbnails: ThumbnailShelf?,
    pictures: PictureShelf? = nil
  ) -> Frame {
    var frame = Frame(width: state.screen.width, height: rows.count)
    CollectionView.draw(
      learning(state, rows: rows, thumbnails: thumbnails, pictures: pictures),
      visible: CellRect(x: 0, y: rows.lowerBound, width: state.screen.width, height: rows.count),
      offsets: [:], focus: nil, thumbnails: thumbnails, pictures: pictures, into: &frame)
    return frame
  }

  /// `state` with what the results on the shelves told of the pictures drawn in `rows`
  /// (a video's length for its badge, a list row's size and date), as the screen's state
  /// learns it from each result that arrives. O(pictures in the rows).
  static func learning(
    _ state: GalleryState, rows: Range<Int>, thumbnails: ThumbnailShelf?, pictures: PictureShelf?
  ) -> GalleryState {
    guard thumbnails != nil || pictures != nil else { return state }
    var learned = state
    for (want, _) in wants(state, rows: rows) {
      let outcome =
        pictures?.result(for: want.pictureKey)?.outcome
        ?? thumbnails?.result(path: want.path, size: want.size)?.outcome
      if let outcome { _ = learned.update(.pictureDescribed(path: want.path, outcome: outcome)) }
    }
    return learned
  }

  /// The bytes of `--format ansi`: the frame with SGR colours for `mode`, its pictures
  /// in pixels drawn where they lie (see `ANSIWriter.document`).
  package static func ansi(
    _ state: GalleryState, thumbnails: ThumbnailShelf, pictures: PictureShelf? = nil,
    mode: ColorMode
  ) -> [UInt8] {
    var writer = ANSIWriter(mode: mode)
    return writer.document(frame(state, thumbnails: thumbnails, pictures: pictures))
  }

  /// The bytes of `--format ansi` for the content's `rows`, pictures as cell art. Every
  /// row of the document starts and ends in the plain style, so the bands of a gallery
  /// written one after the other are byte for byte the whole gallery's document.
  package static func ansi(
    _ state: GalleryState, rows: Range<Int>, thumbnails: ThumbnailShelf, mode: ColorMode
  ) -> [UInt8] {
    var writer = ANSIWriter(mode: mode)
    return writer.document(frame(state, rows: rows, thumbnails: thumbnails))
  }

  /// The text of `--format plain`: names and frames, no escapes, trailing spaces trimmed;
  /// for a gallery with no picture, the line that says so (`noPicturesFrame`).
  package static func plain(_ state: GalleryState) -> String {
    if let notice = noPicturesFrame(state) { return plain(notice) }
    return plain(state, rows: 0..<state.layout.contentSize.height)
  }

  /// The text of `--format plain` for the content's `rows`, each line ended by a newline.
  package static func plain(_ state: GalleryState, rows: Range<Int>) -> String {
    plain(frame(state, rows: rows, thumbnails: nil))
  }

  /// `frame`'s text, each line's trailing spaces trimmed and each ended by a newline.
  private static func plain(_ frame: Frame) -> String {
    frame.text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
      .joined(separator: "\n") + "\n"
  }

  /// The text of `--format json`: the screen, the size classes, the sections and every
  /// element's frame (section, item, kind, x, y, width, height, name; and a picture's
  /// path, its format as its first bytes say — `jpeg`, `png`, `webp`, `heic`, … — or null
  /// when they are no picture's, `broken`: why it cannot be shown, as far as the state
  /// knows (`PictureLoading.info`), else null, and `duration`: a video's length in
  /// seconds, null for a picture or a video of unknown length; its culling decision,
  /// `decisionJSON`; then what its details say, `detailsJSON`).
  ///
  /// Names, paths and reasons are text as the screen shows them: a byte of a name that is
  /// not UTF-8 is the four characters `\xE9` (backslash, `x`, two hex digits;
  /// `"caf\\xE9.jpg"` in the JSON), so the document stays valid UTF-8 and JSON.
  package static func json(_ state: GalleryState) -> String {
    let traits = state.traits
    var lines: [String] = []
    lines.append("{")
    lines.append("  \"width\": \(state.screen.width), \"height\": \(state.screen.height),")
    lines.append("  \"contentHeight\": \(state.layout.contentSize.height),")
    lines.append(
      "  \"horizontalSizeClass\": \"\(traits.horizontalSizeClass)\", "
        + "\"verticalSizeClass\": \"\(traits.verticalSizeClass)\",")
    lines.append("  \"groupBy\": \"\(state.grouping.rawValue)\",")
    let sections = state.sections.enumerated().map { index, section in
      "    {\"index\": \(index), \"name\": \(quoted(section.name)), "
        + "\"count\": \(section.pictures.count), "
        + "\"orthogonal\": \(state.layout.sections[index].isOrthogonal), "
        + dateRange(state, section: section) + "}"
    }
    lines.append("  \"sections\": [\n" + sections.joined(separator: ",\n") + "\n  ],")
    var entries: [String] = []
    for element in elements(state) {
      let kind: String
      let name: String
      var format = ""
      switch element.category {
      case .item:
        kind = "item"
        let picture = state.picture(at: element.indexPath)
        name = picture?.fileName ?? ""
        format =
          picture.map { picture in
            var broken = "null"
            var duration = "null"
            switch state.loading.info[picture.path] {
            case .failed(let error)?: broken = quoted(error.description)
            case .ready(let metadata?, _)?:
              duration = metadata.video?.duration.map { seconds(of: $0) } ?? "null"
            default: break
            }
            return ", \"path\": \(quoted(picture.path)), \"format\": "
              + (picture.format.map { quoted($0.rawValue) } ?? "null")
              + ", \"broken\": \(broken), \"duration\": \(duration)"
              + decisionJSON(state.decision(of: picture.path))
              + detailsJSON(state.content.details(for: picture.path))
          } ?? ""
      case .supplementary(let elementKind):
        kind = elementKind
        name =
          state.sections.indices.contains(element.indexPath.section)
          ? state.sections[element.indexPath.section].name : ""
      case .decoration(let elementKind):
        kind = elementKind
        name = ""
      }
      let f = element.frame
      entries.append(
        "    {\"section\": \(element.indexPath.section), \"item\": \(element.indexPath.item), "
          + "\"kind\": \(quoted(kind)), \"x\": \(f.minX), \"y\": \(f.minY), "
          + "\"width\": \(f.width), \"height\": \(f.height), \"name\": \(quoted(name))\(format)}")
    }
    lines.append("  \"elements\": [\n" + entries.joined(separator: ",\n") + "\n  ]")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A length in seconds as a JSON number, to the millisecond: `4.0`, `12.345`.
  static func seconds(of duration: Double) -> String {
    var text = NumberText.fixed(duration, places: 3)
    while text.hasSuffix("0"), !text.hasSuffix(".0") { text.removeLast() }
    return text
  }

  /// A section's dates in JSON: its period (`2026-03-14`, `2026-03`, `2026`, null for a
  /// folder's section and for the pictures without a date), then when its first and last
  /// pictures were taken (`2026-03-14T09:12:00+01:00`, in the time zone the dates were
  /// read in), null where no picture of it has a known date. O(pictures of the section).
  static func dateRange(_ state: GalleryState, section: LibrarySection) -> String {
    var first: Date?
    var last: Date?
    for picture in section.pictures {
      guard let date = state.content.datesTaken[picture.path] else { continue }
      if first.map({ date < $0 }) ?? true { first = date }
      if last.map({ date > $0 }) ?? true { last = date }
    }
    var period = "null"
    if let shown = section.period {
      let day = shown.firstDay
      period =
        shown.day != nil
        ? quoted(day.isoText)
        : shown.month != nil
          ? quoted(
            NumberText.padded(day.year, width: 4) + "-" + NumberText.padded(day.month, width: 2))
          : quoted(String(day.year))
    }
    // Each date in its own offset (FoundationEssentials' `TimeZone` is a fixed offset):
    // `+0100` in winter, `+0200` in summer, `Z` in UTC, as the zone's own style wrote.
    let zone = state.content.timeZone
    func text(_ date: Date?) -> String {
      guard let date else { return "null" }
      let offset = TimeZone(secondsFromGMT: zone.secondsEastOfUTC(for: date)) ?? .gmt
      return quoted(date.formatted(Date.ISO8601FormatStyle(timeZone: offset)))
    }
    return "\"period\": \(period), \"firstTaken\": \(text(first)), \"lastTaken\": \(text(last))"
  }

  /// A JSON string literal: quotes and backslashes escaped, controls and format characters
  /// as `\uXXXX` (`isEscapedInJSON`), and the bytes of a name that is not UTF-8
  /// (`PathBytes`) as the text `\xE9`.
  package static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      if let byte = PathBytes.byte(escapedBy: scalar) {
        result += "\\\\x" + NumberText.hex(byte, width: 2)
        continue
      }
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if isEscapedInJSON(scalar) {
          result += unicodeEscape(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  /// Whether `quoted` writes `scalar` as `\uXXXX`: the controls (C0, DEL, C1), the line
  /// and paragraph separators, and every format character (general category Cf: the
  /// bidirectional overrides, isolates and marks, the zero-width joiners and spaces, the
  /// byte-order mark, the tags). The document is read by programs, which decode them
  /// back, and by people on terminals, where such a character raw would act (a C1 CSI
  /// starts an escape sequence) or turn or hide the text around it.
  static func isEscapedInJSON(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    if value < 0xAD { return false }
    return value == 0x2028 || value == 0x2029 || scalar.properties.generalCategory == .format
  }

  /// `scalar` as JSON's `\uXXXX`, a pair of surrogates above the BMP (the tags U+E0001…).
  static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
    func hex(_ unit: UInt32) -> String { "\\u" + NumberText.hex(unit, width: 4, uppercase: false) }
    let value = scalar.value
    guard value > 0xFFFF else { return hex(value) }
    let offset = value - 0x10000
    return hex(0xD800 + (offset >> 10)) + hex(0xDC00 + (offset & 0x3FF))
  }
}
