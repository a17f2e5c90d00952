import CompositionalLayout
import FoundationEssentials
import Pictures
import TerminalKit

extension GalleryState {
  /// How the gallery is set up; fixed for a run.
  ///
  /// Made once from the options and the configuration file (`GalleryLaunch`); parts
  /// read it, none writes it.
  package struct Configuration: Hashable, Sendable {
    /// The arrangement chosen with `--layout`.
    package var layoutPreset: LayoutPreset
    /// How the showcase's first row scrolls (`--office-scrolling`).
    package var firstRowScrolling: FirstRowScrolling
    /// How pictures and borders are drawn.
    package var appearance: Appearance
    /// How pictures reach the terminal and why, for the help (`sixel · XTerm(388)`);
    /// nil when nobody asked the terminal.
    package var graphicsSummary: String?
    /// Which key does what (the standard keys, or the configuration file's).
    package var keyMap: KeyMap
    /// Seconds a slideshow shows each picture when it starts.
    package var slideshowInterval: Int
    /// Whether pictures are decoded ahead while the user is idle; off, the page above
    /// and below are asked for at once, as before (only to measure what it brings).
    package var decodesAhead: Bool
    /// What makes a picture a favourite (`favorites = picks`, `favorites = rating>=4`).
    package var favoriteRule: FavoriteRule
    /// Whether the files of a pair (RAW+JPEG, a Live Photo) show as one picture; false
    /// (`--apart`, `pairs = no`) shows each file.
    package var pairsFiles: Bool
    /// Whether the sections are laid out down a page with nothing scrolling sideways, so
    /// every picture is drawn (`--print`; see `SectionPlan`).
    package var isDocument: Bool
    /// The most bytes decoding ahead may take (`Prefetch.estimatedBytes` each): at most
    /// `Prefetch.budgetBytes`, less when the memory budget is small, so what is decoded
    /// ahead is not pushed out of the caches before it is shown.
    package var prefetchBytes: Int
    /// What the sections are at start (`--group-by`, `group-by =`): folders, or days,
    /// months or years taken; `t` changes it.
    package var grouping: SectionGrouping
    /// The filter in force at start (`--filter`), as if typed after `/` and kept.
    package var filter: PictureQuery
    /// The time zone pictures are put on days in: the machine's, which the runtime passes
    /// (the dates were read in it). GMT (UTC+0) by default, for tests and prints: a pure target
    /// never reads the machine's clock, time zone or locale.
    package var timeZone: LocalTimeZone
    /// Whether a decision on the focused picture (stars, a flag, a label) moves the
    /// focus to the next picture (`auto-advance`).
    package var autoAdvance: Bool
    /// When pictures shown one after another are one stack, or none (`stacks = no`).
    package var stackRules: StackRules
    /// Where and how `I` imports a card (`import.to`, `import.backup`, `import.folders`,
    /// `import.rename`).
    package var importSettings = ImportSettings()

    package init(
      layoutPreset: LayoutPreset = .showcase,
      firstRowScrolling: FirstRowScrolling = .automatic,
      appearance: Appearance = Appearance(), graphicsSummary: String? = nil,
      keyMap: KeyMap = .standard, slideshowInterval: Int = Slideshow.defaultInterval,
      decodesAhead: Bool = true, prefetchBytes: Int = Prefetch.budgetBytes,
      isDocument: Bool = false, favoriteRule: FavoriteRule = .picks, pairsFiles: Bool = true,
      grouping: SectionGrouping = .folder, filter: PictureQuery = .none,
      timeZone: LocalTimeZone = .utc, autoAdvance: Bool = false,
      stackRules: StackRules = StackRules()
    ) {
      self.layoutPreset = layoutPreset
      self.firstRowScrolling = firstRowScrolling
      self.appearance = appearance
      self.graphicsSummary = graphicsSummary
      self.keyMap = keyMap
      self.slideshowInterval = slideshowInterval
      self.decodesAhead = decodesAhead
      self.prefetchBytes = prefetchBytes
      self.isDocument = isDocument
      self.favoriteRule = favoriteRule
      self.pairsFiles = pairsFiles
      self.grouping = grouping
      self.filter = filter
      self.timeZone = timeZone
      self.autoAdvance = autoAdvance
      self.stackRules = stackRules
    }
  }
}
