import CompositionalLayout
import Thumbnails

// The layout and the snapshots each name an `ItemIndexPath`; these names keep the app's
// files clear of module prefixes.

/// A position in the gallery: section and item, as the layout sees it.
public typealias ItemIndexPath = CompositionalLayout::ItemIndexPath
/// A size in cells as the layout measures it (`width` columns, `height` rows).
public typealias LayoutCellSize = CompositionalLayout::CellSize
/// The box a thumbnail is rendered into (`columns`, `rows`).
public typealias ArtSize = TileSize
/// The characters cell art may use.
public typealias ArtSymbols = Thumbnails::SymbolSet
