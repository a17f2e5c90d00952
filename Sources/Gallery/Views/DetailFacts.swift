import FoundationEssentials
import Pictures
import TerminalKit

/// What the detail view writes under a picture besides its name and path: the file's
/// facts, why it cannot be shown, and what its camera recorded.
///
/// Two sources: what decoding the picture found (`ImageMetadata`, or its error), and
/// what the library index holds (`PictureDetails`, read from the file's head). Decoding
/// wins where it says something, being the file as it is now; the index fills in what it
/// lacks (the camera's maker, the time's offset from UTC, the place) and everything
/// before the picture is decoded, or when the cache it came from keeps no metadata.
enum DetailFacts {
  /// One line: its label and its text, made of facts that may go on rows of their own.
  struct Line: Hashable {
    var label: String
    /// The facts, each whole: a row too narrow for them all breaks between two, never
    /// in one (a number cut in the middle would say another number).
    var facts: [String]
    /// What goes between two facts on a row.
    var separator = ""
    /// A reason the picture cannot be shown, in the broken style.
    var isBroken = false

    /// The facts on one row.
    var text: String { facts.joined(separator: separator) }

    /// A line of one text, cut to the row when it is too long.
    init(label: String, text: String, isBroken: Bool = false) {
      self.label = label
      self.facts = [text]
      self.isBroken = isBroken
    }

    /// A line of `facts` between `separator`s.
    init(label: String, facts: [String], separator: String) {
      self.label = label
      self.facts = facts
      self.separator = separator
    }

    /// Lines are the same when they say the same.
    static func == (left: Line, right: Line) -> Bool {
      left.label == right.label && left.text == right.text && left.isBroken == right.isBroken
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(label)
      hasher.combine(text)
      hasher.combine(isBroken)
    }
  }

  /// The lines for `picture`: `file` (format, size, frames, profile, a video's length
  /// and codec, the file's size), `error` when it cannot be shown, `exif` (when taken,
  /// the camera, the lens, the exposure, the place) when anything is known of it, and
  /// `tones` (`toneFacts`) once the picture is measured.
  static func lines(_ state: GalleryState, picture: Picture) -> [Line] {
    let info = state.loading.info[picture.path]
    let details = state.content.details(for: picture.path)
    var metadata: ImageMetadata?
    if case .ready(let decoded?, _)? = info { metadata = decoded }
    var lines = [
      Line(label: "file", text: fileFacts(state, picture: picture, info: info, details: details))
    ]
    if case .failed(let error)? = info {
      lines.append(
        Line(label: "error", text: TextSanitizer.sanitize(error.description), isBroken: true))
    } else if info == nil, let reason = details?.brokenReason {
      // Decoding, when it comes, says what is wrong now; until then the head's reason.
      lines.append(Line(label: "error", text: TextSanitizer.sanitize(reason), isBroken: true))
    }
    let camera = cameraFacts(metadata: metadata, details: details, appearance: state.appearance)
    if !camera.isEmpty {
      lines.append(Line(label: "exif", facts: camera, separator: dot(state.appearance)))
    }
    if let analysis = state.analysis(of: picture.path) {
      lines.append(
        Line(label: "tones", facts: toneFacts(analysis), separator: dot(state.appearance)))
    }
    return lines
  }

  /// `raw data · 0.4 % highlights clipped · 1.2 % shadows clipped · sharpness 412`: where
  /// the histogram was counted (a raw file's sensor data, or the decoded pixels), the
  /// clipped shares and the sharpness.
  static func toneFacts(_ analysis: PictureAnalysis) -> [String] {
    var facts = [
      analysis.source == .sensor ? "raw data" : "decoded pixels",
      HistogramView.percent(analysis.clipping.highlights) + " highlights clipped",
      HistogramView.percent(analysis.clipping.shadows) + " shadows clipped",
    ]
    if let sharpness = analysis.sharpness {
      facts.append("sharpness \(Int(sharpness.value.rounded()))")
    }
    return facts
  }

  /// `JPEG · 4000×3000 pixels · Display P3 · 0:42 · H.264 · 2.1 MB`.
  static func fileFacts(
    _ state: GalleryState, picture: Picture, info: ThumbnailOutcome?, details: PictureDetails?
  ) -> String {
    let times = state.appearance.unicode ? "×" : "x"
    var facts = [picture.format?.name ?? details?.format?.name ?? "not a picture"]
    var video = details.flatMap(indexedVideo)
    if case .ready(let metadata?, let partial)? = info {
      // What decoding found wins over the scan's sniff (the same, but for a file changed since).
      facts = [metadata.format.name]
      let size = metadata.shownSize
      facts.append("\(size.width)\(times)\(size.height) pixels")
      if metadata.frameCount > 1 {
        let unit = metadata.isAnimated ? "frames" : (metadata.format == .tiff ? "pages" : "images")
        facts.append("\(metadata.frameCount) \(unit)")
      }
      if let profile = metadata.colorProfile { facts.append(TextSanitizer.sanitize(profile)) }
      // The picture drawn, which may not be the one decoded last (the tile's preview).
      if let box = state.detailLayout.artBox,
        let rendition = state.loading.rendition(
          path: picture.path, size: box, zoom: state.detail.zoom.crop)
      {
        facts.append(rendition.description(times: times))
      }
      video = metadata.video ?? video
      facts += videoFacts(video)
      if partial { facts.append("partly decoded") }
    } else {
      if let size = details?.shownSize {
        facts.append("\(size.width)\(times)\(size.height) pixels")
      }
      facts += videoFacts(video)
    }
    facts.append(DetailView.fileSize(picture.byteSize))
    return facts.joined(separator: dot(state.appearance))
  }

