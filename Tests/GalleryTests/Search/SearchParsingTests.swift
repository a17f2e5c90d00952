import Testing

@testable import Gallery

/// How the filter's text is read: words and fields, quotes, negation, alternatives, and
/// the problems every unusable word gives, with the text each concerns.
@Suite struct SearchParsingTests {
  typealias F = SearchFixture

  @Test func wordsAndFieldsAreTermsInTheOrderTyped() {
    let query = PictureQuery("kitchen camera:x100v -is:raw iso>=3200")
    #expect(query.problems.isEmpty)
    #expect(query.terms.map(\.field) == [nil, .camera, .kind, .iso])
    #expect(query.terms.map(\.isNegated) == [false, false, true, false])
    #expect(PictureQuery("").matchesEverything && PictureQuery("").isEmpty)
    #expect(PictureQuery("   ").matchesEverything && !PictureQuery("   ").isEmpty)
    #expect(PictureQuery.none == PictureQuery(""))
  }

  @Test func fieldNamesIgnoreCaseAndOnlyLettersMakeOne() {
    #expect(PictureQuery("ISO>=3200").terms.first?.field == .iso)
    #expect(PictureQuery("Camera:X").terms.first?.field == .camera)
    // No letters before the colon: a name (a time in a screenshot's name).
    #expect(PictureQuery("12:30").terms.first?.field == nil)
    #expect(PictureQuery("12:30").problems.isEmpty)
    // In quotes, an operator is text.
    #expect(PictureQuery("\"iso>=3\"").terms.first?.field == nil)
  }

  @Test func quotesKeepSpacesAndOperators() {
    let query = PictureQuery("lens:\"XF 35\" \"long name\"")
    #expect(query.problems.isEmpty)
    #expect(query.terms.count == 2)
    #expect(query.terms.map(\.rendered) == ["lens:\"XF 35\"", "\"long name\""])
    #expect(F.matches("\"long name\"", F.facts(nil, path: "/p/a long name.jpg")))
    #expect(!F.matches("\"long name\"", F.facts(nil, path: "/p/long-name.jpg")))
    #expect(F.matches("long name", F.facts(nil, path: "/p/name, long.jpg")), "two words")
    // A quote being typed runs to the end.
    #expect(PictureQuery("lens:\"XF 3").terms.first?.rendered == "lens:\"XF 3\"")
    // Escapes in quotes.
    #expect(PictureQuery(#""a\"b""#).terms.first?.rendered == #""a\"b""#)
    #expect(F.matches(#""say \"hi\"""#, F.facts(nil, path: "/p/say \"hi\".jpg")))
    // A quoted `|` is text, a quoted `-` no negation.
    #expect(PictureQuery("\"-draft\"").terms.first?.isNegated == false)
    #expect(PictureQuery("camera:\"a|b\"").terms.first?.rendered == "camera:\"a|b\"")
  }

  @Test func renderedQueriesReadBackTheSame() {
    for text in [
      "kitchen camera:x100v -is:raw|video iso>=3200 date:2023..2024",
      "lens:\"XF 35\" \"-x\" \"iso:1\" -\"a b\" focal:24-70 shutter<1/500 f<=2.8",
      "caf\\xe9 has:gps|lens w>=4000 h:3000 place:\"Ōsaka 2024\"",
      "iso>=abc bad:1 kitchen",
    ] {
      let rendered = PictureQuery(text).rendered
      let again = PictureQuery(rendered)
      #expect(again.problems.isEmpty, "\(rendered)")
      #expect(again.rendered == rendered)
    }
    #expect(PictureQuery("iso>=abc bad:1 kitchen").rendered == "kitchen")
    #expect(PictureQuery("  a   ISO:3200  ").rendered == "a iso:3200")
  }

