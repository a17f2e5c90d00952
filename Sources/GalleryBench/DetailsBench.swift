import Dispatch
import Foundation
import Pictures
import SystemSupport
import TestSupport
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// Reading pictures' details from the heads of their files (the library index's reader)
/// against `exiftool -fast -j` over the same files, side by side, the page cache warm:
/// 10,000 phone-like JPEGs (goal: at most 0.1 of exiftool's wall time) and 1,000 raw
/// files of five makes (goal: at most 0.2). Medians of 3 rounds each; the details once on
/// one thread and once on every core, exiftool as one process (as it is run).
@MainActor let detailsBenchmarks = BenchmarkGroup(name: "details") {
  guard let phones = DetailsSet.phones() else { return }
  compareWithExiftool("details.jpegs_10k", phones)
  guard let raws = DetailsSet.raws() else { return }
  compareWithExiftool("details.raw_1k", raws)
}

/// Times the details and exiftool over `set`, and prints both and their ratios.
private func compareWithExiftool(_ name: String, _ set: (folder: String, paths: [String])) {
  let decoder = ImageDecoder()
  // Warm the page cache and check the reading: every file dated, none broken.
  var dated = 0
  var placed = 0
  var broken = 0
  for path in set.paths {
    let details = decoder.details(path: path)
    if details.taken != nil { dated += 1 }
    if details.position != nil { placed += 1 }
    if details.isBroken { broken += 1 }
  }
  report(name + "_files", Double(set.paths.count), "files")
  report(name + "_dated", Double(dated), "files")
  report(name + "_placed", Double(placed), "files")
  report(name + "_broken", Double(broken), "files")
  let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
  var exiftool: [Double] = []
  var single: [Double] = []
  var parallel: [Double] = []
  for _ in 0..<3 {
    exiftool.append(
      seconds {
        runTool("/usr/bin/exiftool", ["-fast", "-j", "-q", "-q", set.folder])
      })
    single.append(seconds { for path in set.paths { _ = decoder.details(path: path) } })
    parallel.append(
      seconds {
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
          for index in stride(from: worker, to: set.paths.count, by: workers) {
            _ = decoder.details(path: set.paths[index])
          }
        }
      })
  }
  let theirs = middle(exiftool)
  let ours = middle(single)
  let oursParallel = middle(parallel)
  report(name + "_exiftool_fast", theirs, "s")
  report(name + "_details_1_thread", ours, "s")
  report(name + "_details_\(workers)_threads", oursParallel, "s")
  report(name + "_per_file_1_thread", ours / Double(set.paths.count) * 1e6, "µs")
  report(name + "_ratio_1_thread", ours / theirs, "x exiftool")
  report(name + "_ratio_\(workers)_threads", oursParallel / theirs, "x exiftool")
}

