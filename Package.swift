// swift-tools-version:6.0
// The gallery: a terminal image gallery browser. See ../shared/DESIGN.md for the
// map of targets; pure targets (layout, data, frame) import no C module.
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
  name: "gallery",
  products: [
    .executable(name: "gallery", targets: ["GalleryCLI"]),
    .executable(name: "gallery-bench", targets: ["GalleryBench"]),
    .executable(name: "gallery-assets", targets: ["GalleryAssets"]),
    .executable(name: "curses-demo", targets: ["CursesDemo"]),
    .library(name: "CompositionalLayout", targets: ["CompositionalLayout"]),
    .library(name: "DiffableData", targets: ["DiffableData"]),
    .library(name: "TerminalKit", targets: ["TerminalKit"]),
  ],
  targets: [
    // System libraries: a module map and a shim of prefixed static inline wrappers each.
    // ncursesw's pkg-config file adds -D_DEFAULT_SOURCE and -D_XOPEN_SOURCE, which
    // SwiftPM refuses with a warning on every build; its headers and library sit on
    // the default paths, and `make deps` checks it with pkg-config instead.
    .systemLibrary(name: "CNcursesw"),
    .systemLibrary(
      name: "CChafa", pkgConfig: "chafa",
      providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
    .systemLibrary(
      name: "CImageCodecs", pkgConfig: "libpng",
      providers: [.apt(["libturbojpeg0-dev", "libpng-dev", "libexif-dev"])]),

    // Pure Swift: no I/O, no C imports.
    .target(name: "CompositionalLayout", exclude: ["README.md"], swiftSettings: strict),
    .target(name: "DiffableData", swiftSettings: strict),
    .target(name: "TerminalKit", swiftSettings: strict),

    // Pictures and the terminal.
    .target(
      name: "Thumbnails", dependencies: ["CImageCodecs", "CChafa", "TerminalKit"],
      swiftSettings: strict),
    .target(name: "Curses", dependencies: ["CNcursesw", "TerminalKit"], swiftSettings: strict),

    // The application.
    .target(
      name: "Gallery",
      dependencies: ["CompositionalLayout", "DiffableData", "TerminalKit", "Thumbnails"],
      swiftSettings: strict),
    .executableTarget(
      name: "GalleryCLI", dependencies: ["Gallery", "Curses"], swiftSettings: strict),
    .executableTarget(
      name: "GalleryBench",
      dependencies: [
        "CompositionalLayout", "DiffableData", "TerminalKit", "Thumbnails", "Gallery",
      ],
      swiftSettings: strict),
    // A small screen that exercises the Curses backend; driven by EndToEndTests.
    .executableTarget(
      name: "CursesDemo", dependencies: ["Curses", "TerminalKit", "Thumbnails"],
      swiftSettings: strict),
    .executableTarget(name: "GalleryAssets", dependencies: ["CImageCodecs"], swiftSettings: strict),

    .testTarget(name: "CompositionalLayoutTests", dependencies: ["CompositionalLayout"]),
    .testTarget(name: "DiffableDataTests", dependencies: ["DiffableData"]),
    .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
    .testTarget(
      name: "ThumbnailsTests", dependencies: ["Thumbnails", "CImageCodecs", "TerminalKit"],
      exclude: ["Goldens"]),
    .testTarget(
      name: "GalleryTests",
      dependencies: [
        "Gallery", "CompositionalLayout", "DiffableData", "TerminalKit", "Thumbnails",
      ],
      exclude: ["AppGoldens", "PresetGoldens"]),
    .testTarget(name: "EndToEndTests", dependencies: []),
  ]
)
