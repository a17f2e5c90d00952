import Dispatch
import Foundation
import Gallery
import GalleryRuntime
import LibraryIndex
import Pictures
import TerminalKit
import XMPSidecars

#if canImport(Glibc)
  import Glibc
#endif

/// XMP sidecars (`SidecarStore`): the ratings of 10,000 raws read from their sidecars
/// (darktable's, each with a 9-step history), the files' pages dropped from the page
/// cache first (`posix_fadvise`; the folder's entries stay cached), beside
/// `exiftool -fast -XMP:Rating` on the same files, dropped the same way (the goal: the
/// gallery at most a tenth of exiftool's time), and the gallery's again with the pages
/// cached, and with the decisions kept in the library index (a next start's). Then one
/// decision merged into darktable's
/// sidecar of a picture edited 500 times, by Exempi in the process and by the `exiv2`
/// and `exiftool` programs (each a process a file, as a script would run them). Last, a
/// rating key in a gallery of 100 pictures, from the key to the frame drawn and to its
/// sidecar on disk, written by the keeper the gallery runs (goals: 5 ms and 50 ms).
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
  // The next start's: the decisions kept in the library index, each picture's files
  // only looked at (`SidecarStamp`) to see they have not changed.
  if let index = PictureIndex.open(at: root + "/library.sqlite").index {
    let pictures = (0..<count).map { root + "/IMG_\($0).CR2" }
    index.record(
      pictures.map {
        IndexEntry(IndexStamp(path: $0, byteSize: 0, modifiedNanoseconds: 0), PictureDetails())
      })
    let keeper = SidecarKeeper(store: store, memo: DecisionMemo(index: index))
    _ = keeper.readAll(pictures)
    let kept = medianNanoseconds(runs: 3) { _ = keeper.readAll(pictures) }
    report("sidecars.read_ratings_10k_index_kept", kept / 1e6, "ms")
    report("sidecars.read_ratings_10k_index_share_of_warm", kept / warm, "x")
    index.close()
  }
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
  rateKeyToSidecar(root: root + "/rated")
}

/// A rating key given to a gallery of 100 pictures, 60 times, the focus moved on
/// between them: the key to its frame composed, and the key to the sidecar written by
/// the gallery's own keeper (`SidecarKeeper`, on its thread) and flushed.
@MainActor private func rateKeyToSidecar(root: String) {
  guard ScaleBench.makeFolder(root: root, folders: 1, perFolder: 100) != nil,
    let scanner = try? LibraryScanner(folders: [root])
  else {
    print("sidecars: cannot make the folder to rate in")
    return
  }
  var state = GalleryState(library: scanner.library(), width: 160, height: 50)
  _ = state.update(.resize(width: 160, height: 50, cellAspect: 2))
  let keeper = SidecarKeeper(store: SidecarStore())
  var drawn: [Double] = []
  var written: [Double] = []
  for index in 0..<60 {
    let start = DispatchTime.now().uptimeNanoseconds
    let commands = state.update(.key(.character(Character(String(index % 5 + 1)))))
    _ = GalleryView.render(state)
    drawn.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    for case .writeDecisions(let decisions) in commands {
      keeper.write(decisions) { problem in print("sidecars: \(problem)") }
    }
    let done = DispatchSemaphore(value: 0)
    keeper.afterWrites { done.signal() }
    done.wait()
    written.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    _ = state.update(.key(.right))
  }
  keeper.finish()
  drawn.sort()
  written.sort()
  report("sidecars.rate_key_drawn_median", drawn[drawn.count / 2] / 1e6, "ms")
  report("sidecars.rate_key_drawn_p95", drawn[drawn.count * 95 / 100] / 1e6, "ms")
  report("sidecars.rate_key_to_sidecar_median", written[written.count / 2] / 1e6, "ms")
  report("sidecars.rate_key_to_sidecar_p95", written[written.count * 95 / 100] / 1e6, "ms")
  report(
    "sidecars.rate_key_to_sidecar_p95_vs_50ms_goal", written[written.count * 95 / 100] / 50e6,
    "ratio")
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
