import CompositionalLayout
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// Pictures in pixels: the same tiles as cell art, cut to the view for the protocols
/// that cannot draw part of an image, and placed in the frame.
@Suite struct PictureStateTests {
  static func state(_ format: TerminalImage.Format?, width: Int = 80, height: Int = 24)
    -> GalleryState
  {
    var state = GalleryState(
      library: AppFixture.library(), width: 10, height: 10,
      configuration: .init(
        firstRowScrolling: .paging, appearance: Appearance(pictureFormat: format)))
    _ = state.update(
      .resize(
        width: width, height: height, cellAspect: 2,
        cellPixels: CellPixelSize(width: 8, height: 16)))
    return state
  }

  @Test func sixelTilesCutByTheViewAreAskedForCutAndKittyTilesWhole() {
    for format in [TerminalImage.Format.sixel, .iterm2, .kitty, .kittyPlaceholder] {
      let state = Self.state(format)
      #expect(state.viewport.cellPixels == CellPixelSize(width: 8, height: 16))
      let wants = state.thumbnailWants().filter { $0.priority >= .visible }
      let cut = wants.filter { $0.visible != nil }
      if state.appearance.cropsPictures {
        #expect(
          cut.contains { $0.visible?.rows ?? 0 < $0.size.rows },
          "\(format): the bottom row is cut by the status line")
        #expect(
          cut.contains { $0.visible?.columns ?? 0 < $0.size.columns },
          "\(format): the row's next picture is cut by the right edge")
        for want in cut {
          let crop = want.visible ?? TileCrop(column: 0, row: 0, columns: 0, rows: 0)
          #expect(crop.columns * crop.rows < want.size.columns * want.size.rows)
          #expect(crop.column + crop.columns <= want.size.columns)
          #expect(crop.row + crop.rows <= want.size.rows)
        }
      } else {
        #expect(cut.isEmpty, "\(format) crops on its own")
      }
    }
  }

  @Test func aPictureArrivingIsPlacedInsideItsRing() throws {
    var state = Self.state(.sixel)
    let focusWant = try #require(state.thumbnailWants().first)
    let image = TerminalImage(
      id: 7, format: .sixel, columns: focusWant.size.columns, rows: focusWant.size.rows,
      pixelWidth: focusWant.size.columns * 8, pixelHeight: focusWant.size.rows * 16,
      payload: Array("sixel".utf8))
    _ = state.update(
      .pictureReady(
        focusWant.pictureKey,
        result: .image(image, metadata: nil, isPartial: false)))
    let frame = GalleryView.render(state)
    let placement = try #require(frame.images.first)
    #expect(placement.image === image)
    let focus = try #require(state.focus.flatMap { state.frame(of: $0) })
    #expect(placement.x == focus.minX + 1 && placement.y == focus.minY + 1 - state.scrollY)
    #expect(frame[placement.x, placement.y].isImageMarker)
    #expect(!frame[focus.minX, focus.minY - state.scrollY].isImageMarker, "the ring stays text")
  }

  /// Over a slow link a picture's cell art shows while its pixels travel; on a fast one the
  /// placeholder does, and the picture replaces either when it comes.
  @Test func overASlowLinkCellArtShowsFirst() throws {
    for compact in [true, false] {
      var state = GalleryState(
        library: AppFixture.library(), width: 10, height: 10,
        configuration: .init(
          firstRowScrolling: .paging,
          appearance: Appearance(pictureFormat: .kitty, picturePacking: compact ? .png : .deflated))
      )
      _ = state.update(
        .resize(
          width: 80, height: 24, cellAspect: 2, cellPixels: CellPixelSize(width: 8, height: 16)))
      let want = try #require(state.thumbnailWants().first)
      #expect(
        want.pictureRequest(in: state.appearance, cell: CellPixelSize(width: 8, height: 16))?
          .packing == (compact ? .png : .deflated))
      let cells = (0..<(want.size.columns * want.size.rows)).map { _ in
        Cell("▚", style: FrameGoldenTests.artStyle)
      }
      let fit = CellFit(column: 0, row: 0, columns: want.size.columns, rows: want.size.rows)
      _ = state.update(
        .thumbnailReady(
          path: want.path, size: want.size,
          result: .art(
            CellArt(size: want.size, fit: fit, cells: cells), metadata: nil, isPartial: false)))
      let focus = try #require(state.focus.flatMap { state.frame(of: $0) })
      let inside = GalleryView.render(state)[focus.minX + 1, focus.minY + 1 - state.scrollY]
      #expect((inside.style == FrameGoldenTests.artStyle) == compact, "compact \(compact)")
      let image = TerminalImage(
        id: 9, format: .kitty, columns: want.size.columns, rows: want.size.rows,
        pixelWidth: want.size.columns * 8, pixelHeight: want.size.rows * 16, payload: [])
      _ = state.update(
        .pictureReady(want.pictureKey, result: .image(image, metadata: nil, isPartial: false)))
      #expect(GalleryView.render(state).images.first?.image === image)
    }
  }

  /// A grid tile larger than the largest sixel the terminal takes is asked for within it
  /// and drawn centred in its ring; cell art keeps the whole ring.
  @Test func aTileFitsTheLargestSixel() throws {
    var state = GalleryState(
      library: AppFixture.library(), width: 10, height: 10,
      configuration: .init(
        firstRowScrolling: .paging,
        appearance: Appearance(
          pictureFormat: .sixel, largestPicture: PixelSize(width: 200, height: 96))))
    _ = state.update(
      .resize(
        width: 160, height: 50, cellAspect: 2, cellPixels: CellPixelSize(width: 8, height: 16)))
    let wants = state.thumbnailWants()
    #expect(!wants.isEmpty)
    #expect(wants.allSatisfy { $0.size.columns <= 25 && $0.size.rows <= 6 })
    let want = try #require(wants.first)
    let image = TerminalImage(
      id: 3, format: .sixel, columns: want.size.columns, rows: want.size.rows,
      pixelWidth: want.size.columns * 8, pixelHeight: want.size.rows * 16, payload: [])
    _ = state.update(
      .pictureReady(want.pictureKey, result: .image(image, metadata: nil, isPartial: false)))
    let focus = try #require(state.focus.flatMap { state.frame(of: $0) })
    let placement = try #require(GalleryView.render(state).images.first)
    #expect(placement.x == focus.minX + 1 + (focus.width - 2 - want.size.columns) / 2)
    #expect(placement.y == focus.minY + 1 + (focus.height - 2 - want.size.rows) / 2 - state.scrollY)
    #expect(focus.width - 2 > 25, "the ring is wider than the limit")
  }

  @Test func cellArtIsNotAskedForInPixels() throws {
    let state = Self.state(.kitty)
    let cell = try #require(state.viewport.cellPixels)
    for want in state.thumbnailWants() {
      #expect(want.pictureRequest(in: state.appearance, cell: cell) != nil)
    }
    #expect(
      Self.state(nil).thumbnailWants().allSatisfy {
        $0.pictureRequest(in: Appearance(), cell: CellPixelSize(width: 8, height: 16)) == nil
      })
  }
}