  /// Found by fuzzing: read by characters, a combining accent after a space or a quote
  /// made one character with it, so once written out the space no longer split, or the
  /// quote no longer quoted, and the accent went.
  @Test func aCombiningAccentAfterASpaceOrAQuoteReadsBack() {
    for text in ["a\t\u{301}b", "\u{301}\"<= x", "a\n\u{301}ISO<=", "\"\u{301}x y\""] {
      let query = PictureQuery(text)
      let again = PictureQuery(query.rendered)
      #expect(again.problems.isEmpty, "\(query.rendered.debugDescription)")
      #expect(
        again.terms.map(\.rendered) == query.terms.map(\.rendered),
        "\(text.debugDescription) → \(query.rendered.debugDescription)")
    }
    #expect(PictureQuery("a\t\u{301}b").terms.count == 2)
    #expect(PictureQuery("\"\u{301}x y\"").terms.count == 1)
  }

  @Test func anUnknownFieldNamesTheFields() {
    #expect(
      F.problems("cam:x100v") == [
        "unknown field \"cam\": fields are camera, lens, iso, f, focal, shutter, date, is, "
          + "has, w, h, place, rating, label"
      ])
    #expect(F.problemTexts("kitchen -cam:x100v") == ["cam"])
  }

  /// Every malformed value, with the sentence it gets and the text it concerns.
  @Test(arguments: [
    ("iso>=abc", "iso wants a whole number, as in iso>=3200", "abc"),
    ("iso:2.5", "iso wants a whole number, as in iso>=3200", "2.5"),
    ("iso:1e3", "iso wants a whole number, as in iso>=3200", "1e3"),
    ("iso>=", "iso wants a whole number, as in iso>=3200", ""),
    ("iso:100-", "iso wants a whole number, as in iso>=3200", "100-"),
    ("f<=wide", "f wants an f-number, as in f<=2.8", "wide"),
    ("f:2.8.1", "f wants an f-number, as in f<=2.8", "2.8.1"),
    ("focal:wide", "focal wants millimetres or a range, as in focal:35 or focal:24-70", "wide"),
    (
      "focal:24-70-200", "focal wants millimetres or a range, as in focal:35 or focal:24-70",
      "24-70-200"
    ),
    (
      "shutter<fast", "shutter wants a time, as in shutter<1/500, shutter:0.5 or shutter>=2s",
      "fast"
    ),
    (
      "shutter:1/0", "shutter wants a time, as in shutter<1/500, shutter:0.5 or shutter>=2s",
      "1/0"
    ),
    ("date:24", "date wants 2024, 2024-08, 2024-08-03 or a range 2023..2024", "24"),
    ("date:2024-13", "date wants 2024, 2024-08, 2024-08-03 or a range 2023..2024", "2024-13"),
    (
      "date:2023-02-29", "date wants 2024, 2024-08, 2024-08-03 or a range 2023..2024",
      "2023-02-29"
    ),
    ("date:2023..", "date wants 2024, 2024-08, 2024-08-03 or a range 2023..2024", "2023.."),
    (
      "date:yesterday", "date wants 2024, 2024-08, 2024-08-03 or a range 2023..2024",
      "yesterday"
    ),
    (
      "is:jpeg",
      "is wants raw, video, live, pair, broken, marked, favourite, rejected, picked, unrated, "
        + "as in is:raw|video",
      "jpeg"
    ),
    (
      "is:raw|",
      "is wants raw, video, live, pair, broken, marked, favourite, rejected, picked, unrated, "
        + "as in is:raw|video",
      ""
    ),
    ("has:wings", "has wants gps, date, camera, lens, exposure, as in has:gps", "wings"),
    ("w>=big", "w wants a whole number of pixels, as in w>=4000", "big"),
    ("h:tall", "h wants a whole number of pixels, as in h>=3000", "tall"),
    ("camera:", "camera wants a name, as in camera:x100v", ""),
    ("camera:\"- -\"", "camera wants a name, as in camera:x100v", "- -"),
    ("lens:", "lens wants a name or a number, as in lens:35 or lens:\"XF 35\"", ""),
    ("place:", "place wants a part of a folder's name, as in place:osaka", ""),
  ])
  func aMalformedValueIsExplained(query: String, message: String, concerns: String) {
    let parsed = PictureQuery(query)
    #expect(parsed.problems.map(\.message) == [message])
    #expect(parsed.problems.map { String(query[$0.range]) } == [concerns])
    #expect(parsed.terms.isEmpty)
  }

  @Test func anOperatorAFieldDoesNotTakeIsExplained() {
    #expect(
      F.problems("camera>x") == [
        "camera takes : or =, not >: camera wants a name, as in camera:x100v"
      ])
    #expect(F.problemTexts("camera>x") == [">"])
    #expect(
      F.problems("is=raw") == [
        "is takes :, not =: is wants raw, video, live, pair, broken, marked, favourite, "
          + "rejected, picked, unrated, as in is:raw|video"
      ])
    #expect(F.problemTexts("-has>=gps") == [">="])
    #expect(F.problems("place=x").count == 1)
    #expect(F.problems("focal<24-70") == ["a range goes after : or =, as in focal:24-70"])
    #expect(F.problemTexts("focal<24-70") == ["24-70"])
    #expect(F.problems("date>2023..2024") == ["a range goes after : or =, as in date:2023..2024"])
  }

  @Test func aLoneMinusIsExplained() {
    #expect(F.problems("kitchen -") == ["- wants a term right after it, as in -is:raw"])
    #expect(F.problemTexts("kitchen -") == ["-"])
  }

  /// A query with problems matches by its sound terms only.
  @Test func problemsLeaveTheSoundTermsToMatch() {
    let query = PictureQuery("iso>=abc dscf cam:1")
    #expect(query.problems.count == 2)
    #expect(query.terms.count == 1)
    #expect(query.matches(F.facts(nil)))
    #expect(!query.matches(F.facts(nil, path: "/p/IMG_1.JPG")))
    #expect(PictureQuery("iso>=abc").matchesEverything)
  }
}
