import Foundation
import GalleryRuntime
import TerminalKit
import Thumbnails

/// Cell art's cost (issue 15): CPU per tile and the picture's fidelity for libchafa at each
/// work factor and symbol set and for the block renderer (`_own`), on the built-in
/// pictures decoded as the pipeline keeps them
/// (the `large` flavour, 256 pixels a side), in three tile sizes.
///
/// Fidelity: each cell of blocks is painted back into 8×8 pixels (its symbol's coverage
/// in the foreground colour, the rest in the background) and compared with the picture
/// fitted to the same pixels: the mean absolute difference per channel, 0–255, lower is
/// closer. `changed` is the share of cells that differ from libchafa's default work factor's.
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
  // is not used.
  let ways: [(name: String, workFactor: Float, symbols: SymbolSet)] = [
    ("blocks_wf0.5", 0.5, .blocks), ("blocks_wf0.4", 0.4, .blocks),
    ("blocks_wf0.3", 0.3, .blocks), ("blocks_wf0.2", 0.2, .blocks),
    ("blocks_wf0.0", 0.0, .blocks), ("blocks_wf1.0", 1.0, .blocks),
    ("quadrants_wf0.3", 0.3, .quadrants), ("half_wf0.3", 0.3, .halfBlocks),
    ("blocks_own", 0, .blocks), ("quadrants_own", 0, .quadrants), ("half_own", 0, .halfBlocks),
    ("sextants_wf0.3", 0.3, .sextants), ("sextants_own", 0, .sextants),
  ]
  print("# libchafa's work factor where it draws: \(ChafaRenderer.workFactor)")
  print(
    "# \(sources.count) pictures at 256 px, tiles \(sizes.map(\.description)), truecolor blocks")
  var baseline: [CellArt] = []
  for (name, workFactor, symbols) in ways {
    var arts: [CellArt] = []
    func renderAll() {
      arts = []
      for size in sizes {
        for image in sources {
          let fit = CellFit.fitting(width: image.width, height: image.height, in: size)
          arts.append(
            name.hasSuffix("_own")
              ? CellArtRenderer.render(
                image, size: size, fit: fit, mode: .truecolor, symbols: symbols)
              : ChafaRenderer.render(
                image, size: size, fit: fit, mode: .truecolor, symbols: symbols,
                workFactor: workFactor))
        }
      }
    }
    renderAll()  // warm-up: canvases made, pages touched
    var samples: [Double] = []
    for _ in 0..<5 { samples.append(cpuNanoseconds(RUSAGE_SELF.rawValue, renderAll)) }
    samples.sort()
    let perTile = samples[samples.count / 2] / Double(arts.count) / 1e6
    report("cellart.\(name)_cpu", perTile, "ms/tile")
    if baseline.isEmpty { baseline = arts }
    var error = 0.0
    var changed = 0
    var cells = 0
    var index = 0
    for size in sizes {
      for image in sources {
        error += CellArtFidelity.meanError(arts[index], source: image)
        for (a, b) in zip(arts[index].cells, baseline[index].cells) where a != b { changed += 1 }
        cells += size.columns * size.rows
        index += 1
      }
    }
    report("cellart.\(name)_error", error / Double(arts.count), "levels (mean abs, 0-255)")
    report("cellart.\(name)_changed", Double(changed) / Double(cells) * 100, "% cells")
  }
  // For the README's pictures: `CELLART_SHOTS=DIR` writes the same six pictures drawn by
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
  /// The mean absolute difference per channel between `art` painted back into 8×8-pixel
  /// cells and `source` fitted (area-averaged) into the same pixels, over the fit.
  static func meanError(_ art: CellArt, source: PixelImage) -> Double {
    let fit = art.fit
    let width = fit.columns * 8
    let height = fit.rows * 8
    guard width > 0, height > 0 else { return 0 }
    let target = source.resampled(toWidth: width, height: height)
    var total = 0
    for row in 0..<fit.rows {
      for column in 0..<fit.columns {
        let cell = art[fit.column + column, fit.row + row]
        let mask = coverage(cell.character ?? " ")
        let foreground = rgb(cell.style.foreground)
        let background = rgb(cell.style.background)
        for y in 0..<8 {
          for x in 0..<8 {
            let painted = mask[y * 8 + x] ? foreground : background
            let at = ((row * 8 + y) * width + column * 8 + x) * 4
            total += abs(Int(target.pixels[at]) - painted.0)
            total += abs(Int(target.pixels[at + 1]) - painted.1)
            total += abs(Int(target.pixels[at + 2]) - painted.2)
          }
        }
      }
    }
    return Double(total) / Double(width * height * 3)
  }

  static func rgb(_ color: Color) -> (Int, Int, Int) {
    if case .rgb(let r, let g, let b) = color { return (Int(r), Int(g), Int(b)) }
    return (0, 0, 0)
  }

  /// Which of a cell's 8×8 pixels a block element covers, row by row (none for a
  /// space or a character that is not a block element).
  static func coverage(_ character: Character) -> [Bool] {
    let mask = BlockSymbols.coverage(of: character) ?? 0
    return (0..<64).map { mask & (1 << UInt64($0)) != 0 }
  }
}
