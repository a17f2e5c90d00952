/// An option's line in the configuration file (`layout = grid`): its name, the other
/// names read as it, and what the man page says of it when that is more than "as the
/// option of the same name".
package struct SettingSpec: Sendable {
  /// The name before the `=`: `layout`, `cache`, `slideshow-interval`.
  package let name: String
  /// Other names read as it and not shown in the lists (`colour`, `favourites`).
  package let aliases: [String]
  /// The man page's paragraph (the markup of `OptionSpec.manual`); nil for one made from
  /// the option it is (`As **--layout**.`).
  package let manual: String?

  /// Every name it is read by, its own first.
  package var names: [String] { [name] + aliases }

  /// The words a switch's setting takes for yes and for no, in any case, the usual
  /// pair first (`cache = no`): `ConfigFile` reads them and the docs list them.
  package static let switchWords: [(yes: String, no: String)] = [
    ("yes", "no"), ("true", "false"), ("on", "off"), ("1", "0"),
  ]
}
