import Testing

@testable import TerminalKit

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("a", 1), ("é", 1), ("e\u{301}", 1), ("写", 2), ("Ａ", 2), ("😀", 2), ("한", 2),
    ("\u{1B}", 0), ("\u{200D}", 0), ("\u{301}", 0), ("❤\u{FE0F}", 2), ("❤", 1), ("🇫🇷", 2),
    ("─", 1), ("╭", 1),
  ])
  func characterWidth(text: String, expected: Int) {
    #expect(DisplayWidth.of(text) == expected, "\(text.unicodeScalars.map { $0.value })")
  }

  @Test func stringWidthSumsCharacters() {
    #expect("Café 写真 😀".displayWidth == 4 + 1 + 4 + 1 + 2)
    #expect("".displayWidth == 0)
  }

  @Test func tableIsSortedAndDisjoint() {
    let table = DisplayWidth.wideRanges
    for index in 1..<table.count {
      #expect(table[index - 1].upperBound < table[index].lowerBound, "at \(index)")
    }
  }
}
