/// The colour labels of a picture: the five darktable and Lightroom share.
package struct ColorLabels: OptionSet, Hashable, Sendable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  package static let red = ColorLabels(rawValue: 1 << 0)
  package static let yellow = ColorLabels(rawValue: 1 << 1)
  package static let green = ColorLabels(rawValue: 1 << 2)
  package static let blue = ColorLabels(rawValue: 1 << 3)
  package static let purple = ColorLabels(rawValue: 1 << 4)

  /// Every label, in darktable's order (its `colorlabels` numbers 0–4).
  package static let inOrder: [ColorLabel] = [.red, .yellow, .green, .blue, .purple]

  /// The labels set, in darktable's order.
  package var labels: [ColorLabel] { Self.inOrder.filter { contains($0.set) } }

  /// The first label set, the one editors that keep only one label are given.
  package var first: ColorLabel? { labels.first }
}

/// One colour label, with the names and numbers each editor uses for it.
package enum ColorLabel: Int, CaseIterable, Hashable, Sendable {
  case red = 0
  case yellow = 1
  case green = 2
  case blue = 3
  case purple = 4

  /// The set holding this label alone.
  package var set: ColorLabels { ColorLabels(rawValue: 1 << UInt8(rawValue)) }

  /// `xmp:Label` as Lightroom writes it and darktable reads it: `Red`, `Yellow`…
  package var xmpLabel: String {
    switch self {
    case .red: "Red"
    case .yellow: "Yellow"
    case .green: "Green"
    case .blue: "Blue"
    case .purple: "Purple"
    }
  }

  /// The label an `xmp:Label` names, case ignored; nil for any other text.
  package init?(xmpLabel: String) {
    guard
      let label = Self.allCases.first(where: { $0.xmpLabel.lowercased() == xmpLabel.lowercased() })
    else { return nil }
    self = label
  }

  /// darktable's number in `darktable:colorlabels`.
  package var darktableNumber: Int { rawValue }

  /// digiKam's `ColorLabel`: 1 red, 3 yellow, 4 green, 5 blue, 6 magenta (for purple).
  package var digiKamColorLabel: Int {
    switch self {
    case .red: 1
    case .yellow: 3
    case .green: 4
    case .blue: 5
    case .purple: 6
    }
  }

  /// The label a digiKam `ColorLabel` names; nil for none and the colours darktable lacks
  /// (orange, gray, black, white).
  package init?(digiKamColorLabel: Int) {
    guard let label = Self.allCases.first(where: { $0.digiKamColorLabel == digiKamColorLabel })
    else { return nil }
    self = label
  }

  /// The name the configuration and the search use: `red`, `yellow`…
  package var name: String { xmpLabel.lowercased() }
}
