import Foundation

/// Locates the programs `swift build` made, for the tests that run them (the end-to-end
/// tests' `gallery` and `curses-demo`, the fault injection's `gallery-move-probe`).
package enum BuiltProduct {
  /// The package root: two levels up from this file (`Tests/TestSupport/BuiltProduct.swift`).
  package static func packageRoot() -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// The path of `.build/debug/<name>`, or a failure telling how to build it.
  package static func path(_ name: String) throws -> String {
    let url = packageRoot().appendingPathComponent(".build/debug/\(name)")
    guard FileManager.default.isExecutableFile(atPath: url.path) else {
      throw Subprocess.Failure(
        description:
          "\(url.path) is missing: build it first (`swift build --product \(name)`, or `make test`)"
      )
    }
    return url.path
  }
}
