import Foundation
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `--print --format json` gives what the index holds of each picture, read from a JPEG
/// exiftool wrote every detail into.
@Suite(.enabled(if: access("/usr/bin/exiftool", X_OK) == 0, "needs exiftool"))
struct PrintDetailsJSONTests {
  /// The items of the JSON `--print --format json` writes for `folder`, by name.
  static func items(_ folder: String) async throws -> [String: [String: Any]] {
    // It waits for its readers: on a thread of its own, not the test's.
    let (output, _) = try await Waiting.onOwnThread {
      try PrintLaunchTests.print(["--format", "json", folder])
    }
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let elements = try #require(document["elements"] as? [[String: Any]])
    var items: [String: [String: Any]] = [:]
    for element in elements where element["kind"] as? String == "item" {
      items[element["name"] as? String ?? ""] = element
    }
    return items
  }

  @Test func aJPEGsEXIFAndGPSAreInItsObject() async throws {
    let files = FolderFixture()
    let asset = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/office-1.jpg")
    let path = files.file("Shots/tagged.jpg", [UInt8](try Data(contentsOf: asset)))
    files.text("Shots/plain \"quoted\".jpg", "")
    let tagged = try await Subprocess.run(
      [
        "/usr/bin/exiftool", "-q", "-overwrite_original", "-n", "-Make=Gallery \"Cams\"",
        "-Model=GX 1", "-LensModel=Zoom 24-70mm F2.8", "-ExposureTime=0.004", "-FNumber=2.8",
        "-ISO=400", "-FocalLength=35", "-DateTimeOriginal=2024:08:03 14:30:00",
        "-OffsetTimeOriginal=+09:00", "-GPSLatitude=35.6586", "-GPSLatitudeRef=N",
        "-GPSLongitude=139.7454", "-GPSLongitudeRef=W", "-GPSAltitude=40", "-GPSAltitudeRef=0",
        "-Orientation=6", "-SubjectArea=256 171 100 50", path,
      ])
    try #require(tagged.status == 0, "\(tagged.errors)")
    let items = try await Self.items(files.path("Shots"))
    let item = try #require(items["tagged.jpg"])
    #expect(item["taken"] as? String == "2024-08-03T14:30:00+09:00")
    let camera = try #require(item["camera"] as? [String: Any])
    #expect(camera["make"] as? String == "Gallery \"Cams\"")
    #expect(camera["model"] as? String == "GX 1")
    #expect(item["lens"] as? String == "Zoom 24-70mm F2.8")
    let exposure = try #require(item["exposure"] as? [String: Any])
    #expect(exposure["seconds"] as? Double == 0.004)
    #expect(exposure["fNumber"] as? Double == 2.8)
    #expect(exposure["iso"] as? Int == 400)
    #expect(exposure["focalLength"] as? Double == 35)
    let position = try #require(item["position"] as? [String: Any])
    #expect(position["latitude"] as? Double == 35.6586)
    #expect(position["longitude"] as? Double == -139.7454)
    #expect(position["altitude"] as? Double == 40)
    // Orientation 6 turns the stored 1024×683 a quarter: shown 683 wide.
    let size = try #require(item["size"] as? [String: Any])
    #expect(size["width"] as? Int == 683)
    #expect(size["height"] as? Int == 1024)
    #expect(item["orientation"] as? Int == 6)
    #expect(item["codec"] is NSNull)
    // The focus point a quarter across and a quarter down the stored picture, turned with
    // it: three quarters across the shown one (1 - 171/683), its area turned too.
    let focus = try #require(item["focusPoint"] as? [String: Any])
    #expect(focus["x"] as? Double == 0.7496)
    #expect(focus["y"] as? Double == 0.25)
    #expect(focus["width"] as? Double == 0.0732)
    #expect(focus["height"] as? Double == 0.0977)
    // The keys that were there before are kept.
    #expect(item["format"] as? String == "jpeg")
    #expect(item["duration"] is NSNull)
    // A picture whose head says nothing: nulls, and a valid document around its name.
    let bare = try #require(items["plain \"quoted\".jpg"])
    for key in [
      "taken", "camera", "lens", "exposure", "position", "size", "codec", "focusPoint",
    ] {
      #expect(bare[key] is NSNull, "\(key)")
    }
  }
}
