// swift-tools-version:6.0
// The gallery: a terminal image gallery browser. See ARCHITECTURE.md for the
// map of targets; the pure targets (CompositionalLayout, DiffableData, TerminalKit,
// Pictures, Gallery) import no C module and no I/O target (`make lint` checks).
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
  name: "gallery",
  products: [
    .executable(name: "gallery", targets: ["GalleryCLI"]),
    .executable(name: "gallery-bench", targets: ["GalleryBench"]),
    .executable(name: "gallery-assets", targets: ["GalleryAssets"]),
    .executable(name: "curses-demo", targets: ["CursesDemo"]),
    .executable(name: "gallery-fuzz", targets: ["GalleryFuzz"]),
    .executable(name: "gallery-docs", targets: ["GalleryDocs"]),
    .executable(name: "gallery-move-probe", targets: ["GalleryMoveProbe"]),
    .library(name: "CompositionalLayout", targets: ["CompositionalLayout"]),
    .library(name: "DiffableData", targets: ["DiffableData"]),
    .library(name: "TerminalKit", targets: ["TerminalKit"]),
  ],
  targets: [
    // System libraries: a module map and a shim of prefixed static inline wrappers each.
    // No `providers`: the Debian packages are listed once, in the Makefile, where `make
    // deps` installs them (or prints the apt-get line) and `make list-deps` prints them.
    // ncursesw's pkg-config file adds -D_DEFAULT_SOURCE and -D_XOPEN_SOURCE, which
    // SwiftPM refuses with a warning on every build; its headers and library sit on
    // the default paths, and `make deps` checks it with pkg-config instead.
    .systemLibrary(name: "CNcursesw"),
    // glibc's allocator settings (malloc.h), which the Glibc module leaves out.
    .systemLibrary(name: "CAllocator"),
    // renameat2, which the Glibc module leaves out: moving without replacing a name.
    .systemLibrary(name: "CFileCalls"),
    .systemLibrary(name: "CChafa", pkgConfig: "chafa"),
    .systemLibrary(name: "CImageCodecs", pkgConfig: "libpng"),
    .systemLibrary(name: "CImageFormats", pkgConfig: "libheif"),

    // SVG: librsvg and cairo, which it renders into (GLib's GIO for the stream it reads).
    // librsvg's pkg-config file brings GIO's -pthread, which SwiftPM refuses with a
    // warning on every build, so it is not read: CRsvg is C code of its own whose header
    // has plain C types only (nothing that imports it needs librsvg's headers), compiled
    // with librsvg's and gdk-pixbuf's include folders (where Debian puts them, which
    // no architecture changes) and, through CCairo, cairo's and GLib's (whose
    // configuration header is in an architecture's folder) from cairo-gobject's
    // pkg-config file, which requires GLib's openly (cairo's own names it only as a
    // private requirement, and not at all when cairo is built with meson).
    .systemLibrary(name: "CCairo", pkgConfig: "cairo-gobject"),
    .target(
      name: "CRsvg", dependencies: ["CCairo"],
      cSettings: [.unsafeFlags(["-I/usr/include/librsvg-2.0", "-I/usr/include/gdk-pixbuf-2.0"])],
      linkerSettings: [
        .linkedLibrary("rsvg-2"), .linkedLibrary("cairo"), .linkedLibrary("gio-2.0"),
        .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0"),
      ]),

    // Camera RAW: LibRaw's thread-safe build. Its pkg-config file brings -fopenmp, which
    // SwiftPM would drop; the headers sit in the default include path, so the module map
    // names the library and no pkg-config is read.
    .systemLibrary(name: "CRaw"),
    // Videos: FFmpeg's demuxers, decoders and scaler (its headers under the multiarch
    // include folder, which libavformat's pkg-config file names).
    .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat"),
    // The library index's file: SQLite (LibraryIndex is its one importer).
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3"),
    // XMP sidecars: Exempi, Adobe's XMP Toolkit behind a C API (XMPSidecars is its one
    // importer).
    .systemLibrary(name: "CExempi", pkgConfig: "exempi-2.0"),
    // Content hashes: xxHash's XXH3-128 (SystemSupport's ContentHasher is its one importer).
    .systemLibrary(name: "CXXHash", pkgConfig: "libxxhash"),

    // Pure Swift: no I/O, no C imports.
    .target(name: "CompositionalLayout", exclude: ["README.md"], swiftSettings: strict),
    .target(name: "DiffableData", swiftSettings: strict),
    .target(name: "TerminalKit", swiftSettings: strict),
    // The picture vocabulary the state and the pipeline share: sizes, fits, crops,
    // requests and results, cell art, metadata, formats, picture errors.
    .target(name: "Pictures", dependencies: ["TerminalKit"], swiftSettings: strict),

    // The system pieces several I/O targets use: locks, the terminal's signals, bounded
    // reads, atomic writes, files held while compared, folders, errno, paths handed to the
    // system. CFileCalls for `O_PATH`, which holds a file without reading it.
    .target(
      name: "SystemSupport", dependencies: ["CFileCalls", "CXXHash", "TerminalKit"],
      swiftSettings: strict),

    // Pictures and the terminal.
    .target(
      name: "Thumbnails",
      dependencies: [
        "CImageCodecs", "CImageFormats", "CChafa", "CRsvg", "CRaw", "CFFmpeg", "Pictures",
        "SystemSupport",
        "TerminalKit",
      ],
      swiftSettings: strict),
    // The library index: what was read of every picture seen, in one SQLite file.
    .target(
      name: "LibraryIndex",
      dependencies: ["CSQLite", "Pictures", "SystemSupport", "TerminalKit"],
      swiftSettings: strict),
    // Culling decisions in XMP sidecars: read, and merged into what is there, atomically.
    // CFileCalls for renameat2's exchange, which finds another program's save.
    .target(
      name: "XMPSidecars",
      dependencies: ["CExempi", "CFileCalls", "Pictures", "SystemSupport", "TerminalKit"],
      swiftSettings: strict),
    .target(
      name: "Curses", dependencies: ["CNcursesw", "SystemSupport", "TerminalKit"],
      swiftSettings: strict),

    // The application.
    .target(
      name: "Gallery",
      dependencies: ["CompositionalLayout", "DiffableData", "Pictures", "TerminalKit"],
      swiftSettings: strict),
    // The I/O around the pure app: the run loop, scanning, watching, favourites and
    // culling decisions on disk, options and `--print`.
    .target(
      name: "GalleryRuntime",
      dependencies: [
        "Gallery", "CompositionalLayout", "Pictures", "SystemSupport", "TerminalKit", "Thumbnails",
        "LibraryIndex", "XMPSidecars", "CAllocator", "CFileCalls",
      ],
      swiftSettings: strict),
    .executableTarget(
      name: "GalleryCLI", dependencies: ["GalleryRuntime", "Gallery", "Curses", "TerminalKit"],
      swiftSettings: strict),
    .executableTarget(
      name: "GalleryBench",
      dependencies: [
        "CompositionalLayout", "DiffableData", "Pictures", "TerminalKit", "Thumbnails", "Gallery",
        "GalleryRuntime", "LibraryIndex", "TestSupport", "XMPSidecars",
      ],
      swiftSettings: strict),
    // A small screen that exercises the Curses backend; driven by EndToEndTests.
    .executableTarget(
      name: "CursesDemo", dependencies: ["Curses", "Pictures", "TerminalKit", "Thumbnails"],
      swiftSettings: strict),
    .executableTarget(name: "GalleryAssets", dependencies: ["CImageCodecs"], swiftSettings: strict),
    .executableTarget(
      name: "GalleryDocs", dependencies: ["GalleryRuntime"], swiftSettings: strict),

    // What the test targets share: a seeded generator, a terminal screen model, temporary
    // folder trees. Not part of any product.
    .target(
      name: "TestSupport", dependencies: ["CImageCodecs", "SystemSupport", "TerminalKit"],
      path: "Tests/TestSupport"
    ),
    .testTarget(name: "CompositionalLayoutTests", dependencies: ["CompositionalLayout"]),
    .testTarget(name: "DiffableDataTests", dependencies: ["DiffableData", "TestSupport"]),
    .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "TestSupport"]),
    .testTarget(name: "CursesTests", dependencies: ["Curses", "SystemSupport", "TerminalKit"]),
    .testTarget(name: "PicturesTests", dependencies: ["Pictures", "TerminalKit", "TestSupport"]),
    .testTarget(
      name: "SystemSupportTests", dependencies: ["SystemSupport", "TerminalKit", "TestSupport"]),
    .testTarget(
      name: "ThumbnailsTests",
      dependencies: [
        "Thumbnails", "Pictures", "SystemSupport", "CImageCodecs", "CImageFormats", "TerminalKit",
        "FuzzTargets", "TestSupport",
      ],
      exclude: ["Goldens"]),
    .testTarget(
      name: "GalleryTests",
      dependencies: [
        "Gallery", "Pictures", "CompositionalLayout", "DiffableData", "TerminalKit", "TestSupport",
      ],
      exclude: ["AppGoldens", "PresetGoldens"]),
    .testTarget(
      name: "GalleryRuntimeTests",
      dependencies: [
        "GalleryRuntime", "Gallery", "Pictures", "SystemSupport", "CompositionalLayout",
        "DiffableData", "TerminalKit", "Thumbnails", "LibraryIndex", "XMPSidecars", "TestSupport",
      ]),
    .testTarget(
      name: "LibraryIndexTests",
      dependencies: ["LibraryIndex", "Pictures", "SystemSupport", "TerminalKit", "TestSupport"]),
    .testTarget(
      name: "XMPSidecarsTests",
      dependencies: [
        "XMPSidecars", "Pictures", "SystemSupport", "TerminalKit", "FuzzTargets", "TestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),

    // Fuzzing (`make fuzz`, CONTRIBUTING.md "Robustness"): the targets, shared by libFuzzer
    // and the tests that replay what it found; the fuzzer's driver; libFuzzer's C entry point.
    .target(
      name: "FuzzTargets",
      dependencies: [
        "Thumbnails", "Pictures", "Gallery", "GalleryRuntime", "LibraryIndex", "TerminalKit",
        "TestSupport", "XMPSidecars",
      ],
      path: "Tests/Fuzz/FuzzTargets"),
    .systemLibrary(name: "CFuzzerDriver", path: "Tests/Fuzz/CFuzzerDriver"),
    .executableTarget(
      name: "GalleryFuzz", dependencies: ["FuzzTargets", "CFuzzerDriver"],
      path: "Tests/Fuzz/GalleryFuzz"),
    .testTarget(
      name: "FuzzTests",
      dependencies: ["FuzzTargets", "LibraryIndex", "Pictures", "TestSupport"]),

    // Fault injection: `gallery-move-probe move SRC DST` runs one move (or a turn, an
    // undo…), for the tests that kill it at random moments (GalleryRuntimeTests,
    // MoveFaultTests, SidecarMoveFaultTests, TurnFaultTests, UndoFaultTests).
    .executableTarget(
      name: "GalleryMoveProbe",
      dependencies: [
        "Gallery", "GalleryRuntime", "LibraryIndex", "Pictures", "TerminalKit", "XMPSidecars",
      ],
      path: "Tests/FaultInjection/MoveProbe", swiftSettings: strict),
  ]
)
