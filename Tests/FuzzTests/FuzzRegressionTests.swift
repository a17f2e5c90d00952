import Foundation
import FuzzTargets
import Testing

/// Every input a fuzzer once failed on, kept in `Tests/FuzzRegressions/<target>/` and run
/// through the same target on every `make test`: what was fixed stays fixed.
@Suite struct FuzzRegressionTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

  /// The files kept for `target` (names starting with a dot and the README left out).
  static func inputs(of target: String) -> [URL] {
    let folder = folder.appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
  }

  @Test func everyFolderIsATarget() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
    for name in names where !name.hasPrefix(".") && name != "README.md" {
      #expect(FuzzTarget.named(name) != nil, "Tests/FuzzRegressions/\(name) names no target")
    }
  }

  @Test(arguments: FuzzTarget.all.map(\.name))
  func keptInputsPass(target name: String) throws {
    let target = try #require(FuzzTarget.named(name))
    for file in Self.inputs(of: name) {
      let bytes = try Data(contentsOf: file)
      #expect(throws: Never.self, "\(name)/\(file.lastPathComponent)") {
        try target.run(Array(bytes))
      }
    }
  }
}
