import Testing

@testable import Gallery

/// Plain words look in the names as the filter always has: diacritics never count, case
/// counts only in a word with a capital letter, and a pair shows when any of its files'
/// names matches.
@Suite struct SearchNameTests {
  typealias F = SearchFixture

  @Test func wordsIgnoreDiacriticsWithSmartCase() {
    let osaka = F.facts(nil, path: "/p/Ōsaka-café.jpg")
    #expect(F.matches("osaka", osaka) && F.matches("cafe", osaka) && F.matches("Ōsaka", osaka))
    #expect(F.matches("CAFÉ", F.facts(nil, path: "/p/CAFE.jpg")))
    #expect(!F.matches("Osaka", F.facts(nil, path: "/p/osaka.jpg")), "a capital counts")
    #expect(F.matches("img", F.facts(nil, path: "/p/IMG_0042.JPG")))
    #expect(!F.matches("Img", F.facts(nil, path: "/p/IMG_0042.JPG")))
    // Smart case is each word's own.
    #expect(F.matches("IMG jpg", F.facts(nil, path: "/p/IMG_0042.JPG")))
    #expect(F.matches("写真", F.facts(nil, path: "/p/2024 写真.jpg")))
  }

  @Test func wordsLookInNamesNotFolders() {
    #expect(!F.matches("osaka", F.facts(nil)), "the folder is place:'s")
    #expect(F.matches("0001", F.facts(nil)))
  }

  @Test func aPairMatchesByAnyOfItsFilesNames() {
    let pair = F.facts(
      nil, path: "/p/IMG_1.JPG", companions: [F.picture("/p/IMG_1.CR3", .raw)])
    #expect(F.matches("cr3", pair) && F.matches("jpg", pair))
    #expect(!F.matches("-cr3", pair), "no file of the pair may match")
  }

  @Test func aNameThatIsNotUTF8IsTypedAsShown() {
    let latin1 = F.facts(nil, path: "/p/caf\\xE9.jpg")
    #expect(F.matches("caf\\xe9", latin1))
  }
}
