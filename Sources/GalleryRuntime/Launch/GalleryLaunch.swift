import CompositionalLayout
import Dispatch
import FoundationEssentials
import Gallery
import LibraryIndex
import Pictures
import SystemSupport
import TerminalKit
import Thumbnails
import XMPSidecars

#if canImport(Glibc)
  import Glibc
#endif

/// The gallery put together from the command line's options, for either mode: the
/// scanner, the state's configuration, the thumbnail pipeline's settings, and the
/// runtime (browser) or the printed document (`--print`).
package struct GalleryLaunch: Sendable {
  /// What the command line asked for.
  package let options: GalleryOptions
  /// Whether the locale is UTF-8 (one decision for both modes; see `TerminalLocale`).
  package let unicode: Bool
  /// The environment the decisions read (`NO_COLOR`, `COLORTERM`, XDG folders, the
  /// trace; a bench build's switches, `BenchSwitches`).
  package let environment: [String: String]
  /// Lines of the configuration file that could not be used: the status line shows them.
  package let configProblems: [ConfigProblem]
  /// The machine's time zone (`TZ`, else the system's), as the C library reads it: the
  /// state reads the camera clocks' times in it and puts them on days.
  package let timeZone = LocalTimeZone.system()
  /// The words dates and counts are written with (`LC_TIME`, `LC_NUMERIC`), read once
  /// from the C library; nil in the C locale, where dates are ISO 8601.
  package let localeWords: LocaleWords?

  package init(
    options: GalleryOptions, unicode: Bool,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    configProblems: [ConfigProblem] = []
  ) {
    self.options = options
    self.unicode = unicode
    self.environment = environment
    self.configProblems = configProblems
    self.localeWords = LocaleWords.system(environment: environment)
  }

  /// The scanner for the folders and pictures named (on the command line and in the
  /// list), or for the built-in pictures when none are.
  ///
  /// - Throws: `LibraryError` for a folder that is missing, not a folder or unreadable,
  ///   a list that cannot be read, or built-in pictures that cannot be found.
  package func scanner() throws(LibraryError) -> LibraryScanner {
    let listed = try options.filesFrom.map { path throws(LibraryError) in
      try PathList.paths(from: path, nulSeparated: options.nulSeparated)
    }
    if options.paths.isEmpty && options.filesFrom == nil {
      // The flow preset is the DoodleFun screen: it shows the doodles.
      let sections =
        options.layout == .flow ? DefaultAssets.flowSectionNames : DefaultAssets.sectionNames
      return try DefaultAssets.scanner(sections: sections, includeHidden: options.includeHidden)
    }
    var scanner = try LibraryScanner(
      paths: options.paths, listed: listed ?? [], includeHidden: options.includeHidden,
      followsLinks: options.followsLinks)
    scanner.leftoverTrash = Trash.ofThisUser(environment: environment)
    return scanner
  }

  /// The symbols asked for, else blocks (ASCII when the locale is not UTF-8).
  package var symbols: SymbolSet { options.symbols ?? (unicode ? .blocks : .ascii) }

  /// Whether the terminal is asked for its colours before the first frame: the theme
  /// follows its background (`--theme auto`).
  package var asksTerminalColors: Bool { options.theme == .auto }

  /// The theme for the background `graphics` found the terminal has (its answer to
  /// `OSC 11`), and why: `--theme`, then that answer, then `COLORFGBG`, then dark.
  package func theme(graphics: GraphicsCapabilities?) -> (tone: BackgroundTone, reason: String) {
    options.theme.tone(background: graphics?.defaultBackground, environment: environment)
  }

  /// The colour registers sixels are made for: the terminal's answer, up to 1024. Not
  /// inside tmux, which answers for itself (always 1024) and passes the registers on to a
  /// terminal that may have 256; not an answer under 2.
  func sixelRegisters(_ graphics: GraphicsCapabilities?) -> Int? {
    guard let graphics, graphics.graphicsProtocol == .sixel, !graphics.inTmux,
      let registers = graphics.colorRegisters, registers >= 2
    else { return nil }
    return min(1024, registers)
  }

  /// How kitty's pictures are packed for `graphics`: as PNG over a slow link, plain when
  /// kitty reads them from files here (packing would only cost time on both ends),
  /// deflated otherwise.
  func picturePacking(_ graphics: GraphicsCapabilities) -> PicturePacking {
    guard graphics.graphicsProtocol.isKitty else { return .deflated }
    if options.link.isSlow(graphics).slow { return .png }
    return graphics.kittyReadsFiles ? .plain : .deflated
  }

  /// What a picture's own transparent pixels are drawn over, in cells and in pixels: the
  /// terminal's background when it said (`OSC 11`), else black for the dark theme and
  /// white for the light one.
  package func pictureBackground(graphics: GraphicsCapabilities?) -> BackgroundColor {
    graphics?.defaultBackground ?? (theme(graphics: graphics).tone == .light ? .white : .black)
  }

  /// The state's configuration for pictures drawn in `colorMode`, in pixels when
  /// `graphics` found a protocol and the cell's pixel size.
  package func configuration(colorMode: ColorMode, graphics: GraphicsCapabilities? = nil)
    -> GalleryState.Configuration
  {
    // Pictures in pixels are drawn at the cell's size: without it, cells.
    let format = graphics?.cellPixelSize == nil ? nil : graphics?.graphicsProtocol.imageFormat
    return GalleryState.Configuration(
      layoutPreset: options.layout,
      firstRowScrolling: options.firstRowScrolling,
      appearance: Appearance(
        colorMode: colorMode, symbols: symbols, unicode: unicode, pictureFormat: format,
        locale: localeWords,
        theme: Theme(tone: theme(graphics: graphics).tone),
        pictureBackground: pictureBackground(graphics: graphics),
        largestPicture: graphics?.graphicsProtocol == .sixel ? graphics?.sixelMaximum : nil,
        picturePacking: graphics.map(picturePacking) ?? .deflated,
        sixelRegisters: sixelRegisters(graphics)),
      graphicsSummary: graphics.map { format == nil ? "cells" : $0.summary },
      keyMap: options.keyMap, slideshowInterval: options.slideshowInterval,
      prefetchBytes: min(Prefetch.budgetBytes, options.memory.decodedBytes / 2),
      pairsFiles: options.pairsFiles, grouping: options.grouping, filter: options.filter,
      timeZone: timeZone, autoAdvance: options.autoAdvance, stackRules: options.stackRules)
  }

  /// The thumbnail pipeline's settings for cells of `cellAspect`; `writesThumbnails`
  /// false reads freedesktop thumbnails but writes none (drawn art is still kept).
  /// Transparent pixels are drawn over `background` (the theme's without a terminal).
  package func thumbnailConfiguration(
    cellAspect: Double, writesThumbnails: Bool = true, background: BackgroundColor? = nil
  ) -> ThumbnailConfiguration {
    var thumbnails = ThumbnailDiskCache(isEnabled: options.useCache)
    thumbnails.isReadOnly = !writesThumbnails
    var configuration = ThumbnailConfiguration(
      diskCache: thumbnails, cellAspect: cellAspect, memory: options.memory)
    configuration.decoder.background = background ?? pictureBackground(graphics: nil)
    return configuration
  }

  /// The reader of pictures' details: the library index at its place for the
  /// environment, unless `--no-cache` (`cache = no`) turned the caches off, then the heads
  /// of the files it cannot answer for.
  func detailsReader() -> DetailsReader { detailsReader(opening: openIndex()) }

  /// The library index, unless `--no-cache` keeps it closed.
  func openIndex() -> IndexOpening? {
    options.useCache
      ? PictureIndex.open(at: PictureIndex.defaultPath(environment: environment)) : nil
  }

  /// The reader of details from `opening`'s index, else from the files.
  func detailsReader(opening: IndexOpening?) -> DetailsReader {
    let decoder = ImageDecoder()
    return DetailsReader(index: opening?.index, notice: opening?.notice) { stamp in
      decoder.details(path: stamp.path)
    }
  }

  // MARK: The browser

  /// The browser on `terminal`, whose colour mode is `colorMode`, showing what `scanner`
  /// finds (made by `scanner()` before the terminal opens, so a list on standard input
  /// is read before ncurses takes the terminal).
  @MainActor
  package func runtime<Terminal: GalleryTerminal>(
    on terminal: Terminal, colorMode: ColorMode, graphics: GraphicsCapabilities? = nil,
    scanner: LibraryScanner
  ) -> GalleryRuntime<Terminal> {
    let size = terminal.size
    // For the benchmarks only (a bench build): what decoding ahead and previews bring,
    // measured without them, and the launch's time.
    let bench = BenchSwitches(environment: environment)
    var stateConfiguration = configuration(colorMode: colorMode, graphics: graphics)
    stateConfiguration.decodesAhead = bench.decodesAhead
    stateConfiguration.favoriteRule = options.favoriteRule
    stateConfiguration.importSettings = ImportSettings(
      destination: options.importDestination, backup: options.importBackup,
      folders: options.importFolders, names: options.importNames,
      problem: configProblems.first {
        $0.text.hasPrefix("import.folders:") || $0.text.hasPrefix("import.rename:")
      }?.description,
      // Resolved as the scan's paths are, so the two compare.
      home: environment["HOME"].map { (try? ScanRoot(resolving: $0))?.path ?? $0 })
    stateConfiguration.importSettings.trashesSource = options.importTrashesSource
    let state = GalleryState(
      width: size.width, height: size.height, cellAspect: size.cellAspect,
      configuration: stateConfiguration)
    var configuration = thumbnailConfiguration(
      cellAspect: size.cellAspect, background: state.appearance.pictureBackground)
    // The hashes of the pictures decoded for their thumbnails, which the reader of hashes
    // takes rather than decode them again.
    let tap = LikenessTap()
    configuration.likenessTap = tap
    if state.appearance.pictureFormat == .kittyPlaceholder, colorMode != .truecolor {
      // A placeholder names its image by its colour: 256 colours name 255 images.
      configuration.pictureIDLimit = 255
    }
    // One index for the details and the decisions read from the files.
    let index = openIndex()
    let sidecars = sidecarStore(environment: environment)
    // The built-in pictures' decisions last the run: nothing is written beside an
    // installed program's files.
    let showsBuiltIn = options.paths.isEmpty && options.filesFrom == nil
    let services = GalleryRuntime<Terminal>.Services(
      makeThumbnails: { ThumbnailPipeline(configuration: configuration, onCompletion: $0) },
      scanner: scanner, watchesFolders: true,
      favorites: FavoritesMigrator(
        environment: environment, rule: options.favoriteRule, sidecars: sidecars,
        inFile: options.xmpInFile),
      stateFile: StateFileKeeper(environment: environment),
      opener: ProcessOpener(
        environment: environment, configured: options.opener, mode: options.openerMode),
      details: detailsReader(opening: index),
      // The state asks for the likeness while stacks are on or the duplicates shown
      // (`readLikeness`): otherwise none is read. A file not tapped is decoded as the
      // thumbnails are, over the same background.
      likeness: LikenessReader(index: index?.index) { [decoder = configuration.decoder] path in
        tap.take(path) ?? (try? LikenessHasher(decoder: decoder).hash(path: path).get())
      },
      contentHashes: ContentHashReader(index: index?.index),
      decisions: showsBuiltIn
        ? nil
        : SidecarKeeper(
          store: sidecars, inFile: options.xmpInFile,
          memo: index?.index.map { DecisionMemo(index: $0) }),
      cardImport: CardImporter(
        indexPath: options.useCache ? PictureIndex.defaultPath(environment: environment) : nil,
        includeHidden: options.includeHidden, home: environment["HOME"] ?? "/",
        trash: Trash.ofThisUser(environment: environment)))
    var settings = GalleryRuntime<Terminal>.Settings()
    if let path = environment["GALLERY_TRACE"], !path.isEmpty {
      settings.trace = RuntimeTrace(path: path)
    }
    settings.exitAfterFirstFrame = bench.exitAfterFirstFrame
    if let trap = TestTrap(environment["GALLERY_TEST_TRAP"] ?? "") {
      settings.onKey = { trap.fire() }
    }
    settings.usesPreviews = bench.usesPreviews
    settings.insideTmux = !(environment["TMUX"] ?? "").isEmpty
    if !configProblems.isEmpty { settings.startEvents = [.configProblems(configProblems)] }
    return GalleryRuntime(terminal: terminal, state: state, services: services, settings: settings)
  }

  /// The sidecars' store the settings ask for; a killed gallery's temporary sidecars go
  /// to the user's Trash.
  func sidecarStore(environment: [String: String]) -> SidecarStore {
    SidecarStore(
      naming: options.sidecarNaming,
      leftovers: Trash.ofThisUser(environment: environment).setsAside)
  }

  // MARK: --print

  /// What `library`'s sidecars say, when the document shows it (JSON) or a filter may
  /// ask it (`rating>=3`, `is:rejected`); what could not be read goes to `diagnostics`.
  func printDecisions(of library: Library, _ diagnostics: (String) -> Void) -> [String:
    CullingDecision]
  {
    guard options.format == .json || options.filter != .none else { return [:] }
    let keeper = SidecarKeeper(store: SidecarStore(naming: options.sidecarNaming))
    // Exempi prints its own line for a sidecar it cannot parse; the problem said below
    // names the file.
    let read = SilencedStandardError.during {
      keeper.readAll(library.sections.flatMap { $0.pictures.map(\.path) })
    }
    if let problem = read.problem { diagnostics(problem) }
    return read.decisions
  }

  /// Writes the document `--print` prints to `output`, in parts as they are ready: the
  /// whole gallery at `--size` (else the terminal's size when standard output is one,
  /// else 80×24) in the `--format` asked for. ANSI and plain text stream a band of about
  /// a screen at a time (`PrintStream`); JSON comes whole.
  package func print(
    to output: ([UInt8]) -> Void, diagnostics: (String) -> Void = { _ in }
  ) throws(LibraryError) {
    let size = options.size ?? Self.outputTerminalSize() ?? CellSize(width: 80, height: 24)
    let library = try scanner().library()
    for line in Self.diagnostics(of: library) { diagnostics(line) }
    let colorMode = printColorMode
    let pixels = printPictureFormat.map { format in
      (
        format,
        options.cellPixels ?? Self.outputCellPixels() ?? CellPixelSize(width: 10, height: 20)
      )
    }
    var configuration = configuration(colorMode: colorMode)
    configuration.appearance.pictureFormat = pixels?.0
    var state = GalleryPrinter.state(
      library: library, width: size.width, height: size.height, cellAspect: pixels?.1.aspect ?? 2,
      configuration: configuration, decisions: printDecisions(of: library, diagnostics))
    if options.grouping.gathersFolders || options.format == .json || options.filter.readsDetails {
      // The document is what a screen would show once every picture's details are read;
      // JSON gives each picture's details.
      let outcome = detailsReader().readAll(state.content.unreadDetailStamps)
      for notice in outcome.notices { diagnostics(notice) }
      _ = state.update(.detailsRead(outcome.batch))
    }
    let stream = PrintStream(
      configuration: thumbnailConfiguration(cellAspect: 2, writesThumbnails: false),
      bandHeight: size.height)
    if options.grouping == .duplicates {
      PrintedDuplicates.read(
        into: &state, index: openIndex()?.index, decoder: stream.configuration.decoder)
    }
    if options.format != .ansi {
      // What is known of each picture without decoding it: why it cannot be shown, where
      // its first bytes tell (JSON then decodes them too). ANSI decodes every picture, and
      // a broken one's thumbnail brings the reason the screen shows; reading every head
      // first would hold back the stream's first band.
      for (path, problem) in Self.problems(of: library) {
        _ = state.update(.pictureDescribed(path: path, outcome: .failed(problem)))
      }
    }
    switch options.format {
    case .json:
      // What drawing each picture tells the screen: why a video without pictures, a cut
      // raw file or video is broken, which their first bytes do not; a video's length.
      for (path, outcome) in PrintDescriptions.outcomes(
        of: GalleryPrinter.wants(state), appearance: state.appearance,
        configuration: stream.configuration)
      {
        _ = state.update(.pictureDescribed(path: path, outcome: outcome))
      }
      output(Array(GalleryPrinter.json(state).utf8))
    case .plain:
      stream.writePlain(state, to: output)
    case .ansi:
      if let (_, cell) = pixels {
        var pictures = thumbnailConfiguration(cellAspect: cell.aspect, writesThumbnails: false)
        pictures.firstPictureID = UInt32.random(in: 1...0xF0_0000)
        let shelf = ThumbnailBatch.renderPictures(
          GalleryPrinter.wants(state), configuration: pictures, appearance: state.appearance,
          cell: cell)
        // Pictures in pixels overlap the rows below their first: drawn whole.
        output(
          GalleryPrinter.ansi(
            state, thumbnails: ThumbnailShelf(), pictures: shelf, mode: colorMode))
        return
      }
      stream.writeANSI(state, mode: colorMode, to: output)
    }
  }

  /// What `--print` says on standard error of a library: the scan's warnings, and the
  /// files that are not pictures, folder by folder (what the `!` report lists). Paths and
  /// names are sanitised as on the screen: a byte that is not UTF-8 shows as `\xE9`.
  static func diagnostics(of library: Library) -> [String] {
    var lines = library.warnings.map { "gallery: warning: " + TextSanitizer.sanitize("\($0)") }
    var folders = library.sections.compactMap { section in
      section.skipped.isEmpty ? nil : (section.name, section.skipped)
    }
    folders += (library.stats?.foldersWithoutPictures ?? []).map {
      ($0.name + " (no pictures)", $0.skipped)
    }
    lines += folders.map {
      "gallery: not shown in \(TextSanitizer.sanitize($0.0)): \($0.1.summary)"
    }
    return lines
  }

  /// Why each picture of `library` cannot be shown, as far as its first bytes tell
  /// (`ImageDecoder.problem(path:)`), read on every core; the pictures with a problem.
  static func problems(of library: Library) -> [(String, ThumbnailError)] {
    let paths = library.sections.flatMap(\.pictures).map(\.path)
    let found = Locked([(String, ThumbnailError)]())
    let decoder = ImageDecoder()
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      if let problem = decoder.problem(path: paths[index]) {
        found.withLock { $0.append((paths[index], problem)) }
      }
    }
    return found.withLock { $0 }
  }

  /// The protocol of a contact sheet in pixels: only when `--graphics` names one. A
  /// printed document is read later, perhaps elsewhere, so `auto` does not ask the
  /// terminal; kitty is placed directly (placeholders need a live terminal's state).
  var printPictureFormat: TerminalImage.Format? {
    switch options.graphics {
    case .auto, .cells: nil
    case .kitty: .kitty
    case .sixel: .sixel
    case .iterm2: .iterm2
    }
  }

  /// A cell's size in pixels when standard output is a terminal that says; else nil
  /// (`--print` then takes 10×20).
  static func outputCellPixels() -> CellPixelSize? {
    var size = winsize()
    guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
    return CellPixelSize(
      columns: Int(size.ws_col), rows: Int(size.ws_row), xPixels: Int(size.ws_xpixel),
      yPixels: Int(size.ws_ypixel))
  }

  /// Colours for `--format ansi`: none with `--color never` or `NO_COLOR`; truecolor
  /// when `COLORTERM` says so; else the 256-colour palette.
  package var printColorMode: ColorMode {
    if options.color == .never { return .monochrome }
    if options.color == .auto, let noColor = environment["NO_COLOR"], !noColor.isEmpty {
      return .monochrome
    }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    return colorTerm == "truecolor" || colorTerm == "24bit" ? .truecolor : .indexed256
  }

  /// The terminal's size when standard output is one.
  static func outputTerminalSize() -> CellSize? {
    var size = winsize()
    guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return CellSize(width: Int(size.ws_col), height: Int(size.ws_row))
  }
}
