import Foundation
import Gallery
import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Scan throughput: 100,000 small files in 100 folders (JPEG and PNG stubs and text
/// files), scanned with a warm page cache; the goal is a few seconds for all of them.
@MainActor let libraryBenchmarks = BenchmarkGroup(name: "library") {
  let folders = 100
  let filesPerFolder = 1_000
  let root = NSTemporaryDirectory() + "gallery-bench-library-\(getpid())"
  defer { try? FileManager.default.removeItem(atPath: root) }
  let generation = DispatchTime.now().uptimeNanoseconds
  guard makeLibraryTree(root: root, folders: folders, filesPerFolder: filesPerFolder) else {
    print("# library: cannot create \(root)")
    return
  }
  let generated = Double(DispatchTime.now().uptimeNanoseconds - generation)
  report("library.generate_100k_files", generated / 1e6, "ms")
  guard let scanner = try? LibraryScanner(folders: [root]) else { return }
  var library = Library()
  let nanoseconds = medianNanoseconds(runs: 5) { library = scanner.library() }
  let files = library.stats?.filesSeen ?? 0
  report("library.scan_files", Double(files), "files")
  report("library.scan_pictures", Double(library.pictureCount), "pictures")
  report("library.scan_sections", Double(library.sections.count), "sections")
  report("library.scan_100k_time", nanoseconds / 1e6, "ms")
  report("library.scan_throughput", Double(files) / (nanoseconds / 1e9), "files/s")
  report("library.scan_100k_vs_3s_goal", nanoseconds / 3e9, "ratio")
  let firstSection = medianNanoseconds(runs: 5) {
    var seen = false
    let cancellation = ScanCancellation()
    scanner.scan(cancellation: cancellation) { event in
      if case .section = event, !seen {
        seen = true
        cancellation.cancel()
      }
    }
  }
  report("library.first_section", firstSection / 1e6, "ms")
}

/// Writes `folders` × `filesPerFolder` files: 3 in 5 JPEG stubs, 1 in 5 PNG, 1 in 5 text.
private func makeLibraryTree(root: String, folders: Int, filesPerFolder: Int) -> Bool {
  let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01]
  let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]
  let text = Array("not a picture\n".utf8)
  guard mkdir(root, 0o755) == 0 else { return false }
  for folder in 0..<folders {
    let folderPath = root + "/album\(folder)"
    guard mkdir(folderPath, 0o755) == 0 else { return false }
    for index in 0..<filesPerFolder {
      let (name, bytes): (String, [UInt8]) =
        switch index % 5 {
        case 0, 1, 2: ("img\(index).jpg", jpeg)
        case 3: ("img\(index).png", png)
        default: ("notes\(index).txt", text)
        }
      let file = open(folderPath + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      guard file >= 0 else { return false }
      _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
      close(file)
    }
  }
  return true
}
