import Gallery

extension CommandLineSpec {
  /// The settings of the configuration file that the command line does not have, in the
  /// man page's order, after the options' own settings.
  package static let settingsOnly: [OptionSpec] = [
    OptionSpec(
      value: .choice(["opened", "all"]), setting: "favorites", settingAliases: ["favourites"],
      settingManual: """
        Which favourites the Favourites section shows: those under the folders opened (the \
        default), or all of them.
        """,
      effect: .parsed(into: \.allFavorites, expected: "opened or all") {
        ["opened": false, "all": true][$0]
      }),
    OptionSpec(
      value: .text("seconds"), setting: "slideshow-interval",
      settingManual: "The pace a slideshow starts at, 1 to 3600.",
      effect: .parsed(into: \.slideshowInterval, expected: "seconds, 1 to 3600") {
        Int($0).flatMap { (1...3600).contains($0) ? $0 : nil }
      }),
    OptionSpec(
      value: .text("command"), setting: "opener",
      settingManual: "The opener when **GALLERY_OPENER** is not set.",
      effect: .parsed(intoOptional: \.opener, expected: "a command") { $0 }),
    OptionSpec(
      setting: "opener-mode",
      settingManual: """
        How the opener runs: **wait** waits for it with the terminal handed over, **detach** \
        starts it in a session of its own without the terminal, and **auto** (the default) \
        detaches **xdg-open** in a graphical session and waits for any other opener.
        """,
      effect: .choice(\.openerMode)),
  ]

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
