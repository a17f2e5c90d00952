import Foundation
import Pictures
import TestSupport
import Thumbnails

/// Camera raw files: a 24-megapixel DNG (6000×4000, 16-bit RGGB, 48 MB) with a 1616×1080
/// JPEG preview, as cameras write them. A tile from the preview, a 2560×1600 detail view
/// (past the preview: developed at half size), a full-size development, and the same
/// half-size development by LibRaw's own `dcraw_emu -h` (the floor: the library alone,
/// process start and its TIFF output included) and `vipsthumbnail` of the file (which
/// reads the first TIFF page, the preview).
@MainActor let rawBenchmarks = BenchmarkGroup(name: "raw") {
  let folder = NSTemporaryDirectory() + "gallery-bench-raw-\(getpid())"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  guard let path = makeBenchDNG(in: folder) else {
    print("raw: could not make the DNG (is cjpeg installed?)")
    return
  }
  let decoder = ImageDecoder()
  let tile = medianNanoseconds(runs: 7) { _ = try? decoder.decode(path: path, target: (320, 192)) }
  report("raw.tile_from_preview", tile / 1e6, "ms")
  let detail = medianNanoseconds(runs: 3) {
    _ = try? decoder.decode(path: path, target: (2560, 1600))
  }
  report("raw.detail_2560x1600_half_size", detail / 1e6, "ms")
  let full = medianNanoseconds(runs: 3) { _ = try? decoder.decode(path: path) }
  report("raw.full_size_development", full / 1e6, "ms")
  let halfCPU =
    cpuNanoseconds(RUSAGE_SELF.rawValue) {
      for _ in 0..<3 { _ = try? decoder.decode(path: path, target: (2560, 1600)) }
    } / 3
  report("raw.detail_half_size_cpu", halfCPU / 1e6, "ms")

  let emu = "/usr/bin/dcraw_emu"
  if access(emu, X_OK) == 0 {
    let copy = "\(folder)/emu.dng"
    _ = try? FileManager.default.copyItem(atPath: path, toPath: copy)
    let theirs =
      cpuNanoseconds(RUSAGE_CHILDREN.rawValue) {
        for _ in 0..<3 { runTool(emu, ["-h", "-w", "-T", copy]) }
      } / 3
    report("raw.dcraw_emu_half_size_cpu", theirs / 1e6, "ms")
    report("raw.detail_half_size_vs_dcraw_emu_cpu", halfCPU / theirs, "ratio")
  } else {
    print("raw: no dcraw_emu (make bench installs libraw-bin)")
  }
  let vips = "/usr/bin/vipsthumbnail"
  if access(vips, X_OK) == 0 {
    let ours =
      cpuNanoseconds(RUSAGE_SELF.rawValue) {
        for _ in 0..<5 { _ = try? decoder.decode(path: path, target: (320, 192)) }
      } / 5
    let theirs =
      cpuNanoseconds(RUSAGE_CHILDREN.rawValue) {
        for _ in 0..<5 { runTool(vips, [path, "-s", "320x192", "-o", "\(folder)/vips.jpg"]) }
      } / 5
    report("raw.tile_cpu", ours / 1e6, "ms")
    report("raw.vipsthumbnail_cpu", theirs / 1e6, "ms")
    report("raw.tile_vs_vipsthumbnail_cpu", ours / theirs, "ratio")
  }
  // The preview taken out by exiftool and decoded at an eighth by djpeg, as a script would.
  if access("/usr/bin/exiftool", X_OK) == 0, access("/usr/bin/djpeg", X_OK) == 0 {
    let ours =
      cpuNanoseconds(RUSAGE_SELF.rawValue) {
        for _ in 0..<5 { _ = try? decoder.decode(path: path, target: (320, 192)) }
      } / 5
    let script = "exiftool -b -PreviewImage '\(path)' | djpeg -scale 1/8 > '\(folder)/p.ppm'"
    let theirs =
      cpuNanoseconds(RUSAGE_CHILDREN.rawValue) {
        for _ in 0..<5 { runTool("/bin/sh", ["-c", script]) }
      } / 5
    report("raw.exiftool_preview_djpeg_cpu", theirs / 1e6, "ms")
    report("raw.tile_vs_exiftool_djpeg_cpu", ours / theirs, "ratio")
  } else {
    print("raw: no exiftool or djpeg (make bench installs them)")
  }
}

/// Writes the binary PPM `ppm` to `ppmPath` and compresses it with cjpeg at quality 90
/// to `jpegPath`; false when either fails (cjpeg is `libjpeg-turbo-progs`).
func compressJPEG(_ ppm: [UInt8], ppmPath: String, to jpegPath: String) -> Bool {
  guard FileManager.default.createFile(atPath: ppmPath, contents: Data(ppm)) else {
    return false
  }
  return runTool("/usr/bin/cjpeg", ["-quality", "90", "-outfile", jpegPath, ppmPath]) == 0
}

/// A 6000×4000 DNG of a smooth scene with a 1616×1080 JPEG preview (cjpeg), or nil.
func makeBenchDNG(in folder: String) -> String? {
  let (width, height) = (6000, 4000)
  func scene(_ width: Int, _ height: Int) -> [UInt8] {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let at = (y * width + x) * 4
        pixels[at] = UInt8(x * 255 / width)
        pixels[at + 1] = UInt8(y * 255 / height)
        pixels[at + 2] = UInt8((x + y) * 127 / (width + height) + 64)
      }
    }
    return pixels
  }
  let preview = (width: 1616, height: 1080)
  let small = scene(preview.width, preview.height)
  var ppm = Array("P6\n\(preview.width) \(preview.height)\n255\n".utf8)
  for index in 0..<(preview.width * preview.height) {
    ppm += small[(index * 4)..<(index * 4 + 3)]
  }
  let jpegPath = "\(folder)/preview.jpg"
  guard compressJPEG(ppm, ppmPath: "\(folder)/preview.ppm", to: jpegPath),
    let jpeg = FileManager.default.contents(atPath: jpegPath)
  else { return nil }
  let writer = DNGWriter(
    width: width, height: height, scene: scene(width, height),
    preview: ([UInt8](jpeg), preview.width, preview.height))
  let path = "\(folder)/IMG_0001.DNG"
  guard FileManager.default.createFile(atPath: path, contents: Data(writer.bytes())) else {
    return nil
  }
  return path
}
