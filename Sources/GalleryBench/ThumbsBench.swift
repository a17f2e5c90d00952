import Foundation
import Pictures
import Thumbnails

/// Decode time per picture on generated 1920×1080 JPEGs, beside `djpeg -scale 1/8`
/// (the floor: libjpeg-turbo's own tool at its smallest DCT scale, process start included);
/// then every other format beside `vipsthumbnail` (`formatBenchmarks`).
@MainActor let thumbsBenchmarks = BenchmarkGroup(name: "thumbs") {
  let count = 12
  let folder = NSTemporaryDirectory() + "gallery-bench-thumbs-\(getpid())"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let files = (0..<count).compactMap { makeBenchJPEG(index: $0, in: folder) }
  guard files.count == count else {
    print("thumbs: could not generate JPEGs (is cjpeg installed?)")
    return
  }
  let perPicture = { (nanoseconds: Double) in nanoseconds / Double(count) / 1_000_000 }
  let decoder = ImageDecoder()

  // A gallery tile of 40×12 cells: 320×192 display pixels at 8 px a column.
  let tile = medianNanoseconds(runs: 5) {
    for file in files { _ = try? decoder.decode(path: file, target: (320, 192)) }
  }
  report("thumbs.decode_tile_320x192", perPicture(tile), "ms/picture")

  // The same DCT scale as djpeg -scale 1/8 (240×135).
  let eighth = medianNanoseconds(runs: 5) {
    for file in files { _ = try? decoder.decode(path: file, target: (240, 135)) }
  }
  report("thumbs.decode_1_8", perPicture(eighth), "ms/picture")

  let full = medianNanoseconds(runs: 3) {
    for file in files { _ = try? decoder.decode(path: file) }
  }
  report("thumbs.decode_full_size", perPicture(full), "ms/picture")

  // Decode, fit, downscale and cell art, no caches: one cold thumbnail.
  let size = TileSize(columns: 40, rows: 12)
  let render = medianNanoseconds(runs: 5) {
    for file in files {
      guard let decoded = try? decoder.decode(path: file, target: (320, 192)) else { continue }
      let fit = CellFit.fitting(
        width: decoded.metadata.displayWidth, height: decoded.metadata.displayHeight, in: size)
      let target = fit.pixelTarget(
        sourceWidth: decoded.image.width, sourceHeight: decoded.image.height)
      let pixels = decoded.image.downscaled(toWidth: target.width, height: target.height)
      _ = CellArtRenderer.render(pixels, size: size, fit: fit, mode: .truecolor, symbols: .blocks)
    }
  }
  report("thumbs.cold_thumbnail_40x12", perPicture(render), "ms/picture")

  let djpeg = medianNanoseconds(runs: 5) {
    for file in files {
      runTool("/usr/bin/djpeg", ["-scale", "1/8", "-outfile", "/dev/null", file])
    }
  }
  report("thumbs.djpeg_scale_1_8", perPicture(djpeg), "ms/picture")

  // CPU time, steadier than wall time on a shared machine (djpeg's is its process's).
  let ourCPU = cpuNanoseconds(RUSAGE_SELF.rawValue) {
    for file in files { _ = try? decoder.decode(path: file, target: (240, 135)) }
  }
  let djpegCPU = cpuNanoseconds(RUSAGE_CHILDREN.rawValue) {
    for file in files {
      runTool("/usr/bin/djpeg", ["-scale", "1/8", "-outfile", "/dev/null", file])
    }
  }
  report("thumbs.decode_1_8_cpu", perPicture(ourCPU), "ms/picture")
  report("thumbs.djpeg_scale_1_8_cpu", perPicture(djpegCPU), "ms/picture")
  report("thumbs.decode_1_8_vs_djpeg_cpu", ourCPU / djpegCPU, "ratio")
  report("thumbs.decode_1_8_vs_djpeg", eighth / djpeg, "ratio")
  report("thumbs.decode_tile_vs_djpeg", tile / djpeg, "ratio")

  formatBenchmarks(scene: files[0], in: folder)
}

/// User plus system CPU time `body` costs `who` (self or finished children), in nanoseconds.
func cpuNanoseconds(_ who: Int32, _ body: () -> Void) -> Double {
  func total() -> Double {
    var usage = rusage()
    getrusage(who, &usage)
    let user = Double(usage.ru_utime.tv_sec) * 1e9 + Double(usage.ru_utime.tv_usec) * 1e3
    return user + Double(usage.ru_stime.tv_sec) * 1e9 + Double(usage.ru_stime.tv_usec) * 1e3
  }
  let start = total()
  body()
  return total() - start
}

/// Writes a 1920×1080 scene as PPM and encodes it with cjpeg (quality 85); the path.
private func makeBenchJPEG(index: Int, in folder: String) -> String? {
  let width = 1920
  let height = 1080
  var ppm = Array("P6\n\(width) \(height)\n255\n".utf8)
  ppm.reserveCapacity(ppm.count + width * height * 3)
  var seed = UInt32(truncatingIfNeeded: index &* 2_654_435_761 &+ 1)
  for y in 0..<height {
    for x in 0..<width {
      // Gradients, a moving disc and a little noise: photo-like entropy for the coder.
      seed = seed &* 1_664_525 &+ 1_013_904_223
      let noise = Int(seed >> 28)
      let dx = x - (400 + index * 90)
      let dy = y - 540
      let disc = dx * dx + dy * dy < 300 * 300
      ppm.append(UInt8(clamping: (disc ? 230 : x * 255 / width) + noise))
      ppm.append(UInt8(clamping: (disc ? 180 : y * 255 / height) + noise))
      ppm.append(UInt8(clamping: ((x + y + index * 40) % 256) / 2 + noise))
    }
  }
  let source = "\(folder)/scene-\(index).ppm"
  let output = "\(folder)/scene-\(index).jpg"
  guard FileManager.default.createFile(atPath: source, contents: Data(ppm)) else { return nil }
  defer { unlink(source) }
  let status = runTool(
    "/usr/bin/cjpeg",
    ["-quality", "85"] + (index % 2 == 1 ? ["-progressive"] : []) + [
      "-outfile", output, source,
    ])
  return status == 0 ? output : nil
}

/// Runs a tool to completion and returns its exit status (-1 when it cannot start).
@discardableResult
func runTool(_ path: String, _ arguments: [String]) -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  do { try process.run() } catch { return -1 }
  process.waitUntilExit()
  return process.terminationStatus
}
