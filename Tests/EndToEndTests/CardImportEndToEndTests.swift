import Foundation
import TestSupport
import Testing

/// The import of a card from the browser in tmux: a made card (`DCIM/100TEST` with a few
/// JPEGs) opened, `I` on one of its pictures, the destination accepted, the preview
/// shown, Enter, then the summary in the status line and the imported pictures shown,
/// their files at the destination.
@Suite struct CardImportEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// A JPEG of its own bytes: pixels of `number`, and a comment naming it.
  static func jpeg(_ number: Int) -> [UInt8] {
    var rgba = [UInt8](repeating: 0, count: 32 * 24 * 4)
    for index in rgba.indices { rgba[index] = UInt8(truncatingIfNeeded: index &* (number + 7)) }
    let jpeg = MadeJPEG.encode(rgba, width: 32, height: 24, quality: 90)
    let comment = Array("picture \(number)".utf8)
    let length = comment.count + 2
    return Array(jpeg[..<2]) + [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)]
      + comment + Array(jpeg[2...])
  }

  /// Every regular file under `folder`, by its name, with its bytes.
  static func files(under folder: String) -> [String: Data] {
    var found: [String: Data] = [:]
    let walker = FileManager.default.enumerator(atPath: folder)
    while let relative = walker?.nextObject() as? String {
      let path = folder + "/" + relative
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
        !isFolder.boolValue,
        let data = FileManager.default.contents(atPath: path)
      else { continue }
      found[(relative as NSString).lastPathComponent] = data
    }
    return found
  }

  @Test func aCardIsImportedFromTheBrowserAndItsPicturesShown() async throws {
    let tmux = try await Tmux.start(width: 120, height: 36)
    defer { tmux.kill() }
    let root = tmux.directory.path
    let camera = root + "/card/DCIM/100TEST"
    let destination = root + "/Pictures"
    try FileManager.default.createDirectory(atPath: camera, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
    let names = ["IMG_0001.JPG", "IMG_0002.JPG", "IMG_0003.JPG"]
    var written: [String: Data] = [:]
    for (number, name) in names.enumerated() {
      let bytes = Data(Self.jpeg(number + 1))
      written[name] = bytes
      try bytes.write(to: URL(fileURLWithPath: camera + "/" + name))
    }
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run("stty -g > stty.before")
    try await tmux.run(
      "HOME=\(root) XDG_CONFIG_HOME=\(root)/config XDG_CACHE_HOME=\(root)/cache "
        + "XDG_DATA_HOME=\(root)/data TERM=xterm-256color \(binary) --graphics cells "
        + "--layout grid \(camera)")
    try await tmux.waitUntil(deadline: .seconds(30), "the card's pictures") {
      E2E.isDrawn($0) && E2E.statusLine($0).contains("IMG_0001.JPG")
    }
    try await tmux.sendKeys("I")
    try await tmux.waitUntil("the destination prompt") {
      E2E.statusLine($0).contains("import \(root)/card to: ~/Pictures")
    }
    try await tmux.sendKeys("Enter")
    let preview = try await tmux.waitUntil(deadline: .seconds(30), "the preview") {
      $0.contains("would import 3 files") && $0.contains("Enter imports, Esc cancels")
    }
    #expect(preview.contains("DCIM/100TEST/IMG_0001.JPG"), "\(preview)")
    #expect(Self.files(under: destination).isEmpty)
    try await tmux.sendKeys("Enter")
    let done = try await tmux.waitUntil(deadline: .seconds(60), "the summary") {
      E2E.statusLine($0).contains("import: imported 3 files")
    }
    #expect(E2E.statusLine(done).contains("0 already imported, 0 failed"), "\(done)")
    #expect(E2E.statusLine(done).contains("showing"), "\(done)")
    let copies = Self.files(under: destination)
    #expect(copies == written, "\(copies.keys.sorted())")
    // The pictures shown are the copies, under their day's folder, not the card's.
    let day = try #require(
      FileManager.default.subpaths(atPath: destination)?.first { $0.hasSuffix("/IMG_0001.JPG") })
    let dayFolder = ((day as NSString).deletingLastPathComponent as NSString).lastPathComponent
    try await tmux.waitUntil(deadline: .seconds(15), "the copies shown") {
      $0.contains(dayFolder) && !$0.contains("100TEST") && E2E.statusLine($0).contains("IMG_0001")
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }
}