  /// `taken 2024-08-03 14:30 +09:00 · FUJIFILM X100V · 23 mm · 1/250 s · f/2.8 ·
  /// focus 42 %, 37 % · 35.6586° N, 139.7454° E`: what decoding found, the index's where
  /// it found nothing.
  static func cameraFacts(
    metadata: ImageMetadata?, details: PictureDetails?, appearance: Appearance
  ) -> [String] {
    var facts: [String] = []
    // The index's time when it knows the offset (decoding reads the wall clock alone).
    if let time = details?.taken, time.utcOffset != nil || metadata?.dateTaken == nil {
      facts.append("taken " + taken(time, appearance))
    } else if let date = metadata?.dateTaken {
      facts.append("taken " + DateText.exif(date, appearance))
    }
    if let camera = camera(
      make: details?.cameraMake, model: metadata?.cameraModel ?? details?.cameraModel)
    {
      facts.append(TextSanitizer.sanitize(camera))
    }
    if let lens = metadata?.lens ?? details?.lens { facts.append(TextSanitizer.sanitize(lens)) }
    facts += (metadata?.exposure ?? details?.exposure)?.parts ?? []
    if let point = details?.focusPoint { facts.append(focus(point)) }
    if let position = details?.position { facts.append(place(position, appearance)) }
    return facts
  }

  /// The camera as people name it: the maker before the model (`FUJIFILM X100V`), once
  /// when the model already starts with it (`Canon EOS R5`, `NIKON Z 6` of `NIKON
  /// CORPORATION`); nil when neither is known.
  static func camera(make: String?, model: String?) -> String? {
    let make = make?.trimmingSpaces()
    let model = model?.trimmingSpaces()
    guard let make, !make.isEmpty else { return model.flatMap { $0.isEmpty ? nil : $0 } }
    guard let model, !model.isEmpty else { return make }
    let brand = make.split(separator: " ").first.map(String.init) ?? make
    return model.lowercased().hasPrefix(brand.lowercased()) ? model : make + " " + model
  }

  /// `2024-08-03 14:30 +09:00` (in the locale, when there is one): the camera's clock as
  /// it read, and its offset from UTC when the file gives it.
  static func taken(_ time: TakenTime, _ appearance: Appearance) -> String {
    let clock = DateText.dateAndTime(
      Date(timeIntervalSince1970: TimeInterval(time.wallClock)), appearance, timeZone: .utc)
    guard let offset = time.utcOffset else { return clock }
    let minutes = abs(offset) / 60
    let hours = minutes / 60
    let rest = minutes % 60
    return clock + " " + (offset < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):"
      + (rest < 10 ? "0" : "") + "\(rest)"
  }

  /// `focus 42 %, 37 %`: where the camera focused, across and down the picture as shown.
  static func focus(_ point: FocusPoint) -> String {
    "focus \(Int((point.x * 100).rounded())) %, \(Int((point.y * 100).rounded())) %"
  }

  /// `35.6586° N, 139.7454° E`: degrees to four places (about 10 m), with the hemispheres;
  /// without the degree sign in ASCII.
  static func place(_ position: GPSPosition, _ appearance: Appearance) -> String {
    let degree = appearance.unicode ? "°" : ""
    let latitude = NumberText.fixed(abs(position.latitude), places: 4)
    let longitude = NumberText.fixed(abs(position.longitude), places: 4)
    return "\(latitude)\(degree) \(position.latitude < 0 ? "S" : "N"), "
      + "\(longitude)\(degree) \(position.longitude < 0 ? "W" : "E")"
  }

  /// A video's facts as the index holds them, nil when it holds none.
  static func indexedVideo(_ details: PictureDetails) -> VideoFacts? {
    guard details.duration != nil || details.codec != nil else { return nil }
    return VideoFacts(
      duration: details.duration, codec: TextSanitizer.sanitize(details.codec ?? ""),
      framesPerSecond: nil, hasAudio: false)
  }

  /// `0:42 · H.264 · 30 fps · with sound`, what is known of it.
  static func videoFacts(_ video: VideoFacts?) -> [String] {
    guard let video else { return [] }
    var facts = [
      video.durationText, video.codec.isEmpty ? nil : video.codecName, video.frameRateText,
    ]
    .compactMap { $0 }
    if video.hasAudio { facts.append("with sound") }
    return facts
  }

  /// `line`'s facts on rows of `width` columns, at most `rows` of them, breaking between
  /// facts: a row holds as many whole facts as fit, the next row the next ones. When they
  /// need more rows than there are, the last row ends in `ellipsis` after the whole facts
  /// that fit with it, and the rest are left out; a fact wider than a row alone is put
  /// on its own and cut there (it is text: a lens's name, not a number).
  static func rows(_ line: Line, width: Int, rows: Int, ellipsis: String) -> [String] {
    guard rows > 0 else { return [] }
    func text(_ facts: [String]) -> String { facts.joined(separator: line.separator) }
    var filled: [[String]] = []
    var row: [String] = []
    for fact in line.facts {
      if row.isEmpty || text(row + [fact]).displayWidth <= width {
        row.append(fact)
      } else if filled.count + 1 < rows {
        filled.append(row)
        row = [fact]
      } else {
        // No row left for this fact and the rest: the last row says there is more.
        while row.count > 1, (text(row) + " " + ellipsis).displayWidth > width {
          row.removeLast()
        }
        return (filled + [row]).map(text).dropLast() + [text(row) + " " + ellipsis]
      }
    }
    return (filled + [row]).map(text)
  }

  /// The separator of facts on a line.
  static func dot(_ appearance: Appearance) -> String { appearance.unicode ? " · " : " - " }
}
