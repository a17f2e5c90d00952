import Foundation
import Pictures
import TestSupport
import Testing
import XMPSidecars

@testable import GalleryRuntime

/// `--print` reads the pictures' sidecars: JSON gives what they say, and a filter on
/// decisions finds the pictures they name.
@Suite struct PrintDecisionsTests {
  /// `shots/` of three JPEGs, `b.jpg` given four stars and the red label in its sidecar.
  static func shots(_ fixture: FolderFixture) throws -> String {
    for name in ["a", "b", "c"] { fixture.jpeg("shots/\(name).jpg") }
    let decided = CullingDecision(rating: StarRating(clamping: 4), flag: .none, labels: .red)
    try SidecarStore().write(decided, picture: fixture.path("shots/b.jpg"))
    return fixture.path("shots")
  }

  @Test func jsonGivesTheDecisionsTheSidecarsHold() throws {
    let fixture = FolderFixture()
    let folder = try Self.shots(fixture)
    let printed = try PrintLaunchTests.print(["--format", "json", folder])
    #expect(printed.errors.isEmpty, "the sidecar is no file left out: \(printed.errors)")
    #expect(
      printed.output.contains(#""rating": 4, "flag": null, "labels": ["red"]"#),
      "\(printed.output)")
  }

  @Test func aFilterOnRatingsFindsThePictureTheSidecarRates() throws {
    let fixture = FolderFixture()
    let folder = try Self.shots(fixture)
    let printed = try PrintLaunchTests.print([
      "--format", "plain", "--layout", "list", "--filter", "rating>=3", folder,
    ]).output
    #expect(printed.contains("b.jpg"), "\(printed)")
    #expect(!printed.contains("a.jpg") && !printed.contains("c.jpg"), "\(printed)")
  }
}
