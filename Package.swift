// swift-tools-version:6.0
// The gallery: a terminal image gallery browser. See ARCHITECTURE.md for the
// map of targets; the pure targets (CompositionalLayout, DiffableData, TerminalKit,
// Pictures, Gallery) import no C module and no I/O target (`make lint` checks).
import PackageDescription

let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

/// Debian's folder of this architecture's libraries and configuration headers (the host's:
/// the gallery is built where it runs).
#if arch(arm64)
  let debianMultiarch = "aarch64-linux-gnu"
#else
  let debianMultiarch = "x86_64-linux-gnu"
#endif

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
    // libheif and libjxl are opened when first needed (CCodecLoading), so no pkg-config
    // file is read: it would link them. Their headers sit on the default paths.
    .systemLibrary(name: "CImageFormats"),

    // The codec libraries a folder of JPEGs does not need, opened with dlopen the first
    // time a file needs them: their SONAMEs, the trampolines their functions are called
    // through and the loader. Not a system library: it links none.
    .target(name: "CCodecLoading"),
    // SVG: librsvg and cairo, which it renders into (GLib's GIO for the stream it reads),
    // opened through CCodecLoading. librsvg's pkg-config file brings GIO's -pthread, which
    // SwiftPM refuses with a warning on every build, and would link the libraries, so it
    // is not read: CRsvg is C code of its own whose header has plain C types only
    // (nothing that imports it needs librsvg's headers), compiled with the include
    // folders of librsvg, gdk-pixbuf, cairo and GLib (whose configuration header is in
    // the architecture's folder) where Debian puts them.
    .target(
      name: "CRsvg", dependencies: ["CCodecLoading"],
      cSettings: [
        .unsafeFlags(
          [
            "/usr/include/librsvg-2.0", "/usr/include/gdk-pixbuf-2.0", "/usr/include/cairo",
            "/usr/include/glib-2.0", "/usr/lib/\(debianMultiarch)/glib-2.0/include",
          ].map { "-I" + $0 })
      ]),

    // Camera RAW: LibRaw's thread-safe build, opened through CCodecLoading. Its headers
    // sit in the default include path, so no pkg-config file is read.
    .systemLibrary(name: "CRaw"),
    // Videos: FFmpeg's demuxers, decoders and scaler, opened through CCodecLoading (its
    // headers under the multiarch include folder, on the default path).
    .systemLibrary(name: "CFFmpeg"),
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
        "CImageCodecs", "CImageFormats", "CChafa", "CRsvg", "CRaw", "CFFmpeg", "CCodecLoading",
        "Pictures",
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
