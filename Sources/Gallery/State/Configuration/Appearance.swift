import FoundationEssentials
import Pictures
import TerminalKit

/// How the gallery draws: the cell art's colours and characters, and the borders.
package struct Appearance: Hashable, Sendable {
  package var colorMode: ColorMode
  package var symbols: SymbolSet
  /// False when the locale is not UTF-8: ASCII borders and marks.
  package var unicode: Bool
  /// How pictures reach the terminal in pixels (kitty, sixel, iTerm2); nil draws them
  /// as cell art.
  package var pictureFormat: TerminalImage.Format?
  /// The words of the user's locale for dates (`LC_TIME`), as the C library has them:
  /// `14 Jul 2025, 18:30` in `en_GB`; nil in the C locale, where dates are
  /// `2025-07-14 18:30`.
  package var locale: LocaleWords?
  /// The styles of the text, for the terminal's background.
  package var theme: Theme
  /// What a picture in pixels' own transparent pixels are drawn over: the terminal's
  /// background where it said. Its letterbox is transparent whatever this is.
  package var pictureBackground: BackgroundColor
  /// The largest picture the terminal takes, in pixels (its largest sixel: xterm drops a
  /// larger one whole); nil: no limit known.
  package var largestPicture: PixelSize?
  /// How kitty's pictures are packed: as PNG over a slow link, plain for a kitty that
  /// reads them from files on this machine, deflated otherwise.
  package var picturePacking: PicturePacking
  /// Whether pictures in pixels are sent in fewer bytes at more work (kitty's as PNG):
  /// the link to the terminal is slow, and cell art shows while they travel.
  package var compactPictures: Bool { picturePacking == .png }
  /// sixel: the colour registers the terminal reported (foot and mlterm: 1024); nil when
  /// it did not say, and pictures use libchafa's 256.
  package var sixelRegisters: Int?

  package init(
    colorMode: ColorMode = .truecolor, symbols: SymbolSet = .blocks, unicode: Bool = true,
    pictureFormat: TerminalImage.Format? = nil, locale: LocaleWords? = nil, theme: Theme = .dark,
    pictureBackground: BackgroundColor = .black, largestPicture: PixelSize? = nil,
    picturePacking: PicturePacking = .deflated, sixelRegisters: Int? = nil
  ) {
    self.sixelRegisters = sixelRegisters
    self.picturePacking = picturePacking
    self.largestPicture = largestPicture
    self.theme = theme
    self.pictureBackground = pictureBackground
    self.colorMode = colorMode
    self.symbols = symbols
    self.unicode = unicode
    self.pictureFormat = pictureFormat
    self.locale = locale
  }

  /// Whether a picture cut by the screen's edge must be asked for cut (sixel and
  /// iTerm2 cannot draw part of an image; kitty crops on its own).
  package var cropsPictures: Bool { pictureFormat == .sixel || pictureFormat == .iterm2 }

  /// The focus frame's border.
  package var focusBorder: BorderSet { unicode ? .rounded : .ascii }
  /// How text too long for its place is cut: `…`, or `...` without UTF-8.
  package var truncation: Truncation { unicode ? .ellipsis() : .ellipsis("...") }
  /// How a file name is shortened: in the middle, so its end and extension show.
  package var nameTruncation: Truncation { unicode ? .middle() : .middle("...") }
  /// The placeholder's border.
  package var placeholderBorder: BorderSet { unicode ? .square : .ascii }
}

extension GalleryState {
  /// The styles of the text (`appearance.theme`).
  var theme: Theme { appearance.theme }
}
