import CompositionalLayout
import Gallery
import Pictures
import TerminalKit
import Thumbnails
import XMPSidecars

/// Everything the command line can set; the defaults are what `gallery` alone does.
package struct GalleryOptions: Sendable, Hashable {
  /// Folders and pictures to show, in order; empty (and no list) means the built-in
  /// pictures.
  package var paths: [String] = []
  /// Where a list of pictures comes from: a file, or `-` for standard input.
  package var filesFrom: String?
  /// Whether lists of paths are separated by NUL bytes rather than newlines (`-0`, as
  /// `find -print0` writes them): the list read (`-`, `--files-from`) and the marked
  /// paths `-o` prints.
  package var nulSeparated = false
  /// Render once to standard output instead of running interactively.
  package var print = false
  /// Fill the library index for the folders named, without a screen, and exit
  /// (`--index`).
  package var index = false
  /// Find the copies among the pictures under the folders named, print their groups and
  /// exit (`--duplicates`).
  package var duplicates = false
  /// With `duplicates`, near copies too (`--similar`).
  package var similar = false
  /// Copy the pictures of the folders named (a card) into dated folders and exit
  /// (`gallery import`).
  package var importing = false
  /// Where an import copies to (`--to`).
  package var importDestination: String?
  /// Where an import copies a second, checked copy to (`--backup`).
  package var importBackup: String?
  /// The folders an import makes under its destination (`--folders`).
  package var importFolders = ImportTemplate.standardFolders
  /// The names an import gives (`--rename`).
  package var importNames = ImportTemplate.standardName
  /// Read every imported copy back from the disk itself, its pages dropped, rather than
  /// from memory (`--verify-from-disk`).
  package var verifyFromDisk = false
  /// Whether an import moves the card's files it copied and checked to the Trash
  /// (`--trash-source`, `import.trash-source`).
  package var importTrashesSource = false
  /// Whether this import writes no backup, whatever `import.backup` says (`--no-backup`).
  package var importSkipsBackup = false
  /// Print what an import would copy where, and copy nothing (`--dry-run`).
  package var dryRun = false
  /// The size to render with `--print`; nil means the terminal's size, else 80x24.
  package var size: CellSize?
  /// The output of `--print`.
  package var format: OutputFormat = .ansi
  /// When to use colour.
  package var color: ColorChoice = .auto
  /// The characters for cell art; nil picks the best the terminal and locale allow.
  package var symbols: SymbolSet?
  /// The arrangement of sections.
  package var layout: LayoutPreset = .showcase
  /// What the sections are: folders, or the days, months or years taken (`--group-by`).
  package var grouping = SectionGrouping.folder
  /// The filter in force at start (`--filter`), as if typed after `/` and kept; a query
  /// with problems never gets here (the parser refuses it).
  package var filter = PictureQuery.none
  /// How the first row scrolls in the showcase.
  package var firstRowScrolling: FirstRowScrolling = .automatic
  /// Whether the thumbnail cache on disk is read and written.
  package var useCache = true
  /// Whether hidden files and folders are shown.
  package var includeHidden = false
  /// Whether symbolic links to folders are followed by the scan (false:
  /// `--no-follow-links`, `follow-links = no`).
  package var followsLinks = true
  /// Whether a RAW+JPEG pair and a Live Photo's files show as one picture (false:
  /// `--apart`, `pairs = no`).
  package var pairsFiles = true
  /// How pictures are drawn: in pixels as the terminal answers (`auto`), in a protocol
  /// chosen by hand, or as character cells.
  package var graphics: GraphicsChoice = .auto
  /// The text's colours: for the background the terminal reports (`auto`), or chosen.
  package var theme: ThemeChoice = .auto
  /// How fast the way to the terminal is: measured (`auto`), or chosen.
  package var link: LinkChoice = .auto
  /// Print what the terminal can draw and why, and exit (`--diagnose`).
  package var diagnose = false
  /// The size of a cell in pixels for a contact sheet in pixels (`--print --graphics
  /// sixel`, …); nil: the terminal's when standard output is one, else 10×20.
  package var cellPixels: CellPixelSize?
  /// Print the marked pictures' paths on standard output at quit (`-o`); the screen is
  /// then drawn on the controlling terminal, so standard output can be a pipe.
  package var outputMarked = false
  /// Which key does what: the standard keys, changed by the configuration file's `bind`.
  package var keyMap = KeyMap.standard
  /// Seconds a slideshow shows each picture (the configuration's `slideshow-interval`).
  package var slideshowInterval = Slideshow.defaultInterval
  /// Whether a decision on the focused picture moves to the next (`auto-advance`).
  package var autoAdvance = false
  /// When pictures are one stack, or none (`stacks`, `stack-seconds`, `stack-likeness`).
  package var stackRules = StackRules()
  /// Which sidecar names culling decisions are written to (`sidecar-names`).
  package var sidecarNaming = SidecarNaming.automatic
  /// Whether a JPEG's, PNG's, TIFF's or DNG's decisions go into its own XMP packet
  /// rather than a sidecar (`xmp-in-file`).
  package var xmpInFile = false
  /// The opener command from the configuration (`opener`); `GALLERY_OPENER` wins.
  package var opener: String?
  /// How the opener runs (the configuration's `opener-mode`).
  package var openerMode = ProcessOpener.Mode.auto
  /// What makes a picture a favourite (`favorites = picks`, `favorites = rating>=4`).
  package var favoriteRule = FavoriteRule.picks
  /// What the memory caches may hold together (`--memory`, `memory =`).
  package var memory = MemoryBudget.standard

  /// What `-o` prints for `paths`: each followed by a newline (NUL with `-0`); nothing
  /// without `-o` or without paths.
  ///
  /// For a pipe or a file (`forTerminal` false) each path is its real bytes
  /// (`PathBytes`), so a name that is not UTF-8 or holds a newline or an escape sequence
  /// reaches `xargs` as the name of its file. For a terminal each is shown as the screen
  /// shows names (`TextSanitizer`: `^[`, `\u{202E}`, `\xE9`), so a name cannot clear
  /// the screen, set the clipboard or turn the text around; a person reads it there.
  package func markedOutput(_ paths: [String], forTerminal: Bool = false) -> [UInt8] {
    guard outputMarked else { return [] }
    let separator: UInt8 = nulSeparated ? 0 : 0x0A
    if forTerminal {
      return paths.flatMap { Array(TextSanitizer.sanitize($0).utf8) + [separator] }
    }
    return paths.flatMap { PathBytes.fileSystemBytes($0) + [separator] }
  }

  /// The defaults.
  package init() {}
}

/// What the command line asks for.
package enum GalleryCommand: Sendable, Hashable {
  /// Show the gallery with these options.
  case run(GalleryOptions)
  /// Print the help text to standard output and exit 0.
  case help
  /// Print the version to standard output and exit 0.
  case version
}
