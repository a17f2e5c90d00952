import CompositionalLayout
import FoundationEssentials
import Pictures
import TerminalKit

/// The focused picture as large as the screen allows, with its details under it: name,
/// path, format, dimensions, frames or pages, colour profile, file size, EXIF date and
/// camera, or why it is broken (`DetailFacts`: what decoding found, then what the library
/// index holds; facts too many for a row on the rows after, never cut in one), and the
/// other files of a pair.
enum DetailView {
  static func draw(_ state: GalleryState, into frame: inout Frame) {
    guard let focus = state.focus, let picture = state.picture(at: focus) else { return }
    let layout = state.detailLayout
    let rect = layout.artRect
    let name = TextSanitizer.sanitize(picture.fileName)
    drawPicture(state, picture: picture, name: name, rect: rect, into: &frame)
    if state.isMarked(picture.path) {
      MarkBadge.drawSides(around: rect, appearance: state.appearance, into: &frame)
    }
    var y = rect.maxY
    if let under = layout.histogramRect {
      switch state.loading.analyses[picture.path] {
      case .measured(let analysis)?:
        HistogramView.draw(
          analysis.histogram, in: under, appearance: state.appearance, into: &frame)
      case .failed(let error)?:
        frame.put(
          "no histogram: " + BrokenReason.short(error), x: under.minX, y: under.maxY - 1,
          style: state.theme.secondary, maxWidth: under.width)
      case nil:
        let note = picture.format == .video ? "no histogram for a video" : "measuring…"
        frame.put(note, x: under.minX, y: under.maxY - 1, style: state.theme.secondary)
      }
      y = under.maxY
    }
    let dot = state.appearance.unicode ? " · " : " - "
    var position = "\(focus.item + 1)/\(state.count(inSection: focus.section))"
    if focus.section != state.favoritesSectionIndex, let stack = state.stack(of: picture.path) {
      position += "  " + StatusLine.stackText(stack, picture: picture)
    }
    let hint: String
    if state.detail.slideshow != nil {
      hint = "+ - pace  any key stops"
    } else if let video = state.detail.video, video.picturePath == picture.path,
      !video.isMotion, video.failure == nil
    {
      var facts: VideoFacts?
      if case .ready(let metadata?, _)? = state.loading.info[picture.path] {
        facts = metadata.video
      }
      let length = facts?.durationText.map { " / " + $0 } ?? ""
      let clock =
        video.frame.map { frame in
          (facts?.positionText(at: frame.time, ended: video.hasEnded)
            ?? VideoFacts.clock(frame.time)) + length + "  "
        } ?? ""
      let key = video.hasEnded ? "Space again" : video.isPaused ? "Space play" : "Space pause"
      hint = clock + key + "  Esc back"
    } else if picture.pairKind?.hasMotion == true, state.detail.video == nil,
      !state.detail.zoom.isZoomed
    {
      hint = "Space motion  Esc back"
    } else if state.detail.zoom.isZoomed {
      hint = "\(state.detail.zoom.label)  arrows pan  W fits"
    } else {
      hint =
        state.appearance.unicode ? "← → previous/next  Esc back" : "<- -> previous/next  Esc back"
    }
    // Line 1: the name, the position, the keys on the right.
    frame.fill(x: 0, y: y, width: frame.width, height: 1)
    var column = 1
    column += frame.put(
      name, x: column, y: y, style: state.theme.headerName, maxWidth: frame.width - 2,
      truncation: state.appearance.nameTruncation)
    column += frame.put("  " + position, x: column, y: y, style: state.theme.label)
    column +=
      FavoriteMark.drawButton(
        isFavorite: state.isFavorite(picture.path), appearance: state.appearance, x: column + 2,
        y: y, maxWidth: frame.width - column - 3, into: &frame) + 2
    if state.isMarked(picture.path) {
      column +=
        MarkBadge.drawLabel(
          appearance: state.appearance, x: column + 1, y: y, maxWidth: frame.width - column - 2,
          into: &frame) + 1
    }
    let pieces = DecisionBadge.pieces(
      state.decision(of: picture.path), appearance: state.appearance, worded: true)
    if !pieces.isEmpty, column + DecisionBadge.width(of: pieces) + 2 <= frame.width {
      column += DecisionBadge.draw(pieces, x: column + 1, y: y, into: &frame) + 1
    }
    if column + hint.displayWidth + 3 <= frame.width {
      frame.put(hint, x: frame.width - hint.displayWidth - 1, y: y, style: state.theme.label)
    }
    y += 1
    // Shortened in the middle, as names are everywhere: the end holds the file's name.
    line(
      "path", TextSanitizer.sanitize(picture.path),
      truncation: state.appearance.nameTruncation, theme: state.theme, y: &y, into: &frame)
    // Facts too many for a row go on the next ones (the camera's, with the place last),
    // as many rows as are left, one kept for each line after and for a pair's files.
    let lines = DetailFacts.lines(state, picture: picture)
    let ellipsis = state.appearance.unicode ? "…" : "..."
    for (number, facts) in lines.enumerated() {
      let after = lines.count - number - 1 + (picture.companions.isEmpty ? 0 : 1)
      let rows = DetailFacts.rows(
        facts, width: frame.width - 9, rows: max(1, frame.height - 1 - y - after),
        ellipsis: ellipsis)
      for (row, text) in rows.enumerated() {
        line(
          row == 0 ? facts.label : "", text, style: facts.isBroken ? state.theme.broken : .plain,
          theme: state.theme, y: &y, into: &frame)
      }
    }
    // A pair's other files: what opening, copying and marking take along.
    if !picture.companions.isEmpty {
      let files = picture.companions.map { file in
        let format = file.format?.name ?? "not a picture"
        return "\(TextSanitizer.sanitize(file.fileName)) (\(format), \(fileSize(file.byteSize)))"
      }
      let kind = picture.pairKind.map { $0.badge + ": " } ?? ""
      line(
        "with", kind + files.joined(separator: dot), truncation: state.appearance.nameTruncation,
        theme: state.theme, y: &y, into: &frame)
    }
  }