private func seconds(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

private func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// The files the details benchmark reads, made once and kept under the bench cache.
///
/// Phones: 20 JPEGs of 64×48 pixels (small pixels: the head is what is read) with a full
/// phone's EXIF block written by exiftool (make, model, lens, exposure, date with
/// `OffsetTimeOriginal`, GPS with altitude, a 160×120 preview, a 16 KB maker note, every
/// fourth turned by orientation 6), each with tags of its own, copied to 10,000 files.
/// Raw: 200 files of each of five makes (`RawHeaders`: NEF, ARW, PEF, ORF headers laid
/// out as those makers do with a 24 KB maker note, a 40 KB preview stand-in and 64 KB of
/// stand-in sensor data; DNGs of 64×48 pixels), every one with tags of its own.
enum DetailsSet {
  static func phones() -> (folder: String, paths: [String])? {
    let root = benchCacheFolder() + "/details-phones-10k-v1"
    let folder = root + "/photos"
    let paths = (0..<10_000).map { folder + String(format: "/IMG_%05d.jpg", $0) }
    if FileManager.default.fileExists(atPath: root + "/.complete") { return (folder, paths) }
    for tool in ["/usr/bin/convert", "/usr/bin/exiftool"]
    where !FileManager.default.isExecutableFile(atPath: tool) {
      print("# details: \(tool) is missing (make bench installs imagemagick, exiftool)")
      return nil
    }
    print("# details: making 10,000 phone JPEGs in \(root) (once)")
    try? FileManager.default.removeItem(atPath: root)
    let sources = root + "/sources"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try? FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
    let base = sources + "/base.jpg"
    let preview = sources + "/preview.jpg"
    let makerNote = sources + "/makernote.bin"
    _ = FileManager.default.createFile(
      atPath: makerNote,
      contents: Data((0..<16_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 7) }))
    guard
      runTool("/usr/bin/convert", ["-seed", "7", "-size", "64x48", "plasma:", base]) == 0,
      runTool("/usr/bin/convert", ["-seed", "8", "-size", "160x120", "plasma:", preview]) == 0
    else {
      print("# details: convert failed")
      return nil
    }
    var variants: [String] = []
    for variant in 0..<20 {
      let out = sources + String(format: "/variant-%02d.jpg", variant)
      var tags = [
        "-q", "-n", "-Make=Phone Maker \(variant % 3)",
        "-Model=Phone \(variant)", "-LensModel=Phone back triple camera \(variant % 4)mm f/1.8",
        "-ExposureTime=\(1.0 / Double(60 + variant * 10))", "-FNumber=1.\(variant % 10)",
        "-ISO=\(50 + variant * 25)", "-FocalLength=\(4 + variant % 5).2",
        String(
          format: "-DateTimeOriginal=2024:%02d:%02d 1%d:%02d:00", variant % 12 + 1,
          variant + 1, variant % 10, variant * 2),
        "-OffsetTimeOriginal=\(variant % 2 == 0 ? "+" : "-")0\(variant % 10):00",
        "-GPSLatitude=\(10 + Double(variant) * 1.5)",
        "-GPSLatitudeRef=\(variant % 3 == 0 ? "S" : "N")",
        "-GPSLongitude=\(20 + Double(variant) * 3.25)",
        "-GPSLongitudeRef=\(variant % 2 == 0 ? "W" : "E")",
        "-GPSAltitude=\(variant * 7)", "-GPSAltitudeRef=0", "-ThumbnailImage<=" + preview,
        "-MakerNotes<=" + makerNote, "-o", out,
      ]
      if variant % 4 == 3 { tags.insert("-Orientation=6", at: 3) }
      guard runTool("/usr/bin/exiftool", tags + [base]) == 0 else {
        print("# details: exiftool could not write variant \(variant)")
        return nil
      }
      variants.append(out)
    }
    for (index, path) in paths.enumerated() {
      guard
        (try? FileManager.default.copyItem(atPath: variants[index % variants.count], toPath: path))
          != nil
      else {
        print("# details: copying to \(path) failed")
        return nil
      }
    }
    _ = FileManager.default.createFile(atPath: root + "/.complete", contents: Data())
    return (folder, paths)
  }

  static func raws() -> (folder: String, paths: [String])? {
    let root = benchCacheFolder() + "/details-raw-1k-v1"
    let folder = root + "/raw"
    let makes = RawHeaders.Make.allCases
    let paths = (0..<1_000).map { index in
      folder + String(format: "/RAW_%04d.", index) + makes[index % makes.count].fileExtension
    }
    if FileManager.default.fileExists(atPath: root + "/.complete") { return (folder, paths) }
    print("# details: making 1,000 raw files in \(root) (once)")
    try? FileManager.default.removeItem(atPath: root)
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (index, path) in paths.enumerated() {
      let bytes = RawHeaders.bytes(makes[index % makes.count], variant: index / makes.count)
      guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        print("# details: writing \(path) failed")
        return nil
      }
    }
    _ = FileManager.default.createFile(atPath: root + "/.complete", contents: Data())
    return (folder, paths)
  }
}
