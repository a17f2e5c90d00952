import TerminalKit

/// Where the gallery keeps what it remembers between runs (the favourites, the state
/// file): `$XDG_STATE_HOME/gallery`, else `$HOME/.local/state/gallery`.
package enum StateFolder {
  /// The folder, or nil without `XDG_STATE_HOME` or `HOME`. A relative `XDG_STATE_HOME`
  /// is ignored, as the XDG base directory rules require.
  package static func path(environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return PathName.join(state, "gallery")
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return PathName.join(home, ".local/state/gallery")
    }
    return nil
  }
}
