import CompositionalLayout
import Thumbnails

// Short names for the app's files: the layout's size, the thumbnail box, the art symbols.

/// A size in cells as the layout measures it (`width` columns, `height` rows).
public typealias LayoutCellSize = CompositionalLayout::CellSize
/// The box a thumbnail is rendered into (`columns`, `rows`).
public typealias ArtSize = TileSize
/// The characters cell art may use.
public typealias ArtSymbols = Thumbnails::SymbolSet
