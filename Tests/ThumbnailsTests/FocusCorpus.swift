import Foundation
import TestSupport
import Testing

@testable import Thumbnails

/// Pictures of 64×48 pixels with a focus point written by exiftool (`SubjectArea`,
/// `SubjectLocation`, the EXIF size and orientation), once per test run; a missing tool
/// fails the tests that need its files.
enum FocusCorpus {
  static let making = Task { await make() }

  /// Each file's name and the tags exiftool writes into it (`-n`: numbers as written).
  static let files: [(name: String, tags: [String])] = [
    ("point.jpg", ["-SubjectArea=16 12"]),
    ("circle.jpg", ["-SubjectArea=16 12 10"]),
    ("rectangle.jpg", ["-SubjectArea=16 12 10 8"]),
    ("location.jpg", ["-SubjectLocation=48 36"]),
    ("both.jpg", ["-SubjectArea=16 12", "-SubjectLocation=48 36"]),
    ("turned.jpg", ["-SubjectArea=16 12 10 8", "-Orientation=6"]),
    // A phone's numbers on a copy scaled down since: fractions of the EXIF size.
    (
      "scaled.jpg",
      ["-SubjectArea=1008 756 400 300", "-ExifImageWidth=4032", "-ExifImageHeight=3024"]
    ),
    // Hostile or stale values.
    ("five-values.jpg", ["-SubjectArea=16 12 10 8 5"]),
    ("outside.jpg", ["-SubjectArea=100 12"]),
    ("outside-location-inside.jpg", ["-SubjectArea=100 12", "-SubjectLocation=48 36"]),
    ("huge-area.jpg", ["-SubjectArea=16 12 1000 8"]),
    ("zero-size.jpg", ["-SubjectArea=16 12", "-ExifImageWidth=0", "-ExifImageHeight=0"]),
    ("sides-swapped.jpg", ["-SubjectArea=16 12", "-ExifImageWidth=3024", "-ExifImageHeight=4032"]),
    ("none.jpg", []),
  ]

  static func path(_ name: String, sourceLocation: SourceLocation = #_sourceLocation)
    async throws -> String
  {
    try CorpusFiles.path(name, in: await making.value, sourceLocation: sourceLocation)
  }

  private static func make() async -> (folder: String, problems: [String]) {
    let folder = Fixtures.makeFolder("focus")
    var problems: [String] = []
    func exiftool(_ tags: [String], _ source: String, _ out: String) async {
      if let problem = await Tools.run(
        "exiftool", ["-q", "-n"] + tags + ["-o", out, source], in: folder)
      {
        problems.append(problem)
      }
    }
    let image = Fixtures.quadrants(width: 64, height: 48)
    Fixtures.write(Fixtures.jpeg(image), "plain.jpg", in: folder)
    Fixtures.write(Fixtures.png(image, kind: .rgba), "plain.png", in: folder)
    Fixtures.write(RawHeaders.bytes(.dng, variant: 3), "plain.dng", in: folder)
    for file in files where !file.tags.isEmpty {
      await exiftool(file.tags, "plain.jpg", file.name)
    }
    await exiftool(["-SubjectArea=16 12 10 8", "-Orientation=6"], "plain.png", "turned.png")
    func run(_ tool: String, _ arguments: [String]) async {
      if let problem = await Tools.run(tool, arguments, in: folder) { problems.append(problem) }
    }
    await run("convert", ["plain.png", "plain.tif"])
    await exiftool(["-SubjectArea=16 12 10 8", "-Orientation=6"], "plain.tif", "turned.tif")
    await run("cjxl", ["--quiet", "turned.jpg", "turned.jxl"])
    // heif-enc keeps the JPEG's EXIF and turns nothing: libheif shows it as stored.
    await run("heif-enc", ["-q", "90", "turned.jpg", "-o", "turned.heic"])
    await exiftool(["-SubjectLocation=16 12"], "plain.dng", "located.dng")
    if let plain = FileManager.default.contents(atPath: folder + "/plain.jpg") {
      try? plain.write(to: URL(fileURLWithPath: folder + "/none.jpg"))
    }
    return (folder, problems)
  }
}
