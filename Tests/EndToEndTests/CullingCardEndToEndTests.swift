import Foundation
import TestSupport
import Testing

/// A whole card culled as a photographer culls one, in tmux and in kitty: 100 pictures
/// (40 JPEGs, 30 RAW+JPEG pairs, 30 raws alone) each given stars, a reject, a pick or a
/// label with Lightroom's keys, moving on after each (`auto-advance`); the rejects
/// trashed in one confirmed step and brought back by one `U`; then every sidecar read
/// back by exiftool and by exiv2, the libraries the editors read them with.
@Suite struct CullingCardEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// What the editors should read for the picture at `index` (the card's order: by name).
  struct Expected: Equatable {
    var key: String
    /// `xmp:Rating`: −1 for a reject, else the stars (0 for none).
    var rating: Int
    /// `xmp:Label`.
    var label: String?
    /// `digiKam:PickLabel`: 1 rejected, 3 picked.
    var pick: Int?
  }

  static let count = 100

  static func expected(_ index: Int) -> Expected {
    switch index % 10 {
    case 0: Expected(key: "X", rating: -1, label: nil, pick: 1)
    case 1: Expected(key: "5", rating: 5, label: nil, pick: nil)
    case 2: Expected(key: "4", rating: 4, label: nil, pick: nil)
    case 3: Expected(key: "3", rating: 3, label: nil, pick: nil)
    case 4: Expected(key: "6", rating: 0, label: "Red", pick: nil)
    case 5: Expected(key: "8", rating: 0, label: "Green", pick: nil)
    case 6: Expected(key: "P", rating: 0, label: nil, pick: 3)
    case 7: Expected(key: "1", rating: 1, label: nil, pick: nil)
    case 8: Expected(key: "2", rating: 2, label: nil, pick: nil)
    default: Expected(key: "7", rating: 0, label: "Yellow", pick: nil)
    }
  }

  /// `IMG_0001` … `IMG_0100`.
  static func stem(_ index: Int) -> String { String(format: "IMG_%04d", index + 1) }

  /// The picture's files: a JPEG (the first 40), a raw and a JPEG (the next 30), a raw.
  static func files(_ index: Int) -> [String] {
    let stem = stem(index)
    switch index {
    case ..<40: return [stem + ".JPG"]
    case ..<70: return [stem + ".NEF", stem + ".JPG"]
    default: return [stem + ".NEF"]
    }
  }

  /// The sidecars a decision on the picture makes (`sidecar-names = automatic`): the
  /// JPEG's `NAME.JPG.xmp`; a camera's raw file both `NAME.NEF.xmp` and `NAME.xmp`.
  static func sidecars(_ index: Int) -> [String] {
    files(index).flatMap { file -> [String] in
      file.hasSuffix(".NEF") ? [file + ".xmp", stem(index) + ".xmp"] : [file + ".xmp"]
    }
  }

  /// The card in `folder`: small JPEGs, and raws (DNG's bytes under a camera's name,
  /// as a NEF is a TIFF too) with a preview.
  static func makeCard(in folder: String) async throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let jpeg = folder + "/source.jpeg"
    let made = try await Subprocess.run([
      "convert", "-size", "120x80", "gradient:orange-navy", "-quality", "85", jpeg,
    ])
    try #require(made.status == 0, "ImageMagick made the JPEG: \(made.errors)")
    let jpegBytes = try Data(contentsOf: URL(fileURLWithPath: jpeg))
    try FileManager.default.removeItem(atPath: jpeg)
    let scene = [UInt8](repeating: 160, count: 240 * 160 * 4)
    let raw = Data(
      DNGWriter(width: 240, height: 160, scene: scene, preview: ([UInt8](jpegBytes), 120, 80))
        .bytes())
    for index in 0..<count {
      for file in files(index) {
        let bytes = file.hasSuffix(".NEF") ? raw : jpegBytes
        try bytes.write(to: URL(fileURLWithPath: folder + "/" + file))
      }
    }
  }

  /// Every key of the cull, in the card's order.
  static var keys: [String] { (0..<count).map { expected($0).key } }

  /// The pictures the keys reject.
  static var rejected: [Int] { (0..<count).filter { expected($0).rating == -1 } }

  static func names(_ folder: String) -> Set<String> {
    Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
  }

  /// Waits until `condition` holds of the files.
  static func waitFor(_ what: String, _ condition: () -> Bool) async throws {
    let held = await Waiting.until(timeout: .seconds(60), interval: .milliseconds(50)) {
      condition()
    }
    try #require(held, "the files: \(what)")
  }

  /// Every sidecar of the card is there, and nothing else beside the pictures.
  static func expectEverySidecar(in folder: String) async throws {
    let wanted = Set((0..<count).flatMap { files($0) + sidecars($0) })
    try await waitFor("every sidecar written") { names(folder) == wanted }
  }

  /// The rejects and their sidecars in the Trash, gone from the card.
  static func expectRejectsTrashed(card: String, trash: String) async throws {
    let gone = Set(rejected.flatMap { files($0) + sidecars($0) })
    try await waitFor("the rejects in the Trash") {
      names(trash + "/files") == gone && names(card).isDisjoint(with: gone)
    }
    #expect(names(trash + "/info") == Set(gone.map { $0 + ".trashinfo" }))
  }

  /// What exiftool (`-n`: numbers as written) and exiv2 read of every sidecar agrees with
  /// the keys given.
  static func expectEditorsReadEveryDecision(in folder: String) async throws {
    let sidecarNames = (0..<count).flatMap { sidecars($0) }
    let exiftool = try await Subprocess.run(
      [
        "exiftool", "-j", "-n", "-XMP-xmp:Rating", "-XMP-xmp:Label", "-XMP-digiKam:PickLabel",
      ] + sidecarNames, directory: folder)
    try #require(exiftool.status == 0, "exiftool: \(exiftool.errors)")
    let json = try JSONSerialization.jsonObject(with: Data(exiftool.output.utf8))
    let objects = try #require(json as? [[String: Any]])
    var readByExiftool: [String: Expected] = [:]
    for object in objects {
      guard let file = object["SourceFile"] as? String else { continue }
      readByExiftool[file] = Expected(
        key: "", rating: (object["Rating"] as? Int) ?? 99,
        label: object["Label"] as? String, pick: object["PickLabel"] as? Int)
    }
    let exiv2 = try await Subprocess.run(
      ["exiv2", "-q", "-K", "Xmp.xmp.Rating", "-K", "Xmp.xmp.Label", "-K", "Xmp.digiKam.PickLabel"]
        + ["-Pkv"] + sidecarNames, directory: folder)
    try #require(exiv2.status == 0, "exiv2: \(exiv2.errors)")
    var readByExiv2: [String: Expected] = [:]
    for line in exiv2.output.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
      guard fields.count >= 3 else { continue }
      var read = readByExiv2[fields[0]] ?? Expected(key: "", rating: 99, label: nil, pick: nil)
      switch fields[1] {
      case "Xmp.xmp.Rating": read.rating = Int(fields[2]) ?? 98
      case "Xmp.xmp.Label": read.label = fields[2]
      case "Xmp.digiKam.PickLabel": read.pick = Int(fields[2])
      default: break
      }
      readByExiv2[fields[0]] = read
    }
    var wrong: [String] = []
    for index in 0..<count {
      var want = expected(index)
      want.key = ""
      for sidecar in sidecars(index) {
        if readByExiftool[sidecar] != want { wrong.append("exiftool \(sidecar)") }
        if readByExiv2[sidecar] != want { wrong.append("exiv2 \(sidecar)") }
      }
    }
    #expect(
      wrong.isEmpty,
      "\(wrong.count) read otherwise, the first: \(wrong.prefix(4)); exiv2 said:\n\(exiv2.output.prefix(600))"
    )
  }

  /// The configuration: move on after each decision, every frame on its own. The card's
  /// frames are alike and a second apart, so they would stack; this culls them one by one
  /// (stacks are `StacksEndToEndTests`').
  static func configure(home: URL) throws {
    let folder = home.appendingPathComponent(".config/gallery")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("auto-advance = yes\nstacks = no\n".utf8).write(
      to: folder.appendingPathComponent("config"))
  }

  @Test func aCardIsCulledInTmuxAndTheEditorsReadEveryDecision() async throws {
    let tmux = try await Tmux.start(width: 120, height: 40)
    defer { tmux.kill() }
    let home = tmux.directory
    let card = home.appendingPathComponent("card").path
    let trash = home.appendingPathComponent(".local/share/Trash").path
    try await Self.makeCard(in: card)
    try Self.configure(home: home)
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run("stty -g > stty.before")
    try await tmux.run("TERM=xterm-256color \(binary) --no-cache --graphics cells card")
    try await tmux.waitUntil(deadline: .seconds(30), "the card, the first picture focused") {
      E2E.isDrawn($0) && E2E.statusLine($0).contains("IMG_0001.JPG")
        && $0.contains("100 pictures")
    }
    try await tmux.type(Self.keys.joined())
    try await tmux.waitUntil(deadline: .seconds(30), "the last decision") {
      E2E.statusLine($0).contains("IMG_0100.NEF  yellow label on")
    }
    try await Self.expectEverySidecar(in: card)

    try await tmux.sendKeys("D")
    try await tmux.waitUntil("the question") {
      E2E.statusLine($0).contains("move 10 rejected pictures (13 files: 6 raw) in the gallery")
    }
    try await tmux.sendKeys("y")
    try await Self.expectRejectsTrashed(card: card, trash: trash)
    try await tmux.waitUntil("90 pictures left") {
      E2E.statusLine($0).contains("moved to the Trash") && E2E.statusLine($0).contains("/90 ")
    }
    try await tmux.sendKeys("U")
    try await tmux.waitUntil("the rejects back") {
      E2E.statusLine($0).contains("undone") && E2E.statusLine($0).contains("/100 ")
    }
    try await Self.expectEverySidecar(in: card)
    #expect(Self.names(trash + "/files").isEmpty)

    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
    try await Self.expectEditorsReadEveryDecision(in: card)
  }

  @Test(.enabled(if: XTerminal.shouldRun, "X is not available"))
  func aCardIsCulledInKittyAndTheEditorsReadEveryDecision() async throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-card-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let card = scratch.appendingPathComponent("card").path
    let trash = scratch.appendingPathComponent("data/Trash").path
    let trace = scratch.appendingPathComponent("trace").path
    try await Self.makeCard(in: card)
    try Self.configure(home: scratch)
    let binary = try BuiltProduct.path("gallery")
    let environment = [
      "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.path + "/.config",
      "XDG_DATA_HOME": scratch.path + "/data", "XDG_STATE_HOME": scratch.path + "/state",
      "XDG_CACHE_HOME": scratch.path + "/cache", "TERM": "xterm-kitty", "GALLERY_TRACE": trace,
    ].map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
    let terminal = try await XTerminal.launch(
      .kitty,
      command: "unset NO_COLOR; \(environment) \(binary) --graphics kitty \(card); sleep 30",
      columns: 120, rows: 40)
    defer { terminal.close() }
    // The card read and its first screen of pictures drawn, as the trace tells.
    try await terminal.poll("the first screen drawn", deadline: .seconds(60)) {
      let trace = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
      return trace.contains("screen_filled_realtime_ns")
    }
    _ = try await terminal.screenshot("card-kitty-start")
    try await terminal.x(
      ["xdotool", "key", "--window", terminal.window, "--delay", "30"] + Self.keys)
    try await Self.expectEverySidecar(in: card)
    _ = try await terminal.screenshot("card-kitty-culled")

    // The question comes with `D`, and `y` answers it: the keys are read in order.
    try await terminal.key("D", "y")
    try await Self.expectRejectsTrashed(card: card, trash: trash)
    try await terminal.key("U")
    try await Self.expectEverySidecar(in: card)
    #expect(Self.names(trash + "/files").isEmpty)
    _ = try await terminal.screenshot("card-kitty-undone")
    try await terminal.key("q")
    try await Self.expectEditorsReadEveryDecision(in: card)
  }
}