  /// The picture: a video's or an animation's current frame once it has one, else the
  /// still cell art or picture in pixels, a broken picture's reason, or a placeholder while
  /// it loads.
  static func drawPicture(
    _ state: GalleryState, picture: Picture, name: String, rect: CellRect, into frame: inout Frame
  ) {
    if let video = state.detail.video, video.picturePath == picture.path,
      let playing = video.frame
    {
      switch playing.content {
      case .cells(let art): ItemCell.drawArt(art, in: rect, into: &frame)
      case .image(let image): frame.place(image, x: rect.minX, y: rect.minY)
      }
      return
    }
    if let playback = state.detail.playback, playback.path == picture.path,
      let playing = playback.currentFrame
    {
      ItemCell.drawArt(playing, in: rect, into: &frame)
      return
    }
    let art = TileArt.resolve(
      state, path: picture.path, size: state.detailLayout.artBox, rect: rect,
      canvas: rect, cells: state.loading.thumbnails, pictures: state.loading.pictures,
      zoom: state.detail.zoom.crop, painted: state.detail.showsClipping)
    switch art {
    case .cells, .image:
      art.draw(in: rect, into: &frame)
    case .broken(let error):
      ItemCell.drawPlaceholder(
        name: name, note: "✗ " + BrokenReason.short(error), style: state.theme.broken, in: rect,
        appearance: state.appearance, into: &frame)
    case .loading:
      ItemCell.drawPlaceholder(
        name: name, note: nil, style: state.theme.placeholder, in: rect,
        appearance: state.appearance,
        into: &frame)
    }
  }

  /// One line of details under the picture: `label`, then `text` cut to the row as
  /// `truncation` says.
  static func line(
    _ label: String, _ text: String, style: Style = .plain,
    truncation: Truncation = .ellipsis(), theme: Theme, y: inout Int, into frame: inout Frame
  ) {
    guard y < frame.height - 1 else { return }
    frame.put(label, x: 1, y: y, style: theme.label)
    frame.put(text, x: 8, y: y, style: style, maxWidth: frame.width - 9, truncation: truncation)
    y += 1
  }

  /// `245 KB`, `1.3 MB`: decimal units, as file managers show them.
  static func fileSize(_ bytes: Int64) -> String {
    if bytes < 1000 { return "\(bytes) bytes" }
    if bytes < 1_000_000 { return "\(Int((Double(bytes) / 1000).rounded())) KB" }
    return NumberText.fixed(Double(bytes) / 1_000_000, places: 1) + " MB"
  }
}
