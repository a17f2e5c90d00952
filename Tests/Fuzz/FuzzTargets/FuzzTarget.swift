/// A fuzz target: a check that any bytes at all must pass.
///
/// The same value runs under libFuzzer (`gallery-fuzz --target=NAME`, which `make fuzz`
/// builds with AddressSanitizer), in the replay of `Tests/FuzzRegressions/NAME/` that
/// `make test` runs, and on the seeds the tests write. `run` throws a `FuzzFailure` when
/// an invariant breaks; a crash in the code under test (a trap, a memory error under the
/// sanitizer) is a failure too.
package struct FuzzTarget: Sendable {
  /// The name on the command line and of the target's folders.
  package let name: String
  /// What the target feeds its bytes to, for `gallery-fuzz` and CONTRIBUTING.md.
  package let summary: String
  private let check: @Sendable ([UInt8]) throws(FuzzFailure) -> Void

  init(
    _ name: String, _ summary: String,
    check: @escaping @Sendable ([UInt8]) throws(FuzzFailure) -> Void
  ) {
    self.name = name
    self.summary = summary
    self.check = check
  }

  /// Feeds `bytes` to the target's entry points and checks what comes back.
  package func run(_ bytes: [UInt8]) throws(FuzzFailure) { try check(bytes) }

  /// Every target, in the order `make fuzz` runs them.
  ///
  /// A new parser of outside bytes joins here, in a file of its own (or as a stage of
  /// `terminal-bytes` for bytes from the terminal). A new picture format needs nothing:
  /// `image` reaches it through `ImageDecoder`'s sniffing.
  package static let all: [FuzzTarget] = [
    .image, .jpeg, .jpegPart, .png, .exif, .preview, .svg, .raw, .video, .favorites, .config,
    .stateFile,
    .indexFile, .orientation, .pixelTurn, .terminalBytes, .headDetails,
    .frameDiff, .searchQuery, .xmpPacket, .embeddedCulling, .xmpInFile,
  ]

  /// The target called `name`, if any.
  package static func named(_ name: String) -> FuzzTarget? {
    all.first { $0.name == name }
  }
}
