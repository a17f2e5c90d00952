import Pictures
import TerminalKit
import Testing

@testable import GalleryRuntime

/// How kitty's pictures are packed, from what the probe found of the terminal and the
/// link: a kitty here reads plain pixels from files, a slow link gets PNGs.
@Suite struct PicturePackingLaunchTests {
  static func kitty(readsFiles: Bool, milliseconds: Double = 3) -> GraphicsCapabilities {
    var graphics = GraphicsCapabilities(
      graphicsProtocol: .kitty(unicodePlaceholders: false),
      cellPixelSize: CellPixelSize(width: 10, height: 20))
    graphics.kittyReadsFiles = readsFiles
    graphics.answeredInTime = true
    graphics.detectionMilliseconds = milliseconds
    return graphics
  }

  @Test func aKittyOnThisMachineGetsPlainPixels() {
    let launch = GalleryLaunch(options: GalleryOptions(), unicode: true, environment: [:])
    #expect(launch.picturePacking(Self.kitty(readsFiles: true)) == .plain)
    let configuration = launch.configuration(
      colorMode: .truecolor, graphics: Self.kitty(readsFiles: true))
    #expect(configuration.appearance.picturePacking == .plain)
    #expect(!configuration.appearance.compactPictures)
  }

  @Test func aKittyElsewhereGetsDeflatedPixelsOrPNGsOverASlowLink() {
    let launch = GalleryLaunch(options: GalleryOptions(), unicode: true, environment: [:])
    #expect(launch.picturePacking(Self.kitty(readsFiles: false)) == .deflated)
    #expect(launch.picturePacking(Self.kitty(readsFiles: false, milliseconds: 120)) == .png)
    var slow = GalleryOptions()
    slow.link = .slow
    let overSlowLink = GalleryLaunch(options: slow, unicode: true, environment: [:])
    #expect(overSlowLink.picturePacking(Self.kitty(readsFiles: true)) == .png)
    #expect(
      overSlowLink.configuration(colorMode: .truecolor, graphics: Self.kitty(readsFiles: true))
        .appearance.compactPictures)
  }

  @Test func otherProtocolsAreNotPacked() {
    let launch = GalleryLaunch(options: GalleryOptions(), unicode: true, environment: [:])
    let sixel = GraphicsCapabilities(graphicsProtocol: .sixel)
    #expect(launch.picturePacking(sixel) == .deflated)
  }
}
