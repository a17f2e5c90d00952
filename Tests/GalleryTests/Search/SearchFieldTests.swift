import Pictures
import Testing

@testable import Gallery

/// Each field of the filter's query and each of its operators, against pictures whose
/// details say what the fields look at.
@Suite struct SearchFieldTests {
  typealias F = SearchFixture
  let x100v = F.facts(F.x100v)
  let z6 = F.facts(F.z6)
  let screenshot = F.facts(F.screenshot)

  @Test func cameraIsMakeAndModelWithoutCaseAccentsSpacesOrHyphens() {
    #expect(F.matches("camera:x100v", x100v))
    #expect(F.matches("camera:FUJI", x100v))
    #expect(F.matches("camera:z6", z6), "NIKON Z 6")
    #expect(F.matches("camera:z-6", z6))
    #expect(F.matches("camera:\"nikon z6\"", z6))
    #expect(F.matches("camera:\"corporation nikon\"", z6), "make and model joined")
    #expect(!F.matches("camera:z6", x100v))
    #expect(!F.matches("camera:x100", F.facts(PictureDetails(cameraModel: "X1000"))))
    #expect(!F.matches("camera:x100v", screenshot), "a screenshot has no camera")
    #expect(F.matches("camera=x100v", x100v), "= is the model alone")
    #expect(F.matches("camera=\"fujifilm x100v\"", x100v), "or the make and model")
    #expect(!F.matches("camera=x100", x100v), "= is all of it")
    #expect(F.matches("camera:x100v|z6", z6) && F.matches("camera:x100v|z6", x100v))
    let accented = F.facts(PictureDetails(cameraMake: "Çamera Ünïon", cameraModel: "Mødel 1"))
    #expect(F.matches("camera:cameraunion", accented))
    #expect(F.matches("camera:UNION", accented))
  }

  @Test func lensNumbersAreWholeNumbers() {
    #expect(F.matches("lens:35", x100v))
    #expect(F.matches("lens:\"XF 35\"", x100v))
    #expect(F.matches("lens:xf35mm", x100v))
    #expect(!F.matches("lens:35", F.facts(PictureDetails(lens: "EF 135mm f/2L"))))
    #expect(!F.matches("lens:3", x100v), "3 is not a number of XF35mm")
    #expect(F.matches("lens:24", z6) && F.matches("lens:70", z6), "24-70mm")
    #expect(F.matches("lens:1.4", x100v))
    #expect(!F.matches("lens:35", screenshot))
    #expect(F.matches("lens=\"xf35mmf1.4 r\"", x100v))
  }

  @Test func isoComparesWholeNumbers() {
    #expect(F.matches("iso>=3200", x100v))
    #expect(!F.matches("iso>3200", x100v))
    #expect(F.matches("iso:3200", x100v) && F.matches("iso=3200", x100v))
    #expect(F.matches("iso<3200", z6) && F.matches("iso<=100", z6) && !F.matches("iso<100", z6))
    #expect(F.matches("iso:100-400", z6) && F.matches("iso:400..100", z6))
    #expect(!F.matches("iso:101-400", z6))
    #expect(F.matches("iso:100|3200", z6))
    #expect(!F.matches("iso>0", screenshot), "no exposure: no ISO to compare")
  }

  /// f/2.8 stored as 2.8000001 is f/2.8: numbers compare rounded as photographers
  /// write them.
  @Test func apertureComparesToATenth() {
    #expect(F.matches("f:2.8", x100v) && F.matches("f=2.8", x100v))
    #expect(F.matches("f<=2.8", x100v) && F.matches("f>=2.8", x100v))
    #expect(!F.matches("f<2.8", x100v) && !F.matches("f>2.8", x100v))
    #expect(F.matches("f:4", z6) && F.matches("f:4.0", z6) && F.matches("f:2-5.6", z6))
    #expect(F.matches("f>2.8", z6))
  }

  @Test func focalLengthsAndTheirRanges() {
    #expect(F.matches("focal:24-70", z6), "70 is in, both ends are")
    #expect(F.matches("focal:24-70", F.facts(PictureDetails(exposure: Exposure(focalLength: 24)))))
    #expect(!F.matches("focal:24-70", x100v), "23 is out")
    #expect(F.matches("focal:23mm", x100v) && F.matches("focal:70", z6))
    #expect(F.matches("focal<35", x100v) && F.matches("focal>=70", z6))
    #expect(F.matches("focal:22.6", x100v), "to the millimetre")
  }

