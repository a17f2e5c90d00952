import Foundation
import TestSupport
import Testing

/// A machine without one of the libraries opened on first use (here librsvg, hidden in
/// a mount namespace of the test's own by an empty file bound over it) starts, shows
/// what it can, and says for the rest what is missing and which package brings it; the
/// library index does not keep that, so the pictures show once the library is back.
// Whether a user namespace with its own mounts can be made (`unshare -rm`): Debian allows
// it to users by default; some containers do not.
@Suite(
  .enabled {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
    // A file bound over another, as the test does: some systems allow the namespace and
    // refuse the mount.
    let scratch = NSTemporaryDirectory() + "gallery-unshare-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    FileManager.default.createFile(atPath: scratch, contents: Data("x".utf8))
    let namespace = try await Subprocess.run([
      "/usr/bin/unshare", "-rm", "/bin/sh", "-c", "mount --bind /dev/null \"$0\"", scratch,
    ])
    return namespace.status == 0
  })
struct MissingLibraryEndToEndTests {
  @Test func aMissingSVGLibraryIsNamedAndNotRemembered() async throws {
    let folder = try await SVGEndToEndTests.icons()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let cache = NSTemporaryDirectory() + "gallery-missing-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: cache) }
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = cache
    // No settings of the user's change what is printed.
    environment["XDG_CONFIG_HOME"] = cache + "/config"
    environment["LANG"] = "C.UTF-8"
    let gallery = try BuiltProduct.path("gallery")
    let print = [gallery, "--print", "--format", "json", "--size", "100x30", folder]
    // Every file named librsvg-2.so.2 the loader could find, covered by an empty one.
    let hidden = try await Subprocess.run(
      [
        "/usr/bin/unshare", "-rm", "/bin/sh", "-c",
        #"for f in $(/sbin/ldconfig -p | awk '/librsvg-2\.so\.2 /{print $NF}'); do "#
          + #"mount --bind /dev/null "$(readlink -f "$f")" || exit 9; done; exec "$@""#,
        "sh",
      ] + print, environment: environment)
    try #require(hidden.status == 0, "\(hidden.errors)")
    let reason =
      #""broken": "Showing SVG needs librsvg-2.so.2, which cannot be opened (apt install "#
      + #"librsvg2-2"#
    #expect(hidden.output.components(separatedBy: reason).count - 1 == 3, "\(hidden.output)")

    let restored = try await Subprocess.run(print, environment: environment)
    #expect(restored.status == 0, "\(restored.errors)")
    #expect(restored.output.components(separatedBy: #""format": "svg""#).count - 1 == 3)
    #expect(!restored.output.contains(#""broken": ""#), "\(restored.output)")
  }
}
