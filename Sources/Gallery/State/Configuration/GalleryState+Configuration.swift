import CompositionalLayout
import Foundation
import TerminalKit

extension GalleryState {
  /// How the gallery is set up; fixed for a run.
  ///
  /// Made once from the options and the configuration file (`GalleryLaunch`); parts
  /// read it, none writes it.
  public struct Configuration: Hashable, Sendable {
    /// The arrangement chosen with `--layout`.
    public var layoutPreset: LayoutPreset
    /// How the showcase's first row scrolls (`--office-scrolling`).
    public var firstRowScrolling: FirstRowScrolling
    /// How pictures and borders are drawn.
    public var appearance: Appearance
    /// How pictures reach the terminal and why, for the help (`sixel · XTerm(388)`);
    /// nil when nobody asked the terminal.
    public var graphicsSummary: String?
    /// Which key does what (the standard keys, or the configuration file's).
    public var keyMap: KeyMap
    /// Seconds a slideshow shows each picture when it starts.
    public var slideshowInterval: Int
    /// Whether pictures are decoded ahead while the user is idle; off, the page above
    /// and below are asked for at once, as before (only to measure what it brings).
    public var decodesAhead: Bool
    /// Which favourites the Favourites section shows: all of them, or those under the
    /// folders opened (`GalleryLaunch` names them).
    public var favoritesScope: FavoritesScope
    /// Whether the files of a pair (RAW+JPEG, a Live Photo) show as one picture; false
    /// (`--apart`, `pairs = no`) shows each file.
    public var pairsFiles: Bool
    /// Whether the sections are laid out down a page with nothing scrolling sideways, so
    /// every picture is drawn (`--print`; see `SectionPlan`).
    public var isDocument: Bool
    /// The most bytes decoding ahead may take (`Prefetch.estimatedBytes` each): at most
    /// `Prefetch.budgetBytes`, less when the memory budget is small, so what is decoded
    /// ahead is not pushed out of the caches before it is shown.
    public var prefetchBytes: Int
    /// What the sections are at start (`--group-by`, `group-by =`): folders, or days,
    /// months or years taken; `t` changes it.
    public var grouping: SectionGrouping
    /// The time zone pictures are put on days in: the machine's, which the runtime passes
    /// (the dates were read in it). GMT (UTC+0) by default, for tests and prints: a pure target
    /// never reads the machine's clock, time zone or locale.
    public var timeZone: TimeZone

    public init(
      layoutPreset: LayoutPreset = .showcase,
      firstRowScrolling: FirstRowScrolling = .automatic,
      appearance: Appearance = Appearance(), graphicsSummary: String? = nil,
      keyMap: KeyMap = .standard, slideshowInterval: Int = Slideshow.defaultInterval,
      decodesAhead: Bool = true, prefetchBytes: Int = Prefetch.budgetBytes,
      isDocument: Bool = false, favoritesScope: FavoritesScope = .all, pairsFiles: Bool = true,
      grouping: SectionGrouping = .folder, timeZone: TimeZone = .gmt
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
      self.favoritesScope = favoritesScope
      self.pairsFiles = pairsFiles
      self.grouping = grouping
      self.timeZone = timeZone
    }
  }
}
