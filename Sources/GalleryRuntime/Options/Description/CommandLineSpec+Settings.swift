import Gallery
import XMPSidecars

extension CommandLineSpec {
  /// What `favorites` takes, in the words of the manual and the error.
  static let favoriteRules = "picks or rating>=1 to rating>=5"

  /// The words of `sidecar-names`, each with the naming it sets.
  static let sidecarNamings: [(word: String, value: SidecarNaming)] = [
    ("automatic", .automatic), ("with-extension", .pictureName), ("without-extension", .stem),
  ]

  /// The seconds `slideshow-interval` takes.
  static let slideshowIntervals = 1...3600

  /// The settings of the configuration file that the command line does not have, in the
  /// man page's order, after the options' own settings.
  package static let settingsOnly: [OptionSpec] = [
    OptionSpec(
      value: .text("picks|rating>=N"), setting: "favorites", settingAliases: ["favourites"],
      settingManual: """
        What makes a picture a favourite, the decision **f** gives and the Favourites \
        section shows: **picks** (the default), the picked pictures, or **rating>=N**, \
        those given at least N stars (1 to 5) and not rejected. **opened**, which older \
        versions took, is read as **picks**; **all** is no longer taken, since decisions \
        are read from the folders opened only.
        """,
      effect: .value(favoriteRuleSetter, words: nil)),
    OptionSpec(
      value: .text("seconds"), setting: "slideshow-interval",
      settingManual: "The pace a slideshow starts at, \(intervalText).",
      effect: .parsed(into: \.slideshowInterval, expected: "seconds, \(intervalText)") {
        Int($0).flatMap { slideshowIntervals.contains($0) ? $0 : nil }
      }),
    OptionSpec(
      setting: "auto-advance",
      settingManual: """
        **yes** moves the focus to the next picture after stars, a flag or a label are \
        given to the focused picture (not to marked ones); **no** (the default) stays.
        """,
      effect: .flag(\.autoAdvance, whenGiven: true)),
    OptionSpec(
      setting: "stacks",
      settingManual: """
        **yes** (the default) shows a burst as one tile, its stack: pictures one after \
        another in a section, taken at most **stack-seconds** apart and alike by their \
        look (**stack-likeness**), with their count (**×7**); **b** opens it in place. \
        **no** shows every picture on its own.
        """,
      effect: .flag(\.stackRules.isOn, whenGiven: true), guide: "[Stacks](#stacks)"),
    OptionSpec(
      value: .text("seconds"), setting: "stack-seconds",
      settingManual: """
        The most seconds between two pictures of a stack, as their files say they were \
        taken, \(stackSecondsText); \(Int(StackRules.standardSeconds)) by default.
        """,
      effect: .parsed(into: \.stackRules.seconds, expected: "seconds, \(stackSecondsText)") {
        Double($0).flatMap { StackRules.secondsRange.contains($0) ? $0 : nil }
      }),
    OptionSpec(
      value: .text("bits"), setting: "stack-likeness",
      settingManual: """
        How alike two pictures of a stack must look: the most bits of 64 their \
        perceptual hashes may differ by, \(stackDistanceText); \(StackRules.standardDistance) \
        by default. Less makes fewer, tighter stacks.
        """,
      effect: .parsed(into: \.stackRules.distance, expected: "bits, \(stackDistanceText)") {
        Int($0).flatMap { StackRules.distanceRange.contains($0) ? $0 : nil }
      }),
    OptionSpec(
      setting: "sidecar-names",
      settingManual: """
        The XMP sidecars that stars, flags and colour labels are written to, beside each \
        picture: **\(sidecarNamings[0].word)** (the default) writes the picture's name \
        followed by **.xmp** (**IMG_0001.CR3.xmp**), which darktable and digiKam read, \
        and for a camera's raw file other than DNG also its name without the extension \
        (**IMG_0001.xmp**), which Lightroom reads; **\(sidecarNamings[1].word)** writes \
        only the first, **\(sidecarNamings[2].word)** only the second. A sidecar of the \
        other name that is there already is updated too.
        """,
      effect: .choice(\.sidecarNaming, words: sidecarNamings, separator: " or ")),
    OptionSpec(
      setting: "xmp-in-file",
      settingManual: """
        **yes** writes the stars, flags and colour labels of a JPEG, PNG, TIFF or DNG \
        picture into the XMP inside the file rather than a sidecar: the file is rewritten \
        whole under a temporary name and put in place only when it differs in nothing but \
        its XMP, and never over another program's save (where the file system can \
        exchange two names); a sidecar the picture has already is updated too. HEIC \
        pictures, camera raw files, other formats and a file that cannot take the XMP \
        still get sidecars. **no** (the default) writes sidecars only.
        """,
      effect: .flag(\.xmpInFile, whenGiven: true)),
    OptionSpec(
      value: .text("command"), setting: "opener",
      settingManual: "The opener when **GALLERY_OPENER** is not set.",
      effect: .parsed(intoOptional: \.opener, expected: "a command") { $0 }),
    OptionSpec(
      setting: "opener-mode",
      settingManual: "How the opener runs (see **OPENING PICTURES**).",
      effect: .choice(\.openerMode)),
  ]

  /// Reads `favorites`: a rule (`picks`, `rating>=4`), or `opened`, the default of older
  /// versions, which meant the favourites of the folders opened: those are the only
  /// ones now. `all` showed every favourite wherever its file was; decisions are read
  /// from the folders opened only, so it is refused with a line saying why, and the
  /// default stays.
  private static let favoriteRuleSetter: OptionEffect.Setter = {
    (options, text, spelled) throws(OptionsError) in
    if text == "opened" {
      options.favoriteRule = .picks
      return
    }
    // Short enough for the status line to keep the why.
    let expected = text == "all" ? "picks or rating>=N; 'all' is retired" : favoriteRules
    guard let rule = FavoriteRule(word: text) else {
      throw .invalidValue(option: spelled, value: text, expected: expected)
    }
    options.favoriteRule = rule
  }

  /// `0 to 3600`: the seconds `stack-seconds` takes, in words.
  private static var stackSecondsText: String {
    "\(Int(StackRules.secondsRange.lowerBound)) to \(Int(StackRules.secondsRange.upperBound))"
  }

  /// `0 to 32`: the bits `stack-likeness` takes, in words.
  private static var stackDistanceText: String {
    "\(StackRules.distanceRange.lowerBound) to \(StackRules.distanceRange.upperBound)"
  }

  /// `1 to 3600`: the seconds `slideshow-interval` takes, in words.
  private static var intervalText: String {
    "\(slideshowIntervals.lowerBound) to \(slideshowIntervals.upperBound)"
  }

  /// The line that binds a key, `bind KEY = ACTION`: its first word.
  package static let bindSetting = "bind"

  /// Every option and setting described: the command line's options, then the settings
  /// only the configuration file has.
  package static var described: [OptionSpec] { options + settingsOnly }

  /// Every option that has a line in the configuration file, in the man page's order.
  package static var settings: [OptionSpec] { described.filter { $0.setting != nil } }

  /// The option whose setting is named `name` (`layout`, `colour`), nil for none.
  package static func setting(named name: String) -> OptionSpec? {
    settings.first { $0.setting?.names.contains(name) == true }
  }
}