  @Test func shutterTakesFractionsDecimalsAndSeconds() {
    #expect(F.matches("shutter:1/250", x100v) && F.matches("shutter=1/250s", x100v))
    #expect(F.matches("shutter:0.004", x100v))
    #expect(F.matches("shutter<1/125", x100v) && !F.matches("shutter<1/500", x100v))
    #expect(F.matches("shutter>1/500", x100v) && F.matches("shutter<=1/250", x100v))
    let slightlyOff = F.facts(PictureDetails(exposure: Exposure(seconds: 0.0040000001)))
    #expect(F.matches("shutter:1/250", slightlyOff))
    #expect(F.matches("shutter:2s", z6) && F.matches("shutter>=2", z6))
    #expect(F.matches("shutter>0.5", z6) && F.matches("shutter:1/8-2s", z6))
    #expect(!F.matches("shutter>2s", z6))
  }

  @Test func datesAreYearsMonthsDaysAndRangesOnTheCameraClock() {
    #expect(F.matches("date:2024", x100v) && F.matches("date:2024-08", x100v))
    #expect(F.matches("date:2024-08-03", x100v) && F.matches("date:2024-8-3", x100v))
    #expect(!F.matches("date:2024-08-04", x100v) && !F.matches("date:2023", x100v))
    // 2023-12-31 23:59:59 on its camera's clock.
    #expect(F.matches("date:2023", z6) && F.matches("date:2023-12-31", z6))
    #expect(F.matches("date:2023..2024", z6) && F.matches("date:2023..2024", x100v))
    #expect(F.matches("date:2024-08..2023-12-31", z6), "a range either way round")
    #expect(!F.matches("date:2024-01..2024-07", x100v))
    #expect(F.matches("date<2024", z6) && !F.matches("date<2024", x100v))
    #expect(F.matches("date<=2024-08", x100v) && F.matches("date>=2024-08", x100v))
    #expect(F.matches("date>2023", x100v) && !F.matches("date>2024-08", x100v))
    #expect(F.matches("date=2023|2024-08", x100v))
    #expect(!F.matches("date:2024", screenshot), "no date taken")
  }

  @Test func kindsAreOredAlternatives() {
    let raw = F.picture("/p/IMG_1.CR3", .raw)
    let motion = F.picture("/p/IMG_1.MOV", .video)
    let rawPair = F.facts(nil, path: "/p/IMG_1.JPG", companions: [raw])
    let live = F.facts(nil, path: "/p/IMG_1.HEIC", format: .heic, companions: [motion])
    let video = F.facts(nil, path: "/p/clip.mp4", format: .video)
    let lone = F.facts(nil, path: "/p/a.jpg")
    #expect(F.matches("is:raw", rawPair) && F.matches("is:raw", F.facts(nil, format: .raw)))
    #expect(!F.matches("is:raw", live) && !F.matches("is:raw", lone))
    #expect(F.matches("is:video", video) && !F.matches("is:video", live))
    #expect(F.matches("is:live", live) && !F.matches("is:live", rawPair))
    #expect(F.matches("is:pair", live) && F.matches("is:pair", rawPair))
    #expect(!F.matches("is:pair", lone))
    #expect(F.matches("is:raw|video", video) && F.matches("is:RAW|video", rawPair))
    #expect(!F.matches("is:raw|video", lone))
    #expect(F.matches("is:broken", F.facts(nil, format: nil)))
    #expect(F.matches("is:broken", F.facts(PictureDetails(brokenReason: "truncated"))))
    #expect(!F.matches("is:broken", lone))
    #expect(F.matches("is:marked", F.facts(nil, marked: true)) && !F.matches("is:marked", lone))
    #expect(F.matches("is:favourite", F.facts(nil, favourite: true)))
    #expect(F.matches("is:favorite", F.facts(nil, favourite: true)))
    #expect(!F.matches("is:favourite", lone))
  }

  @Test func hasAsksWhatTheDetailsSay() {
    #expect(F.matches("has:gps", x100v) && !F.matches("has:gps", z6))
    #expect(F.matches("has:date", z6) && !F.matches("has:date", screenshot))
    #expect(F.matches("has:lens", x100v) && !F.matches("has:lens", screenshot))
    #expect(F.matches("has:camera", z6) && F.matches("has:exposure", z6))
    #expect(F.matches("has:gps|lens", z6) && !F.matches("has:gps|camera", screenshot))
    #expect(F.matches("-has:gps", z6))
  }

