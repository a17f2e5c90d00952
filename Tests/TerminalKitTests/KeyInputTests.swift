import Testing

@testable import TerminalKit

/// Keys by name (the configuration file's words) and the common escape sequences the
/// backend teaches its decoder.
@Suite struct KeyInputTests {
  @Test func everyKeyReadsBackFromItsOwnName() {
    let keys: [Key] = [
      .character("g"), .character("G"), .character("/"), .character(" "), .character("+"),
      .control("l"), .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .insert,
      .delete, .tab, .backTab, .enter, .escape, .backspace, .function(5), .function(12),
    ]
    for key in keys { #expect(Key(name: key.description) == key, "\(key)") }
  }

  /// The table of names is what `Key(name:)` reads and `description` writes: each entry's
  /// first name is the key's own.
  @Test func theNameTableIsWhatNamesAreReadAndWrittenBy() {
    for (key, names) in Key.nameTable {
      #expect(names.first == key.description, "\(key)")
      for name in names { #expect(Key(name: name) == key, "\(name)") }
    }
    #expect(Set(Key.nameTable.map(\.key)).count == Key.nameTable.count)
    for prefix in Key.controlPrefixes { #expect(Key(name: prefix + "x") == .control("x")) }
    #expect(Key.controlPrefixes.first.map { $0 + "x" } == Key.control("x").description)
  }

  @Test func namesTakeTheUsualShortFormsAndAnyCase() {
    #expect(Key(name: "Esc") == .escape)
    #expect(Key(name: "RETURN") == .enter)
    #expect(Key(name: "PgUp") == .pageUp)
    #expect(Key(name: "pgdn") == .pageDown)
    #expect(Key(name: "C-f") == .control("f"))
    #expect(Key(name: "Ctrl-B") == .control("b"))
    #expect(Key(name: "^l") == .control("l"))
    // Terminals send Ctrl-I and Ctrl-M as Tab and Enter; the names say what arrives.
    #expect(Key(name: "ctrl-i") == .tab)
    #expect(Key(name: "ctrl-m") == .enter)
  }

  @Test func unknownNamesAreNil() {
    for name in ["", "ctrl-", "ctrl-ab", "ctrl-1", "f0", "f64", "pageupp", "\u{7}", "xy"] {
      #expect(Key(name: name) == nil, "\(name)")
    }
  }

  @Test func commonSequencesCoverEveryVariantOfHomeAndEnd() {
    func keys(_ bytes: String) -> [Key] {
      KeySequence.common.filter { $0.bytes == bytes }.map(\.key)
    }
    for end in ["\u{1B}[4~", "\u{1B}[8~", "\u{1B}[F", "\u{1B}OF"] { #expect(keys(end) == [.end]) }
    for home in ["\u{1B}[1~", "\u{1B}[7~", "\u{1B}[H", "\u{1B}OH"] {
      #expect(keys(home) == [.home])
    }
    #expect(keys("\u{1B}OA") == [.up] && keys("\u{1B}[D") == [.left])
    #expect(keys("\u{1B}[5~") == [.pageUp] && keys("\u{1B}[6~") == [.pageDown])
    #expect(keys("\u{1B}[11~") == [.function(1)] && keys("\u{1B}[24~") == [.function(12)])
  }

  @Test func noCommonSequenceIsAPrefixOfAnotherOrRepeated() {
    let all = KeySequence.common.map(\.bytes)
    #expect(Set(all).count == all.count)
    for a in all {
      #expect(a.hasPrefix("\u{1B}"))
      for b in all where a != b {
        #expect(!b.hasPrefix(a), "\(a.debugDescription) \(b.debugDescription)")
      }
    }
  }
}
