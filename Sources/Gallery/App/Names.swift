import CompositionalLayout
import Thumbnails

// Three targets each name a `CellSize` (the options' `WxH`, the layout's cells and the
// thumbnails' box) and two an `ItemIndexPath`; these names keep the app's files clear.

/// A position in the gallery: section and item, as the layout sees it.
public typealias ItemIndexPath = CompositionalLayout::ItemIndexPath
/// A size in cells as the layout measures it (`width` columns, `height` rows).
public typealias LayoutCellSize = CompositionalLayout::CellSize
/// The box a thumbnail is rendered into (`columns`, `rows`).
public typealias ArtSize = Thumbnails::CellSize
/// The colours cell art is rendered for.
public typealias ArtColorMode = Thumbnails::ColorMode
/// The characters cell art may use.
public typealias ArtSymbols = Thumbnails::SymbolSet