  @Test func widthAndHeightAreAsShown() {
    // Stored 6000×4000, turned: shown 4000×6000.
    #expect(F.matches("w>=4000", x100v) && !F.matches("w>4000", x100v))
    #expect(F.matches("h:6000", x100v) && F.matches("h>=3000", x100v))
    #expect(F.matches("w:2560", screenshot) && F.matches("h<2000", screenshot))
    #expect(F.matches("w:2000-3000", screenshot))
    #expect(!F.matches("w>0", F.facts(PictureDetails(cameraModel: "X"))), "no size known")
  }

  @Test func placeIsAPartOfTheFolders() {
    #expect(F.matches("place:osaka", x100v), "Ōsaka 2024")
    #expect(F.matches("place:ŌSAKA", x100v) && F.matches("place:\"osaka 2\"", x100v))
    #expect(F.matches("place:photos", x100v))
    #expect(!F.matches("place:dscf", x100v), "the file's own name is no place")
    #expect(!F.matches("place:lyon", x100v))
    #expect(F.matches("place:lyon", F.facts(nil, path: "/srv/Lyon/IMG_2.JPG")))
    #expect(F.matches("place:osaka|lyon", F.facts(nil, path: "/srv/Lyon/IMG_2.JPG")))
  }

  /// A place is answered once a folder when pictures come folder by folder, and right
  /// for each folder when they do not.
  @Test func placesNarrowAListOfPicturesFolderByFolder() {
    let paths = [
      "/p/Ōsaka/1.jpg", "/p/Ōsaka/2.jpg", "/p/Lyon 2/3.jpg", "/p/Lyon/4.jpg", "/p/Ōsaka/5.jpg",
      "/p/Lyon 2/6.jpg", "/p/Lyon 2/7.jpg",
    ]
    let pictures = paths.map { F.picture($0) }
    func names(_ query: String) -> [String] {
      PictureQuery(query).matching(
        pictures, details: { _ in nil }, isMarked: { _ in false }, isFavorite: { _ in false }
      ).map(\.fileName)
    }
    #expect(names("place:osaka") == ["1.jpg", "2.jpg", "5.jpg"])
    #expect(names("place:\"lyon 2\"") == ["3.jpg", "6.jpg", "7.jpg"])
    #expect(names("-place:osaka place:lyon") == ["3.jpg", "4.jpg", "6.jpg", "7.jpg"])
    #expect(names("place:lyon -place:\"lyon 2\" 4") == ["4.jpg"])
  }

  /// Details not read yet: no field that reads them matches, negated or not; names,
  /// places and kinds still do.
  @Test func aPictureWithoutDetailsMatchesOnlyWhatItsScanSays() {
    let unread = F.facts(nil)
    for query in [
      "camera:x100v", "-camera:x100v", "lens:35", "-lens:35", "iso>=1", "-iso>=1", "f>0",
      "focal>0", "shutter>0", "date:2024", "-date:2024", "has:gps", "-has:gps", "w>0", "h>0",
    ] {
      #expect(!F.matches(query, unread), "\(query)")
    }
    #expect(F.matches("dscf", unread) && F.matches("place:osaka", unread))
    #expect(F.matches("-is:raw", unread) && F.matches("-is:broken", unread))
  }

  @Test func negationLeavesOutWhatATermMatches() {
    #expect(!F.matches("-camera:x100v", x100v) && F.matches("-camera:x100v", z6))
    #expect(F.matches("-camera:x100v", screenshot), "no camera is not an X100V")
    #expect(F.matches("-iso>=3200", z6) && !F.matches("-iso>=3200", x100v))
    #expect(F.matches("-is:raw", x100v))
    #expect(!F.matches("-dscf", x100v) && F.matches("-img", x100v))
  }

  @Test func termsAreAnded() {
    #expect(F.matches("camera:x100v iso>=3200 date:2024-08 dscf", x100v))
    #expect(!F.matches("camera:x100v iso>=3200 date:2023", x100v))
    #expect(!F.matches("camera:x100v z6", x100v))
  }
}
