import Pictures
import TestSupport
import Testing

@testable import Gallery

/// The search's columns answer a term exactly as the pictures and their details do.
@Suite struct SearchColumnsTests {
  /// Names of every kind the column meets: ASCII in both cases, long and short, other
  /// letters, escapes of bytes that are not UTF-8, and pairs.
  static let pictures: [Picture] = {
    let names = [
      "DSCF1234.JPG", "dscf0001.jpg", "IMG_20240812_123456_HDR.jpg", "Café au lait.png",
      "São Paulo.heic", "Straße.jpg", "x.gif", "CAPS.JPG", "mixed Case Name.tiff",
      "\u{FFFD}weird.jpg", "résumé.JPG", "IMG_0001.HEIC", "a.b.c.jpg",
    ]
    var pictures = names.map { SearchFixture.picture("/lib/\($0)") }
    pictures.append(
      SearchFixture.picture(
        "/lib/DSC_0042.JPG", companions: [SearchFixture.picture("/lib/DSC_0042.NEF", nil)]))
    pictures.append(
      SearchFixture.picture(
        "/lib/IMG_7.HEIC", companions: [SearchFixture.picture("/lib/IMG_7 Ça.MOV", nil)]))
    return pictures
  }()

  static let words = [
    "dscf", "DSCF", "jpg", "JPG", "cafe", "café", "CAFÉ", "sao", "strasse", "straße", "nef",
    "NEF", "ca", "x", "e", "hdr", "mov", "ça", "caps", "Case", "case", "1234.j", ".",
    "a.b", "jpg.", "z", "é", "g\u{0}",
  ]

  @Test func everyWordMatchesAsThePicturesOwnNamesDo() {
    let column = NameColumn(Self.pictures)
    #expect(column.count == Self.pictures.count)
    for word in Self.words {
      let filter = NameFilter(word)
      for (offset, picture) in Self.pictures.enumerated() {
        let expected =
          filter.matches(picture.fileName)
          || picture.companions.contains { filter.matches($0.fileName) }
        let answer = column.matches(filter, at: offset)
        // Not in the column: the query asks the picture, which gives `expected`.
        #expect(answer == nil || answer == expected, "\(word) in \(picture.fileName)")
      }
    }
  }

  @Test func asciiNamesAreAnsweredFromTheColumnAndOthersByThePicture() {
    let column = NameColumn(Self.pictures)
    let dscf = NameFilter("dscf")
    #expect(column.matches(dscf, at: 0) == true)
    #expect(column.matches(dscf, at: 6) == false)
    #expect(column.matches(dscf, at: 3) == nil, "Café is not ASCII")
    #expect(column.matches(NameFilter("nef"), at: 13) == true, "a pair's raw")
    #expect(column.matches(NameFilter("mov"), at: 14) == nil, "its video's name is not ASCII")
  }

  @Test func keptOffsetsKeepTheirNames() {
    let column = NameColumn(Self.pictures)
    let offsets = [13, 0, 3, 7]
    let kept = column.keeping(offsets)
    #expect(kept.count == 4)
    for word in Self.words {
      let filter = NameFilter(word)
      for (place, offset) in offsets.enumerated() {
        #expect(kept.matches(filter, at: place) == column.matches(filter, at: offset))
      }
    }
  }

  /// A query of words gives the same pictures through the column as through the
  /// pictures, negated words and fields beside them too.
  @Test func queriesGiveTheSamePicturesWithAndWithoutTheColumn() {
    let columns = SearchColumns(Self.pictures, lookUp: { _ in nil })
    for text in ["dscf", "-jpg", "img heic", "ca -nef", "e is:raw", "-x -z", "CAPS", "é"] {
      let query = PictureQuery(text)
      let plain = query.offsetsMatching(
        Self.pictures, details: { _ in nil }, columns: nil, isMarked: { _ in false },
        isFavorite: { _ in false })
      let columnar = query.offsetsMatching(
        Self.pictures, details: { _ in nil }, columns: columns, isMarked: { _ in false },
        isFavorite: { _ in false })
      #expect(plain == columnar, "\(text)")
    }
  }

  /// Numbers and dates answered from their columns give the same pictures as the
  /// details themselves, pictures without details, without the number and negated terms
  /// among them; and so do the columns of the pictures kept.
  @Test func fieldsGiveTheSamePicturesFromTheirColumns() {
    let pictures = (0..<400).map { SearchFixture.picture("/lib/DSCF\($0).JPG") }
    var generator = SplitMix64(seed: 7)
    let details: [PictureDetails?] = pictures.indices.map { _ in
      guard generator.next() % 5 != 0 else { return nil }
      let iso = generator.next() % 4 == 0 ? nil : [100, 400, 800, 3200][Int(generator.next() % 4)]
      let cameras = [("FUJIFILM", "X100V"), ("NIKON CORPORATION", "NIKON Z 6"), (nil, "iPhone")]
      let camera = generator.next() % 7 == 0 ? nil : cameras[Int(generator.next() % 3)]
      let taken =
        generator.next() % 6 == 0
        ? nil : TakenTime(wallClock: 1_690_000_000 + Int64(generator.next() % 60_000_000))
      let lens =
        generator.next() % 2 == 0 ? nil : ["XF35mmF1.4", "Z 24-70"][Int(generator.next() % 2)]
      return PictureDetails(
        format: .jpeg, taken: taken, cameraMake: camera?.0, cameraModel: camera?.1, lens: lens,
        exposure: Exposure(
          seconds: nil, fNumber: [1.4, 2.8, 8][Int(generator.next() % 3)], iso: iso,
          focalLength: nil))
    }
    let byPath = Dictionary(uniqueKeysWithValues: zip(pictures.map(\.path), details))
    let queries = [
      "iso>=400", "-iso:800", "f<=2.8 dscf1", "date:2024-08", "-date:2024", "iso:100|3200 -f:8",
      "date:2023..2024 iso<800", "-dscf3 iso>100", "camera:x100v", "-camera:nikon",
      "camera=x100v", "camera=iphone iso>=400", "lens:35", "-lens:z", "camera:fuji|nikon -lens:35",
    ]
    for text in queries {
      let query = PictureQuery(text)
      #expect(query.problems.isEmpty, "\(text)")
      let plain = query.offsetsMatching(
        pictures, details: { details[$0] }, columns: nil, isMarked: { _ in false },
        isFavorite: { _ in false })
      var columns = SearchColumns(count: pictures.count)
      _ = columns.layOut(for: query, of: pictures, lookUp: { byPath[$0.path] ?? nil })
      #expect(columns.hasDetails != nil, "\(text) laid a field out")
      let columnar = query.offsetsMatching(
        pictures,
        details: { _ in
          Issue.record("read a box")
          return nil
        }, columns: columns,
        isMarked: { _ in false }, isFavorite: { _ in false })
      #expect(plain == columnar, "\(text)")
      let offsets = Array(stride(from: 399, to: 0, by: -3))
      let kept = query.offsetsMatching(
        offsets.map { pictures[$0] }, details: { _ in nil }, columns: columns.keeping(offsets),
        isMarked: { _ in false }, isFavorite: { _ in false })
      let expected = query.offsetsMatching(
        offsets.map { pictures[$0] }, details: { details[offsets[$0]] }, columns: nil,
        isMarked: { _ in false }, isFavorite: { _ in false })
      #expect(kept == expected, "\(text) kept")
    }
  }
}
