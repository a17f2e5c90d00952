import Foundation
import Gallery
import Pictures
import SystemSupport
import TestSupport
import Testing
import Thumbnails

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// A turned PNG or lossless WebP looks turned in other programs too: its pixels are
/// turned, checked pixel for pixel against ImageMagick's own `-rotate` and `-flop`, with
/// no orientation tag left for them to ignore; undo, and a turn back, give the file its
/// very bytes again.
@Suite(.enabled(if: access("/usr/bin/convert-im6.q16", X_OK) == 0, "needs ImageMagick"))
struct TurnPixelsTests {
  static let convert = "/usr/bin/convert-im6.q16"
  static let compare = "/usr/bin/compare-im6.q16"
  static let identify = "/usr/bin/identify-im6.q16"

  static func actor(_ files: FolderFixture) -> FileActor {
    FileActor(
      ordering: SectionOrdering(roots: [ScanRoot(path: files.path("Photos"))]),
      home: files.path("home"),
      trash: Trash(home: files.path("home"), dataHome: files.path("data"), uid: getuid()))
  }

  /// A 7×5 picture with a colour in three corners, so every wrong turn shows, written by
  /// ImageMagick with `options` (a format prefix such as `PNG8:` goes in `prefix`).
  static func picture(at path: String, prefix: String = "", _ options: [String] = [])
    async throws
  {
    let made = try await Subprocess.run(
      [
        convert, "-size", "7x5", "xc:white", "-fill", "red", "-draw", "point 0,0", "-fill",
        "blue", "-draw", "point 6,0", "-fill", "lime", "-draw", "point 0,4", "-set", "comment",
        "kept",
      ] + options + [prefix + path])
    try #require(made.status == 0, "\(made.errors)")
  }

  /// How many pixels of `a` and `b` differ, by ImageMagick's `compare` (nil: it could not).
  static func differing(_ a: String, _ b: String) async throws -> String {
    let outcome = try await Subprocess.run([compare, "-metric", "AE", a, b, "null:"])
    return outcome.errors.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func identify(_ format: String, _ path: String) async throws -> String {
    try await Subprocess.run([identify, "-format", format, path]).output
  }

  static let variants: [(name: String, prefix: String, options: [String])] = [
    ("rgb.png", "PNG24:", []), ("rgba.png", "PNG32:", ["-alpha", "set"]),
    ("palette.png", "PNG8:", []), ("deep.png", "PNG48:", []), ("deep-alpha.png", "PNG64:", []),
    ("grey.png", "", ["-colorspace", "Gray", "-depth", "4"]),
    ("bilevel.png", "", ["-type", "Bilevel"]), ("interlaced.png", "", ["-interlace", "PNG"]),
    ("lossless.webp", "", ["-define", "webp:lossless=true"]),
  ]

  @Test(arguments: [PictureTurn.right, .left, .flipHorizontal, .flipVertical])
  func aTurnedPictureLooksTurnedToImageMagick(turn: PictureTurn) async throws {
    let files = FolderFixture()
    files.folder("Photos")
    let actor = Self.actor(files)
    let operation =
      switch turn {
      case .right: ["-rotate", "90"]
      case .left: ["-rotate", "-90"]
      case .flipHorizontal: ["-flop"]
      case .flipVertical: ["-flip"]
      }
    for variant in Self.variants {
      let path = files.path("Photos/" + variant.name)
      try await Self.picture(at: path, prefix: variant.prefix, variant.options)
      let reference = files.path("reference-" + variant.name + ".png")
      let turned = try await Subprocess.run([Self.convert, path] + operation + [reference])
      try #require(turned.status == 0, "\(turned.errors)")
      let original = try #require(OnDisk.bytes(path))

      let report = actor.carryOut(.turn([path], turn))
      #expect(!report.isFailure, "\(variant.name): \(report.summary)")
      #expect(try await Self.differing(path, reference) == "0", "\(variant.name) \(turn)")
      let size = try await Self.identify("%w×%h", path)
      #expect(size == (turn == .left || turn == .right ? "5×7" : "7×5"), "\(variant.name)")
      // No orientation left for a viewer to honour or ignore, and the text kept.
      #expect(ExifOrientation.read(from: OnDisk.bytes(path) ?? []) ?? .normal == .normal)
      if variant.name.hasSuffix(".png") {
        #expect(try await Self.identify("%c", path) == "kept", "\(variant.name)")
      }

      let undone = actor.carryOut(.undo)
      #expect(!undone.isFailure, "\(undone.summary)")
      #expect(OnDisk.bytes(path) == original, "\(variant.name): undo gives the bytes back")
    }
  }

  /// A turn and the turn back (`>` then `<`, `|` twice) give the file its bytes back, a
  /// JPEG without an upright tag added and a PNG as it was stored, not stored anew.
  @Test(arguments: ["a.jpg", "a.png"])
  func aTurnBackGivesTheBytesBack(name: String) async throws {
    let files = FolderFixture()
    files.folder("Photos")
    let path = files.path("Photos/" + name)
    try await Self.picture(at: path)
    let original = try #require(OnDisk.bytes(path))
    let before = try #require(FileVersion.at(path))
    let actor = Self.actor(files)
    #expect(!actor.carryOut(.turn([path], .right)).isFailure)
    #expect(!actor.carryOut(.turn([path], .flipHorizontal)).isFailure)
    #expect(OnDisk.bytes(path) != original)
    #expect(!actor.carryOut(.turn([path], .flipHorizontal)).isFailure)
    #expect(!actor.carryOut(.turn([path], .left)).isFailure)
    #expect(OnDisk.bytes(path) == original)
    #expect(FileVersion.at(path)?.modified.tv_sec == before.modified.tv_sec)
    // Undo of the last turn takes it to where that turn found it.
    #expect(!actor.carryOut(.undo).isFailure)
    let shown = try ImageDecoder().metadata(path: path)
    #expect((shown.displayWidth, shown.displayHeight) == (5, 7))
  }

  @Test func aLossyWebPIsRefusedWithTheReason() async throws {
    let files = FolderFixture()
    files.folder("Photos")
    let path = files.path("Photos/a.webp")
    try await Self.picture(at: path, ["-quality", "80"])
    let original = OnDisk.bytes(path)
    let report = Self.actor(files).carryOut(.turn([path], .right))
    #expect(report.isFailure)
    #expect(
      report.summary
        == "a.webp cannot be turned: a lossy WebP cannot be turned without losing detail",
      "\(report.summary)")
    #expect(OnDisk.bytes(path) == original)
  }
}
