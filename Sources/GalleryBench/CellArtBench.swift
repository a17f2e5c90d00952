import Foundation
import GalleryRuntime
import TerminalKit
import Thumbnails

/// libchafa's settings for thumbnails (issue 15): CPU per tile and the picture's fidelity
/// for each work factor and symbol set, on the built-in pictures decoded as the pipeline keeps them
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
  // libchafa's default work factor first (what thumbnails used before), then others;
  // the symbol sets of `--symbols` that are block elements, at the chosen work factor.
  let ways: [(name: String, workFactor: Float, symbols: SymbolSet)] = [
    ("blocks_wf0.5", 0.5, .blocks), ("blocks_wf0.4", 0.4, .blocks),
    ("blocks_wf0.3", 0.3, .blocks), ("blocks_wf0.2", 0.2, .blocks),
    ("blocks_wf0.0", 0.0, .blocks), ("blocks_wf1.0", 1.0, .blocks),
    ("quadrants_wf0.3", 0.3, .quadrants), ("half_wf0.3", 0.3, .halfBlocks),
  ]
  print("# chosen: work factor \(ChafaRenderer.workFactor)")
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
            ChafaRenderer.render(
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
  // For the README's pictures: `CELLART_SHOTS=DIR` writes the same six pictures at
  // libchafa's default work factor and at ours, as ANSI documents to show in a terminal.
  if let folder = ProcessInfo.processInfo.environment["CELLART_SHOTS"] {
    for (name, workFactor) in [("before", Float(0.5)), ("after", ChafaRenderer.workFactor)] {
      let size = TileSize(columns: 38, rows: 10)
      var frame = Frame(width: 3 * 39, height: 2 * 11)
      for (index, image) in sources.enumerated().filter({ $0.offset % 11 == 0 }).prefix(6) {
        let fit = CellFit.fitting(width: image.width, height: image.height, in: size)
        let art = ChafaRenderer.render(
          image, size: size, fit: fit, mode: .truecolor, symbols: .blocks, workFactor: workFactor)
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
    print("# wrote \(folder)/cellart-before.ans and cellart-after.ans")
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

  /// Which of a cell's 8×8 pixels a block element covers (U+2580–U+259F), row by row.
  static func coverage(_ character: Character) -> [Bool] {
    let code = character.unicodeScalars.first?.value ?? 0x20
    func mask(_ covers: (Int, Int) -> Bool) -> [Bool] {
      (0..<64).map { covers($0 % 8, $0 / 8) }
    }
    switch code {
    case 0x2580: return mask { _, y in y < 4 }  // ▀
    case 0x2581...0x2588: return mask { _, y in y >= 8 - Int(code - 0x2580) }  // ▁…█
    case 0x2589...0x258F: return mask { x, _ in x < 8 - Int(code - 0x2588) }  // ▉…▏
    case 0x2590: return mask { x, _ in x >= 4 }  // ▐
    case 0x2594: return mask { _, y in y < 1 }  // ▔
    case 0x2595: return mask { x, _ in x >= 7 }  // ▕
    case 0x2596...0x259F:
      // Quadrants: bits for top-left, top-right, bottom-left, bottom-right.
      let quads: [UInt32: Int] = [
        0x2596: 0b0010, 0x2597: 0b0001, 0x2598: 0b1000, 0x2599: 0b1011, 0x259A: 0b1001,
        0x259B: 0b1110, 0x259C: 0b1101, 0x259D: 0b0100, 0x259E: 0b0110, 0x259F: 0b0111,
      ]
      let bits = quads[code] ?? 0
      return mask { x, y in
        let bit = (y < 4 ? (x < 4 ? 0b1000 : 0b0100) : (x < 4 ? 0b0010 : 0b0001))
        return bits & bit != 0
      }
    case 0x2591, 0x2592, 0x2593:
      // Shades: a checker of a quarter, a half, three quarters.
      let every = code == 0x2591 ? 4 : code == 0x2592 ? 2 : 4
      return mask { x, y in
        code == 0x2593 ? (x + y * 2) % every != 0 : (x + y * 2) % every == 0
      }
    default: return Array(repeating: false, count: 64)  // a space, or not a block
    }
  }
}
