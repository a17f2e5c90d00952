/// The picture sets of the gallery, each in its own folder.
enum Theme: CaseIterable, Sendable {
  case office, kitchen, macBook, doodles

  var folder: String {
    switch self {
    case .office: return "Office"
    case .kitchen: return "Kitchen"
    case .macBook: return "MacBook"
    case .doodles: return "Doodles"
    }
  }

  var filePrefix: String {
    switch self {
    case .office: return "office"
    case .kitchen: return "kitchen"
    case .macBook: return "macbook"
    case .doodles: return "doodle"
    }
  }
}

/// How a picture is encoded.
enum AssetFormat: Sendable {
  case jpeg(progressive: Bool)
  /// PNG; with `alpha` the background is left transparent.
  case png(alpha: Bool)

  var fileExtension: String {
    switch self {
    case .jpeg: return "jpg"
    case .png: return "png"
    }
  }

  var label: String {
    switch self {
    case .jpeg(let progressive): return progressive ? "JPEG progressive" : "JPEG baseline"
    case .png(let alpha): return alpha ? "PNG RGBA" : "PNG RGB"
    }
  }
}

/// One picture to draw: which set, which one, its size and encoding.
struct AssetSpec: Sendable {
  var theme: Theme
  /// 1-based number within the set.
  var number: Int
  var width: Int
  var height: Int
  var format: AssetFormat
  var exif: ExifInfo? = nil

  /// The path under the output folder, e.g. `Office/office-3.jpg`.
  var relativePath: String {
    "\(theme.folder)/\(theme.filePrefix)-\(number).\(format.fileExtension)"
  }
}

/// Every asset, in order. Sizes and formats are fixed here rather than drawn at random so
/// the mix (baseline, progressive, PNG, alpha, portrait, EXIF) is easy to read and keep.
enum Catalog {
  static let jpegQuality = 80

  static var all: [AssetSpec] {
    make(.office, office) + make(.kitchen, kitchen) + make(.macBook, macBook)
      + make(.doodles, doodles)
  }

  private typealias Row = (width: Int, height: Int, format: AssetFormat, exif: ExifInfo?)

  private static let baseline = AssetFormat.jpeg(progressive: false)
  private static let progressive = AssetFormat.jpeg(progressive: true)
  private static let png = AssetFormat.png(alpha: false)
  private static let pngAlpha = AssetFormat.png(alpha: true)

  private static func camera(_ orientation: ExifOrientation, _ date: String) -> ExifInfo {
    ExifInfo(orientation: orientation, make: "Gallery", model: "Asset Camera 1", date: date)
  }

  private static func make(_ theme: Theme, _ rows: [Row]) -> [AssetSpec] {
    rows.enumerated().map { offset, row in
      AssetSpec(
        theme: theme, number: offset + 1, width: row.width, height: row.height,
        format: row.format, exif: row.exif)
    }
  }

  private static let office: [Row] = [
    (1024, 683, baseline, nil), (800, 600, progressive, nil), (600, 800, baseline, nil),
    (1280, 854, progressive, camera(.right, "2024:03:14 09:26:53")), (640, 480, png, nil),
    (480, 720, progressive, nil), (1600, 1067, baseline, nil), (960, 640, progressive, nil),
    (720, 960, baseline, nil), (800, 533, baseline, camera(.up, "2023:11:02 17:45:10")),
    (360, 480, progressive, nil), (1200, 800, baseline, nil), (900, 600, progressive, nil),
    (320, 240, png, nil), (1024, 768, baseline, nil),
  ]

  private static let kitchen: [Row] = [
    (1024, 683, progressive, nil), (800, 600, baseline, nil), (640, 853, baseline, nil),
    (1200, 800, progressive, nil), (480, 480, png, nil), (960, 640, baseline, nil),
    (1280, 854, baseline, camera(.left, "2024:07:21 12:03:44")), (600, 800, progressive, nil),
    (800, 533, baseline, nil), (512, 512, pngAlpha, nil), (1600, 1000, progressive, nil),
    (720, 480, baseline, nil), (480, 640, baseline, nil), (1024, 768, progressive, nil),
    (900, 600, baseline, nil), (360, 480, png, nil), (1120, 746, baseline, nil),
    (640, 640, progressive, nil), (800, 1000, baseline, nil), (960, 720, progressive, nil),
    (320, 426, baseline, nil), (1440, 960, baseline, nil), (600, 400, pngAlpha, nil),
    (1024, 640, progressive, nil), (768, 1024, baseline, nil),
  ]

  private static let macBook: [Row] = [
    (1280, 800, baseline, nil), (1024, 640, progressive, nil), (800, 500, baseline, nil),
    (640, 960, progressive, nil), (1440, 900, baseline, nil), (960, 600, baseline, nil),
    (600, 600, pngAlpha, nil), (1200, 750, progressive, nil), (720, 1080, baseline, nil),
    (800, 600, baseline, nil), (1600, 1000, progressive, nil),
    (1024, 768, baseline, camera(.down, "2025:01:09 08:15:00")), (480, 320, png, nil),
    (1120, 700, baseline, nil), (900, 1200, progressive, nil), (1280, 720, baseline, nil),
    (640, 400, progressive, nil), (800, 800, pngAlpha, nil), (1366, 854, baseline, nil),
    (540, 720, baseline, nil), (1024, 576, progressive, nil), (960, 720, baseline, nil),
    (320, 200, baseline, nil), (1200, 900, progressive, camera(.up, "2025:02:28 19:30:12")),
    (760, 1013, baseline, nil), (1440, 810, progressive, nil), (880, 550, baseline, nil),
    (700, 525, png, nil), (1152, 720, baseline, nil), (600, 900, progressive, nil),
  ]

  private static let doodles: [Row] = [
    (320, 320, pngAlpha, nil), (384, 384, pngAlpha, nil), (480, 320, pngAlpha, nil),
    (320, 400, pngAlpha, nil), (400, 400, pngAlpha, nil), (360, 360, pngAlpha, nil),
    (512, 384, pngAlpha, nil), (320, 320, pngAlpha, nil), (336, 448, pngAlpha, nil),
    (448, 448, pngAlpha, nil), (320, 320, pngAlpha, nil), (400, 320, pngAlpha, nil),
    (352, 352, pngAlpha, nil), (320, 480, pngAlpha, nil), (416, 416, pngAlpha, nil),
    (480, 360, pngAlpha, nil), (320, 320, pngAlpha, nil), (384, 384, pngAlpha, nil),
    (360, 480, pngAlpha, nil), (448, 336, pngAlpha, nil),
  ]
}
