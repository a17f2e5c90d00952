import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// Every text the screens draw is readable on the background its theme is for: its
/// contrast with the cell's background (reverse video swapped, the terminal's default
/// colours taken as xterm's: black and white) is at least 3:1, WCAG's floor for large
/// text and marks.
@Suite struct ThemeContrastTests {
  static func state(_ theme: Theme, width: Int = 100, height: Int = 30) -> GalleryState {
    var state = GalleryState(
      library: AppFixture.library(), width: 10, height: 10,
      configuration: .init(appearance: Appearance(theme: theme)))
    _ = state.update(.resize(width: width, height: height, cellAspect: 2))
    _ = state.update(
      .decisionsRead([
        "/pictures/Office/office-2.jpg": CullingDecision(
          rating: .unrated, flag: .picked, labels: [])
      ]))
    // Culling's stars, flags and every label, on the tiles the grid shows.
    _ = state.update(
      .decisionsRead([
        "/pictures/Kitchen/kitchen-2.jpg": CullingDecision(
          rating: StarRating(clamping: 5), flag: .picked, labels: [.red, .yellow]),
        "/pictures/Kitchen/kitchen-1.jpg": CullingDecision(
          rating: StarRating(clamping: 1), flag: .rejected, labels: [.green, .blue, .purple]),
      ]))
    return state
  }

  /// The screens to look at: the grid with a mark, a favourite and a failed picture, the
  /// list, the detail view, the help.
  static func screens(_ theme: Theme) -> [(String, Frame)] {
    var grid = state(theme)
    AppFixture.press([.right, .character("m"), .down], &grid)
    var list = grid
    AppFixture.press([.character("v")], &list)
    var detail = state(theme)
    AppFixture.press([.right, .enter], &detail)
    var help = state(theme)
    AppFixture.press([.character("?")], &help)
    return [
      ("grid", GalleryView.render(FrameGoldenTests.withArt(grid))),
      ("list", GalleryView.render(list)), ("detail", GalleryView.render(detail)),
      ("help", GalleryView.render(help)),
    ]
  }

  static func luminance(_ rgb: (UInt8, UInt8, UInt8)) -> Double {
    func linear(_ channel: UInt8) -> Double {
      let value = Double(channel) / 255
      return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(rgb.0) + 0.7152 * linear(rgb.1) + 0.0722 * linear(rgb.2)
  }

  static func contrast(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Double {
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  /// The weakest contrast of any drawn character outside the pictures' art, and where.
  static func weakest(_ frame: Frame, tone: BackgroundTone) -> (Double, String) {
    let paper: (UInt8, UInt8, UInt8) = tone == .dark ? (0, 0, 0) : (255, 255, 255)
    let ink: (UInt8, UInt8, UInt8) = tone == .dark ? (229, 229, 229) : (0, 0, 0)
    var result = (Double.infinity, "")
    for y in 0..<frame.height {
      for x in 0..<frame.width {
        let cell = frame[x, y]
        guard let character = cell.character, character != " ", !cell.isContinuation,
          cell.style != FrameGoldenTests.artStyle,
          !"▚▒░█▀▄".contains(character)
        else { continue }
        var foreground = cell.style.foreground.rgbComponents ?? ink
        var background = cell.style.background.rgbComponents ?? paper
        if cell.style.attributes.contains(.reverse) { swap(&foreground, &background) }
        let ratio = contrast(foreground, background)
        if ratio < result.0 { result = (ratio, "\(character) at (\(x), \(y)) in \(cell.style)") }
      }
    }
    return result
  }

  @Test(arguments: [BackgroundTone.dark, .light])
  func everyTextIsReadable(tone: BackgroundTone) {
    let screens = Self.screens(Theme(tone: tone))
    for (name, frame) in screens {
      let (ratio, place) = Self.weakest(frame, tone: tone)
      #expect(ratio >= 3, "\(tone) \(name): \(ratio) for \(place)")
    }
    let grid = screens[0].1.text
    #expect(["★", "⚑", "✗", "●"].allSatisfy(grid.contains), "the culling marks looked at")
    let dots = screens[0].1.cells.filter { $0.character == "●" }.map(\.style.foreground)
    #expect(Set(dots).count == 5, "every label's colour")
  }

  @Test func theDarkThemeOnWhiteWasUnreadableAndTheLightOneIsNot() {
    // What a light terminal showed before: white headers on white.
    let dark = Self.screens(.dark).map { Self.weakest($0.1, tone: .light).0 }.min() ?? 0
    let light = Self.screens(.light).map { Self.weakest($0.1, tone: .light).0 }.min() ?? 0
    #expect(dark < 1.5)
    #expect(light >= 3)
  }

  /// A mark, the focus and a broken picture each keep a colour of their own, in 256
  /// colours and in the 16 a sixel xterm has, on both backgrounds.
  @Test(arguments: [Theme.dark, .light], [ColorMode.indexed256, .ansi16])
  func aMarkIsNotTheColourOfTheFocusOrOfABrokenPicture(_ theme: Theme, _ mode: ColorMode) {
    func colour(_ style: Style) -> Color { style.foreground.converted(to: mode) }
    let mark = colour(theme.markFrame)
    #expect(mark != .default)
    #expect(mark != colour(theme.broken))
    #expect(mark != colour(theme.focusBorder))
    #expect(colour(theme.markBadge) == mark)
  }
}
