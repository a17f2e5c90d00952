import CompositionalLayout
import Foundation
import Gallery
import TerminalKit
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery --print`: scan, lay out, draw once, write to standard output.
enum PrintCommand {
  static func run(_ options: GalleryOptions) {
    let size = options.size ?? terminalSize() ?? CellSize(width: 80, height: 24)
    let library = Setup.scanner(options).library()
    let unicode = Setup.localeIsUTF8
    let colorMode = colorMode(options)
    let appearance = Appearance(
      colorMode: colorMode, symbols: Setup.symbols(options, unicode: unicode),
      unicode: unicode)
    let state = GalleryPrinter.state(
      library: library, width: size.width, height: size.height, appearance: appearance,
      officeScrolling: .init(options.officeScrolling), layoutPreset: options.layout)
    switch options.format {
    case .json:
      Console.write(GalleryPrinter.json(state))
    case .plain:
      Console.write(GalleryPrinter.plain(state))
    case .ansi:
      let shelf = ThumbnailBatch.render(
        GalleryPrinter.wants(state),
        configuration: Setup.thumbnailConfiguration(options, cellAspect: 2), appearance: appearance)
      Console.write(GalleryPrinter.ansi(state, thumbnails: shelf, mode: colorMode))
    }
  }

  /// Colours for `--format ansi`: none with `--color never` or `NO_COLOR`; truecolor
  /// when `COLORTERM` says so; else the 256-colour palette.
  static func colorMode(_ options: GalleryOptions) -> ColorMode {
    let environment = ProcessInfo.processInfo.environment
    if options.color == .never { return .monochrome }
    if options.color == .auto, let noColor = environment["NO_COLOR"], !noColor.isEmpty {
      return .monochrome
    }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    return colorTerm == "truecolor" || colorTerm == "24bit" ? .truecolor : .indexed256
  }

  /// The terminal's size when standard output is one.
  static func terminalSize() -> CellSize? {
    var size = winsize()
    guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return CellSize(width: Int(size.ws_col), height: Int(size.ws_row))
  }
}
