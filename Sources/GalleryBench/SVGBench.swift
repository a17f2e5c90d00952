import Foundation
import Thumbnails

/// An SVG tile: an icon of gradients, paths and text (kitty's, as Debian installs it, when
/// there; else one written here), rendered by librsvg for a 320×192 tile and for a
/// 1920×1080 detail view, each at its own pixel size.
@MainActor let svgBenchmarks = BenchmarkGroup(name: "svg") {
  var path = "/usr/share/icons/hicolor/scalable/apps/kitty.svg"
  let folder = NSTemporaryDirectory() + "gallery-bench-svg-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: folder) }
  if access(path, R_OK) != 0 {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    path = folder + "/icon.svg"
    let icon = """
      <svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#4a90d9"/><stop offset="1" stop-color="#1c3f73"/>
      </linearGradient></defs>
      <rect x="16" y="16" width="224" height="224" rx="40" fill="url(#g)"/>
      <path d="M64 80 L128 128 L64 176" stroke="#fff" stroke-width="20" fill="none"/>
      <rect x="136" y="160" width="64" height="18" fill="#fff"/>
      </svg>
      """
    _ = FileManager.default.createFile(atPath: path, contents: Data(icon.utf8))
  }
  let decoder = ImageDecoder()
  let tile = medianNanoseconds(runs: 9) { _ = try? decoder.decode(path: path, target: (320, 192)) }
  report("svg.tile_320x192", tile / 1e6, "ms")
  report("svg.tile_vs_20ms_goal", tile / 1e6 / 20, "ratio")
  let detail = medianNanoseconds(runs: 5) {
    _ = try? decoder.decode(path: path, target: (1920, 1080))
  }
  report("svg.detail_1920x1080", detail / 1e6, "ms")
}
