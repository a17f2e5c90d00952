import Testing

@testable import TerminalKit

/// The theme from the setting, the terminal's answer to OSC 11, then COLORFGBG.
@Suite struct ThemeChoiceTests {
  static let white = TerminalColor(red: 255, green: 255, blue: 255)
  static let black = TerminalColor(red: 0, green: 0, blue: 0)

  @Test func aSettingWinsOverEverything() {
    #expect(ThemeChoice.dark.tone(background: Self.white, environment: [:]).tone == .dark)
    #expect(
      ThemeChoice.light.tone(background: Self.black, environment: ["COLORFGBG": "15;0"]).tone
        == .light)
  }

  @Test func theAnswerWinsOverTheEnvironment() {
    let (tone, reason) = ThemeChoice.auto.tone(
      background: Self.white, environment: ["COLORFGBG": "15;0"])
    #expect(tone == .light)
    #expect(reason == "theme light: the terminal's background is #ffffff")
  }

  @Test func colorfgbgWhereNoAnswerCame() {
    func tone(_ value: String) -> BackgroundTone {
      ThemeChoice.auto.tone(background: nil, environment: ["COLORFGBG": value]).tone
    }
    #expect(tone("0;15") == .light)
    #expect(tone("0;7") == .light)
    #expect(tone("15;0") == .dark)
    #expect(tone("7;8") == .dark)
    #expect(tone("0;default;15") == .light)  // rxvt's three fields
    #expect(tone("15;default") == .dark, "no number: the default")
    #expect(tone("0;231") == .light, "the cube's white")
    #expect(tone("15;16") == .dark, "the cube's black")
    #expect(tone("") == .dark)
    let (_, reason) = ThemeChoice.auto.tone(background: nil, environment: [:])
    #expect(reason.contains("no answer to OSC 11 and no COLORFGBG"))
  }
}
