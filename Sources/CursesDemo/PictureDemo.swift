// curses-demo --pictures: a grid of generated pictures in pixels (kitty, sixel or
// iTerm2, whatever the terminal answers), moved and covered by keys, for the
// end-to-end tests in real terminals. Keys: ↑ ↓ scroll the page a row, ← →
// move the pictures sideways, o shows or hides an overlay box, Ctrl-L
// redraws, q quits. `--report FILE` writes, after every frame, where each
// picture is (in cells) and the cell size, so a test can look for its pixels.
import Curses
import Foundation
import Pictures
import TerminalKit
import Thumbnails

/// The pictures: one solid colour each, easy to find in a screenshot.
let demoColors: [(name: String, rgb: (UInt8, UInt8, UInt8))] = [
  ("red", (220, 30, 30)), ("green", (30, 200, 60)), ("blue", (40, 70, 230)),
  ("yellow", (240, 220, 40)), ("magenta", (210, 40, 200)), ("cyan", (40, 210, 220)),
]

@MainActor
struct PictureDemo {
  let terminal: CursesTerminal
  let report: String?
  var offset = 0
  var shift = 0
  var overlay = false
  var images: [String: TerminalImage] = [:]
  var lastEvent = "none"
  static let tile = TileSize(columns: 14, rows: 5)

  /// The format pictures take here, or nil for cells.
  var format: TerminalImage.Format? { terminal.graphics.graphicsProtocol.imageFormat }

  /// The encoded picture of colour `index` for the current cell size.
  mutating func image(_ index: Int, format: TerminalImage.Format) -> TerminalImage {
    let cell = terminal.cellPixelSize ?? CellPixelSize(width: 10, height: 20)
    let key = "\(index) \(format.rawValue) \(cell.width)x\(cell.height)"
    if let image = images[key] { return image }
    let tile = PictureTile(size: Self.tile, cell: cell)
    let (r, g, b) = demoColors[index].rgb
    let pixels = tile.render(
      PixelImage(width: tile.pixelWidth, height: tile.pixelHeight, filledWith: (r, g, b, 255)))
    let image = PictureEncoder.encode(
      pixels, format: format, id: UInt32(images.count + 1), columns: Self.tile.columns,
      rows: Self.tile.rows)
    images[key] = image
    return image
  }

  mutating func frame() -> (Frame, [String]) {
    let width = terminal.width
    let height = terminal.height
    var frame = Frame(width: width, height: height)
    var lines =
      [
        "size \(width)x\(height)",
        "cell \(terminal.cellPixelSize.map { "\($0.width)x\($0.height)" } ?? "unknown")",
        "graphics \(terminal.graphics.graphicsProtocol.name)",
        "detection \(terminal.graphics.detectionMilliseconds.map { String(Int($0.rounded())) } ?? "-") ms",
      ] + terminal.graphics.reasons.map { "reason \($0)" }
    for index in demoColors.indices {
      let x = 2 + (index % 3) * 17 + shift
      let y = 2 + (index / 3) * 7 - offset
      let (r, g, b) = demoColors[index].rgb
      if let format {
        frame.place(image(index, format: format), x: x, y: y)
      } else {
        frame.fill(
          x: x, y: y, width: Self.tile.columns, height: Self.tile.rows,
          with: Cell(" ", style: Style(background: .rgb(r, g, b))))
      }
      frame.put(
        demoColors[index].name, x: x, y: y + Self.tile.rows, style: Style(foreground: .brightWhite))
      lines.append(
        "picture \(demoColors[index].name) \(x) \(y) \(Self.tile.columns) \(Self.tile.rows)")
    }
    // Text drawn after the pictures covers them: the header over a picture
    // scrolled up under it.
    frame.fill(x: 0, y: 0, width: width, height: 1)
    frame.put(
      "pictures — \(terminal.graphics.summary)", x: 1, y: 0, style: Style(attributes: .bold))
    if overlay {
      let box = (x: 10, y: 4, width: 30, height: 5)
      frame.fill(
        x: box.x, y: box.y, width: box.width, height: box.height,
        with: Cell(" ", style: Style(background: .rgb(90, 90, 90))))
      frame.put(
        "overlay: text wins", x: box.x + 2, y: box.y + 2,
        style: Style(foreground: .brightWhite, background: .rgb(90, 90, 90)))
      lines.append("overlay \(box.x) \(box.y) \(box.width) \(box.height)")
    }
    let status = " \(width)x\(height) | \(lastEvent) | q quits "
    frame.fill(
      x: 0, y: height - 1, width: width, height: 1,
      with: Cell(" ", style: Style(attributes: .reverse)))
    frame.put(status, x: 0, y: height - 1, style: Style(attributes: .reverse))
    return (frame, lines)
  }

  mutating func run() -> Int32 {
    var count = 0
    while true {
      let (frame, lines) = frame()
      terminal.draw(frame)
      if let report {
        let text = (lines + ["frame \(count)"]).joined(separator: "\n") + "\n"
        try? Data(text.utf8).write(to: URL(fileURLWithPath: report), options: .atomic)
      }
      switch terminal.nextEvent(timeout: .seconds(5)) {
      case .timeout: continue
      case .terminate(let signal): terminal.exit(bySignal: signal)
      case .key(.character("q")): return 0
      case .key(.control("l")): terminal.invalidate()
      case .key(.down): offset += 1
      case .key(.up): offset -= 1
      case .key(.right): shift += 4
      case .key(.left): shift -= 4
      case .key(.character("o")): overlay.toggle()
      case let event: lastEvent = TextSanitizer.sanitize(String(describing: event))
      }
      count += 1
    }
  }
}
