import TerminalKit

/// Which key does what: the standard keys, changed by the configuration file's `bind`
/// lines.
///
/// Text typed into the filter does not go through the map: there every printable key is
/// a character.
package struct KeyMap: Hashable, Sendable {
  private var actions: [Key: KeyAction]
  /// The keys bound to a command of the user's (`bind KEY = run COMMAND`).
  private var commands: [Key: UserCommand] = [:]

  /// The keys as the help lists them.
  package static let standard = KeyMap(actions: [
    .up: .up, .character("k"): .up, .down: .down, .character("j"): .down,
    .left: .left, .character("h"): .left, .right: .right, .character("l"): .right,
    .pageUp: .pageUp, .control("b"): .pageUp, .pageDown: .pageDown, .control("f"): .pageDown,
    .home: .first, .character("g"): .first, .end: .last, .character("G"): .last,
    .tab: .nextSection, .backTab: .previousSection,
    .enter: .select, .escape: .back, .backspace: .back,
    .character("f"): .favorite, .character(" "): .play,
    .character("m"): .mark, .character("M"): .markSection, .character("u"): .unmarkAll,
    .character("s"): .sort, .character("S"): .reverseSort, .character("/"): .filter,
    .character("t"): .group, .character("T"): .goToDate,
    .character("d"): .trash, .delete: .trash, .character("D"): .trashRejects,
    .character("U"): .undo,
    .character("x"): .moveTo, .character("c"): .copyTo, .character("r"): .rename,
    .character("<"): .turnLeft, .character(">"): .turnRight,
    .character("|"): .flipHorizontal, .character("_"): .flipVertical,
    .control("x"): .keyHandler, .character("I"): .importCard,
    .character("o"): .open, .character("y"): .copy, .character("p"): .slideshow,
    .character("+"): .zoomIn, .character("-"): .zoomOut, .character("="): .actualSize,
    .character("W"): .fit,
    .character("N"): .survey, .character("L"): .synchronizeZoom,
    .character("b"): .stack, .character("K"): .keepOne,
    .character("C"): .duplicates, .character("R"): .trashCopies,
    .character("H"): .histogram, .character("J"): .clipping,
    .character("0"): .rate0, .character("1"): .rate1, .character("2"): .rate2,
    .character("3"): .rate3, .character("4"): .rate4, .character("5"): .rate5,
    .character("X"): .reject, .character("P"): .pick,
    .character("6"): .labelRed, .character("7"): .labelYellow,
    .character("8"): .labelGreen, .character("9"): .labelBlue,
    .character("v"): .list, .character("z"): .fold, .character("?"): .help,
    .character("!"): .report,
    .control("l"): .redraw, .character("q"): .quit,
  ])

  /// What `key` does; nil when it does nothing.
  package func action(for key: Key) -> KeyAction? { actions[key] }

  /// Makes `key` do `action`, or nothing (nil).
  package mutating func bind(_ key: Key, to action: KeyAction?) {
    actions[key] = action
    commands[key] = nil
  }

  /// Makes `key` run `command` instead of any action.
  package mutating func bind(_ key: Key, to command: UserCommand) {
    actions[key] = nil
    commands[key] = command
  }

  /// The command of the user's that `key` runs; nil when it runs none.
  package func command(for key: Key) -> UserCommand? { commands[key] }

  /// The user's commands with their keys, sorted by key name (for the help).
  package var userCommands: [(key: Key, command: UserCommand)] {
    commands.map { (key: $0.key, command: $0.value) }.sorted {
      $0.key.description < $1.key.description
    }
  }

  /// The keys that do `action`: named keys (`down`, `ctrl-f`) before characters, each
  /// sorted by name.
  package func keys(for action: KeyAction) -> [Key] {
    func isCharacter(_ key: Key) -> Bool {
      if case .character(let character) = key { return character != " " }
      return false
    }
    return actions.filter { $0.value == action }.map(\.key).sorted {
      isCharacter($0) != isCharacter($1) ? !isCharacter($0) : $0.description < $1.description
    }
  }

  /// Whether `action` has exactly the keys it has in the standard map.
  package func isStandard(_ action: KeyAction) -> Bool {
    keys(for: action) == Self.standard.keys(for: action)
  }
}
