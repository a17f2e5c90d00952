import Foundation
import Pictures
import XMPSidecars

#if canImport(Glibc)
  import Glibc
#endif

/// XMP sidecars (`SidecarStore`): the ratings of 10,000 raws read from their sidecars
/// (darktable's, each with a 9-step history), the files' pages dropped from the page
/// cache first (`posix_fadvise`; the folder's entries stay cached), beside
/// `exiftool -fast -XMP:Rating` on the same files, dropped the same way (the goal: the
/// gallery at most a tenth of exiftool's time), and the gallery's again with the pages
/// cached. Then one decision merged into darktable's
/// sidecar of a picture edited 500 times, by Exempi in the process and by the `exiv2`
/// and `exiftool` programs (each a process a file, as a script would run them).
@MainActor let sidecarsBenchmarks = BenchmarkGroup(name: "sidecars") {
  let root = NSTemporaryDirectory() + "gallery-bench-sidecars-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: root) }
  try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  let count = 10_000
  var sidecars: [String] = []
  for index in 0..<count {
    let path = root + "/IMG_\(index).CR2.xmp"
    let text = darktableSidecar(rating: index % 6, historySteps: 9)
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    sidecars.append(path)
  }
  sync()
  let store = SidecarStore()
  var rated = 0
  dropPages(sidecars)
  let start = DispatchTime.now().uptimeNanoseconds
  for index in 0..<count {
    if let reading = try? store.read(picture: root + "/IMG_\(index).CR2") {
      rated += reading.decision.rating.stars > 0 ? 1 : 0
    }
  }
  let gallery = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  report("sidecars.read_ratings_10k_pages_dropped", gallery, "ms")
  report("sidecars.read_ratings_10k_rated", Double(rated), "pictures")
  let warm = medianNanoseconds(runs: 3) {
    for index in 0..<count { _ = try? store.read(picture: root + "/IMG_\(index).CR2") }
  }
  report("sidecars.read_ratings_10k_warm", warm / 1e6, "ms")
  if access("/usr/bin/exiftool", X_OK) == 0 {
    dropPages(sidecars)
    let toolStart = DispatchTime.now().uptimeNanoseconds
    _ = runTool("/usr/bin/exiftool", ["-fast", "-XMP:Rating", "-ext", "xmp", root])
    let exiftool = Double(DispatchTime.now().uptimeNanoseconds - toolStart) / 1e6
    report("sidecars.exiftool_fast_rating_10k_pages_dropped", exiftool, "ms")
    report("sidecars.read_ratings_10k_share_of_exiftool", gallery / exiftool, "x")
  } else {
    print("sidecars: no exiftool (make bench installs it)")
  }

  // One decision into a long history.
  let long = root + "/long.CR2.xmp"
  let longText = darktableSidecar(rating: 2, historySteps: 500)
  report("sidecars.long_history_bytes", Double(longText.utf8.count) / 1e3, "kB")
  let decision = CullingDecision(rating: StarRating(clamping: 4), flag: .picked, labels: [.red])
  let inProcess = medianNanoseconds(runs: 21) {
    guard let packet = try? XMPPacket(parsing: Array(longText.utf8)) else { return }
    packet.apply(decision)
    _ = try? packet.sidecarBytes()
  }
  report("sidecars.exempi_merge_long_history", inProcess / 1e6, "ms")
  let write = medianNanoseconds(runs: 21) {
    FileManager.default.createFile(atPath: long, contents: Data(longText.utf8))
    _ = try? SidecarStore(naming: .pictureName).write(decision, picture: root + "/long.CR2")
  }
  report("sidecars.write_long_history_sidecar", write / 1e6, "ms")
  for (name, tool, arguments) in [
    ("exiv2", "/usr/bin/exiv2", ["-M", "set Xmp.xmp.Rating 4", long]),
    ("exiftool", "/usr/bin/exiftool", ["-overwrite_original", "-XMP-xmp:Rating=4", long]),
  ] {
    guard access(tool, X_OK) == 0 else {
      print("sidecars: no \(name) (make bench installs it)")
      continue
    }
    let time = medianNanoseconds(runs: 7) {
      FileManager.default.createFile(atPath: long, contents: Data(longText.utf8))
      _ = runTool(tool, arguments)
    }
    report("sidecars.\(name)_program_set_rating_long_history", time / 1e6, "ms")
  }
}

/// Asks the kernel to drop the cached pages of each file: the next read comes from disk.
private func dropPages(_ paths: [String]) {
  for path in paths {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { continue }
    posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
    close(descriptor)
  }
}

/// A sidecar as darktable 4.6 writes it for an edited raw, with `historySteps` steps.
private func darktableSidecar(rating: Int, historySteps: Int) -> String {
  let operations = [
    "rawprepare", "temperature", "highlights", "demosaic", "exposure", "colorin",
    "channelmixerrgb", "filmicrgb", "crop", "colorbalancergb", "sharpen", "denoiseprofile",
  ]
  let steps = (0..<historySteps).map { step in
    """
         <rdf:li darktable:num="\(step)" darktable:operation="\(operations[step % operations.count])"
          darktable:enabled="1" darktable:modversion="3"
          darktable:params="0000e0400000803f0000c03f0000807f\(String(step, radix: 16))"
          darktable:multi_name="" darktable:multi_name_hand_edited="0" darktable:multi_priority="0"
          darktable:blendop_version="14"
          darktable:blendop_params="gz08eJxjYGBgYAFiCQYYOOHEgAZY0QVwggZ7CB6pfOygYQIAWpwEZQ=="/>
    """
  }.joined(separator: "\n")
  return """
    <?xml version="1.0" encoding="UTF-8"?>
    <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
     <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
        xmlns:darktable="http://darktable.sf.net/" xmp:Rating="\(rating)"
        darktable:xmp_version="5" darktable:history_end="\(historySteps)">
       <darktable:history>
        <rdf:Seq>
    \(steps)
        </rdf:Seq>
       </darktable:history>
       <darktable:colorlabels><rdf:Seq><rdf:li>0</rdf:li></rdf:Seq></darktable:colorlabels>
      </rdf:Description>
     </rdf:RDF>
    </x:xmpmeta>

    """
}
