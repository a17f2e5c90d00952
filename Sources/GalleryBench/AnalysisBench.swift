import Foundation
import Pictures
import TestSupport
import Thumbnails

/// The survey's analysis: the histogram and clipping of a 24-megapixel raw from its sensor
/// data (the `raw` group's DNG: 6000×4000 RGGB, 48 MB), its whole analysis (with the
/// sharpness of its 1616×1080 preview), and the whole analysis of a 4032×3024 phone JPEG
/// (noisy, quality 90, by cjpeg), decoded at 3/8.
@MainActor let analysisBenchmarks = BenchmarkGroup(name: "analysis") {
  let folder = NSTemporaryDirectory() + "gallery-bench-analysis-\(getpid())"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let analyzer = PictureAnalyzer()
  if let raw = makeBenchDNG(in: folder) {
    // The sensor's part alone: the same mosaic counted in memory, as the analyzer counts
    // what LibRaw unpacked.
    let (width, height) = (6000, 4000)
    var random = SplitMix64(seed: 24)
    let values = (0..<(width * height)).map { _ in UInt16(truncatingIfNeeded: random.next() & 0xFFF)
    }
    if let mosaic = SensorMosaic.bayer([.red, .green, .green, .blue], black: 0, white: 4095) {
      let counting = medianNanoseconds(runs: 7) {
        _ = ToneAnalysis.measure(
          sensor: values, width: width, height: height, rowStride: width, mosaic: mosaic)
      }
      report("analysis.sensor_histogram_24mp_counting", counting / 1e6, "ms")
    }
    let fromFile = medianNanoseconds(runs: 5) { _ = analyzer.sensorTones(path: raw) }
    report("analysis.sensor_histogram_24mp_from_file", fromFile / 1e6, "ms")
    let whole = medianNanoseconds(runs: 5) { _ = analyzer.analyze(path: raw) }
    report("analysis.raw_24mp_whole", whole / 1e6, "ms")
  } else {
    print("analysis: could not make the DNG (is cjpeg installed?)")
  }
  guard let jpeg = makePhoneJPEG(in: folder) else {
    print("analysis: could not make the JPEG (is cjpeg installed?)")
    return
  }
  let phone = medianNanoseconds(runs: 7) { _ = analyzer.analyze(path: jpeg) }
  report("analysis.jpeg_4032x3024_whole", phone / 1e6, "ms")
  let decoder = ImageDecoder()
  let decodeOnly = medianNanoseconds(runs: 7) {
    _ = try? decoder.decode(
      path: jpeg, target: (PictureAnalyzer.decodeSide, PictureAnalyzer.decodeSide))
  }
  report("analysis.jpeg_4032x3024_decode_alone", decodeOnly / 1e6, "ms")
}

/// A noisy 4032×3024 photo-like JPEG (quality 90, cjpeg), or nil.
private func makePhoneJPEG(in folder: String) -> String? {
  let (width, height) = (4032, 3024)
  var random = SplitMix64(seed: 4032)
  var ppm = Array("P6\n\(width) \(height)\n255\n".utf8)
  ppm.reserveCapacity(ppm.count + width * height * 3)
  for y in 0..<height {
    for x in 0..<width {
      let noise = Int(random.next() % 24) - 12
      let base = (x / 96 + y / 96) % 2 == 0 ? 70 : 180
      ppm.append(UInt8(clamping: base + x * 60 / width + noise))
      ppm.append(UInt8(clamping: base + noise))
      ppm.append(UInt8(clamping: base + y * 60 / height + noise))
    }
  }
  let jpegPath = "\(folder)/phone.jpg"
  return compressJPEG(ppm, ppmPath: "\(folder)/phone.ppm", to: jpegPath) ? jpegPath : nil
}
