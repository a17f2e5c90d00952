import CompositionalLayout
import Testing

/// Golden pictures of the four list appearances, each with headers and footers.
@Suite struct ListAppearanceTests {
  private func picture(_ appearance: ListConfiguration.Appearance) -> String {
    let list = ListConfiguration(
      appearance: appearance, headerMode: .supplementary, footerMode: .supplementary,
      rowHeight: .absolute(1))
    return CompositionalLayout { _, environment in
      LayoutSection.list(using: list, layoutEnvironment: environment)
    }.prepare(containerSize: CellSize(width: 12, height: 6), itemCounts: [2, 1]).textPicture()
  }

  @Test func plain() {
    let expected = """
      ############
      AAAAAAAAAAAA
      BBBBBBBBBBBB
      ############
      ############
      AAAAAAAAAAAA
      ############
      """
    #expect(picture(.plain) == expected)
  }

  @Test func grouped() {
    let expected = """
      ############
      ............
      AAAAAAAAAAAA
      BBBBBBBBBBBB
      ............
      ############
      ############
      ............
      AAAAAAAAAAAA
      ............
      ############
      """
    #expect(picture(.grouped) == expected)
  }

  @Test func insetGrouped() {
    let expected = """
      ..########..
      .::::::::::.
      .:AAAAAAAA:.
      .:BBBBBBBB:.
      .::::::::::.
      ..########..
      ..########..
      .::::::::::.
      .:AAAAAAAA:.
      .::::::::::.
      ..########..
      """
    #expect(picture(.insetGrouped) == expected)
  }

  @Test func sidebar() {
    let expected = """
      .##########.
      ............
      .AAAAAAAAAA.
      .BBBBBBBBBB.
      .##########.
      .##########.
      ............
      .AAAAAAAAAA.
      .##########.
      """
    #expect(picture(.sidebar) == expected)
  }

}
