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
}
