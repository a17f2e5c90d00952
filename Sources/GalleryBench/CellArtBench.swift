import Foundation
import GalleryRuntime
import Pictures
import TerminalKit
import Thumbnails

/// Cell art's cost (issue 15): CPU per tile and the picture's fidelity for libchafa at each
/// work factor and symbol set and for the block renderer (`_own`), on the built-in
/// pictures decoded as the pipeline keeps them
/// (the `large` flavour, 256 pixels a side), in three tile sizes.
///
/// Fidelity: each renderer draws the picture already resampled to 8×8 pixels a cell, each
/// cell is painted back into those pixels (its symbol's coverage in the foreground colour,
/// the rest in the background) and compared with them: the mean absolute difference per
/// channel, 0–255, lower is closer. `changed` is the share of cells that differ from
/// libchafa's default work factor's.
@MainActor let cellArtBenchmarks = BenchmarkGroup(name: "cellart") {
  guard let root = try? DefaultAssets.locate() else {
    print("cellart: the built-in pictures are missing")
    return
  }
  let decoder = ImageDecoder()
  var sources: [PixelImage] = []
  for section in DefaultAssets.sectionNames {
    let folder = root + "/" + section
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names.sorted() {
      if let image = try? decoder.decode(path: folder + "/" + name, target: (256, 256)).image {
        sources.append(image)
      }
    }
  }
  guard !sources.isEmpty else {
    print("cellart: no picture decoded")
    return
  }
  let sizes = [
    TileSize(columns: 38, rows: 10), TileSize(columns: 24, rows: 8),
    TileSize(columns: 76, rows: 22),
  ]
  // libchafa's default work factor first (the baseline of `changed`), then others;
  // the symbol sets of `--symbols` that are block elements, at the chosen work factor.
  // `own` is the block renderer the thumbnails use (`CellArtRenderer`); its work factor
  // is not used. `256` draws in the 256-colour palette.
  let ways: [(name: String, workFactor: Float, symbols: SymbolSet, mode: ColorMode)] = [
    ("blocks_wf0.5", 0.5, .blocks, .truecolor), ("blocks_wf0.4", 0.4, .blocks, .truecolor),
    ("blocks_wf0.3", 0.3, .blocks, .truecolor), ("blocks_wf0.2", 0.2, .blocks, .truecolor),
    ("blocks_wf0.0", 0.0, .blocks, .truecolor), ("blocks_wf1.0", 1.0, .blocks, .truecolor),
    ("blocks_own", 0, .blocks, .truecolor),
    ("quadrants_wf0.3", 0.3, .quadrants, .truecolor), ("quadrants_own", 0, .quadrants, .truecolor),
    ("half_wf0.3", 0.3, .halfBlocks, .truecolor), ("half_own", 0, .halfBlocks, .truecolor),
    ("sextants_wf0.3", 0.3, .sextants, .truecolor), ("sextants_own", 0, .sextants, .truecolor),
    ("blocks256_wf0.3", 0.3, .blocks, .indexed256), ("blocks256_own", 0, .blocks, .indexed256),
  ]
  print("# libchafa's work factor where it draws: \(ChafaRenderer.workFactor)")
  print("# \(sources.count) pictures at 256 px, tiles \(sizes.map(\.description))")
  // Fidelity is measured on the same pixels for every renderer: the picture already at
  // 8×8 pixels a cell, so neither's resampling counts. The CPU is measured from the
  // 256-pixel copy, as the pipeline hands it over.
  var cases: [(image: PixelImage, samples: PixelImage, size: TileSize, fit: CellFit)] = []
  for size in sizes {
    for image in sources {
      let fit = CellFit.fitting(width: image.width, height: image.height, in: size)
      let samples = image.resampled(toWidth: fit.columns * 8, height: fit.rows * 8)
      cases.append((image, samples, size, fit))
    }
  }
  var baseline: [CellArt] = []
  for (name, workFactor, symbols, mode) in ways {
    func render(_ image: PixelImage, _ size: TileSize, _ fit: CellFit) -> CellArt {
      name.hasSuffix("_own")
        ? CellArtRenderer.render(image, size: size, fit: fit, mode: mode, symbols: symbols)
        : ChafaRenderer.render(
          image, size: size, fit: fit, mode: mode, symbols: symbols, workFactor: workFactor)
    }
    var arts: [CellArt] = []
    func renderAll() { arts = cases.map { render($0.image, $0.size, $0.fit) } }
    renderAll()  // warm-up: canvases made, pages touched
    var times: [Double] = []
    for _ in 0..<5 { times.append(cpuNanoseconds(RUSAGE_SELF.rawValue, renderAll)) }
    times.sort()
    report("cellart.\(name)_cpu", times[times.count / 2] / Double(arts.count) / 1e6, "ms/tile")
    let fair = cases.map { render($0.samples, $0.size, $0.fit) }
    if baseline.isEmpty { baseline = fair }
    var error = 0.0
    var changed = 0
    var cells = 0
    for (index, item) in cases.enumerated() {
      guard let difference = CellArtFidelity.meanError(fair[index], target: item.samples) else {
        print("# cellart: \(name) drew a character that is not a block element")
        break
      }
      error += difference
      for (a, b) in zip(fair[index].cells, baseline[index].cells) where a != b { changed += 1 }
      cells += item.size.columns * item.size.rows
    }
    report("cellart.\(name)_error", error / Double(cases.count), "levels (mean abs, 0-255)")
    report("cellart.\(name)_changed", Double(changed) / Double(max(1, cells)) * 100, "% cells")
  }
  // For the pictures in docs/performance.md: `CELLART_SHOTS=DIR` writes the same six pictures drawn by
  // libchafa at the work factor it had before and by the block renderer, as ANSI
  // documents to show in a terminal.
  if let folder = ProcessInfo.processInfo.environment["CELLART_SHOTS"] {
    for name in ["libchafa", "blocks"] {
      let size = TileSize(columns: 38, rows: 10)
      var frame = Frame(width: 3 * 39, height: 2 * 11)
      for (index, image) in sources.enumerated().filter({ $0.offset % 11 == 0 }).prefix(6) {
        let fit = CellFit.fitting(width: image.width, height: image.height, in: size)
        let art =
          name == "blocks"
          ? CellArtRenderer.render(image, size: size, fit: fit, mode: .truecolor, symbols: .blocks)
          : ChafaRenderer.render(
            image, size: size, fit: fit, mode: .truecolor, symbols: .blocks, workFactor: 0.3)
        let slot = index / 11
        for row in 0..<size.rows {
          for column in 0..<size.columns {
            frame[slot % 3 * 39 + column, slot / 3 * 11 + row] = art[column, row]
          }
        }
      }
      var writer = ANSIWriter(mode: .truecolor)
      let path = folder + "/cellart-\(name).ans"
      if !FileManager.default.createFile(atPath: path, contents: Data(writer.document(frame))) {
        print("# cellart: writing \(path) failed")
      }
    }
    print("# wrote \(folder)/cellart-libchafa.ans and cellart-blocks.ans")
  }
}

/// How close cell art of block symbols comes to its picture.
enum CellArtFidelity {
  /// The mean absolute difference per channel between `art` painted back (8×8 pixels a
  /// cell) and `target`, the picture at the same pixels; nil if the art cannot be painted
  /// back (a character that is not a block element).
  static func meanError(_ art: CellArt, target: PixelImage) -> Double? {
    guard let painted = art.paintedBack(), painted.width == target.width,
      painted.height == target.height
    else { return nil }
    var total = 0
    for index in stride(from: 0, to: painted.pixels.count, by: 4) {
      for channel in 0..<3 {
        total += abs(Int(painted.pixels[index + channel]) - Int(target.pixels[index + channel]))
      }
    }
    return Double(total) / Double(painted.width * painted.height * 3)
  }
}
