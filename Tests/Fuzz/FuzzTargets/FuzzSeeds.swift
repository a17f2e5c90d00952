import Foundation

/// The seed corpus `make fuzz` starts from, written by the tests that own the fixtures.
///
/// Seeds are made fresh for each `make fuzz` rather than kept in the repository: they are
/// the tests' own fixtures (pictures encoded with TurboJPEG and libpng, favourites files
/// written by the store), so they follow the code when a format or a file changes, and
/// no binary files are kept. The tests check that every seed passes its target, so each
/// starts the fuzzer from an input that reaches deep into the code rather than one
/// rejected at the first byte.
package enum FuzzSeeds {
  /// The variable naming the folder seeds are written to; unset, nothing is written.
  package static let variable = "GALLERY_FUZZ_SEEDS"

  /// Runs `bytes` through `target` and, when `GALLERY_FUZZ_SEEDS` is set, writes them to
  /// `$GALLERY_FUZZ_SEEDS/<target>/<name>`.
  ///
  /// - Throws: the target's `FuzzFailure`, or the error that kept the seed from disk.
  package static func plant(_ bytes: [UInt8], named name: String, in target: FuzzTarget) throws {
    try target.run(bytes)
    guard let root = ProcessInfo.processInfo.environment[variable], !root.isEmpty else { return }
    let folder = URL(fileURLWithPath: root).appendingPathComponent(target.name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(bytes).write(to: folder.appendingPathComponent(name))
  }
}
