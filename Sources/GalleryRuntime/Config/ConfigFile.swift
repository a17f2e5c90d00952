import FoundationEssentials
import Gallery
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The configuration file, `$XDG_CONFIG_HOME/gallery/config` (default
/// `~/.config/gallery/config`): default options and key bindings as `key = value` lines.
///
///     # comments start with #
///     layout = grid
///     group-by = month
///     color = never
///     symbols = braille
///     office-scrolling = paging
///     cache = no
///     hidden = yes
///     follow-links = no
///     pairs = no
///     slideshow-interval = 5
///     opener = feh -F
///     opener-mode = wait
///     memory = 256M
///     favorites = rating>=4
///     bind j = down
///     bind x = none
///     bind e = run exiftool %f | less
///     bind G = run-detached gimp %m
///
/// Blank lines and lines starting with `#` are skipped. A line that cannot be used is a
/// `ConfigProblem` (with its number) and is skipped; nothing in the file is ever fatal.
/// Options given on the command line win over the file's.
package struct ConfigFile: Sendable {
  /// The options the file sets, over the defaults.
  package var options: GalleryOptions
  /// The lines that could not be used.
  package var problems: [ConfigProblem]

  /// The largest file read; anything bigger is not a configuration.
  static let maximumFileSize = 256 << 10

  /// The file's path: `$XDG_CONFIG_HOME/gallery/config` when that is absolute, else
  /// `$HOME/.config/gallery/config`; nil without either.
  package static func path(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return PathName.join(PathName.join(config, "gallery"), "config")
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return PathName.join(home, ".config/gallery/config")
    }
    return nil
  }

  /// Reads the file the environment names; no file is no settings and no problem.
  package static func load(environment: [String: String]) -> ConfigFile {
    guard let path = path(environment: environment) else { return ConfigFile(text: "") }
    switch read(path) {
    case .success(let text?): return ConfigFile(text: text)
    case .success(nil): return ConfigFile(text: "")
    case .failure(let problem):
      var file = ConfigFile(text: "")
      file.problems = [problem]
      return file
    }
  }

  /// The settings of `text`, over `defaults`.
  package init(text: String, defaults: GalleryOptions = GalleryOptions()) {
    options = defaults
    problems = []
    // "\r\n" is one Character to Swift, never equal to "\n": a file saved with CR LF line
    // ends would otherwise be one long line (found by the config fuzz target).
    // A byte-order mark first (Notepad and some editors write one) is no part of the first
    // setting's name.
    var text = Substring(text)
    if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (index, raw) in lines.enumerated() {
      let line = raw.trimmingSpaces()
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      if let problem = apply(line) { problems.append(ConfigProblem(line: index + 1, problem)) }
    }
  }

  /// The settings' names, for the "did you mean" of an unknown one: every name the
  /// description gives a setting, then `bind`.
  static let settings =
    CommandLineSpec.settings.flatMap { $0.setting?.names ?? [] } + [CommandLineSpec.bindSetting]

  /// Applies one line; returns what is wrong with it, nil when it applied.
  private mutating func apply(_ line: String) -> String? {
    guard let equals = line.firstIndex(of: "=") else {
      return "expected 'key = value', found '\(line)'"
    }
    let key = line[..<equals].trimmingSpaces()
    let value = line[line.index(after: equals)...].trimmingSpaces()
    let bind = CommandLineSpec.bindSetting
    if key.hasPrefix(bind + " ") || key.hasPrefix(bind + "\t") {
      return self.bind(key.dropFirst(bind.count).trimmingSpaces(), to: value)
    }
    guard !value.isEmpty else { return "'\(key)' needs a value" }
    switch CommandLineSpec.setting(named: key)?.effect {
    case .flag(let property, _):
      guard let flag = Self.flag(value) else {
        return "invalid value '\(value)' for '\(key)' (expected yes or no)"
      }
      options[keyPath: property] = flag
    case .value(let set, _):
      do throws(OptionsError) {
        try set(&options, value, key)
      } catch {
        return error.description
      }
    case .help, .version, .syntax, nil:
      // An empty name starts every name: no hint rather than the first setting.
      let suggestion =
        key.isEmpty ? nil : Self.settings.first { $0.hasPrefix(key) || key.hasPrefix($0) }
      return "unknown setting '\(key)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    }
    return nil
  }

  /// `bind KEY = ACTION`: `none` unbinds the key.
  private mutating func bind(_ name: String, to actionName: String) -> String? {
    guard !name.isEmpty else { return "'bind' needs a key: bind KEY = ACTION" }
    guard let key = Key(name: name) else { return "unknown key '\(name)' (see gallery(1))" }
    if actionName == "none" {
      options.keyMap.bind(key, to: nil)
      return nil
    }
    for (word, detached) in [("run-detached", true), ("run", false)] {
      guard
        actionName == word || actionName.hasPrefix(word + " ") || actionName.hasPrefix(word + "\t")
      else { continue }
      let line = actionName.dropFirst(word.count).trimmingSpaces()
      guard !line.isEmpty else { return "'\(word)' needs a command: bind KEY = \(word) COMMAND" }
      let command = UserCommand(line: line, isDetached: detached)
      // Refused now, with its line, rather than failing at the key.
      do throws(UserCommand.Problem) {
        _ = try command.shellLine()
      } catch {
        return error.message
      }
      options.keyMap.bind(key, to: command)
      return nil
    }
    guard let action = KeyAction(named: actionName) else {
      return "unknown action '\(actionName)' (see gallery(1))"
    }
    options.keyMap.bind(key, to: action)
    return nil
  }

  /// The switch's value `text` names (`SettingSpec.switchWords`, in any case).
  private static func flag(_ text: String) -> Bool? {
    let word = text.lowercased()
    if SettingSpec.switchWords.contains(where: { $0.yes == word }) { return true }
    if SettingSpec.switchWords.contains(where: { $0.no == word }) { return false }
    return nil
  }

  /// The file's text; nil when there is none; a problem when it cannot be read.
  private static func read(_ path: String) -> Result<String?, ConfigProblem> {
    do throws(FileReadError) {
      let bytes = try FileReader.read(path: path, limit: Int64(maximumFileSize))
      return .success(String(decoding: bytes, as: UTF8.self))
    } catch .notFound {
      return .success(nil)
    } catch {
      return .failure(ConfigProblem(line: 0, "\(path) \(error.reason)"))
    }
  }
}
