import Foundation
import Pictures
import Testing

@testable import Gallery

/// The runs a section's pictures make: each picture against the one before it, the
/// thresholds included, a picture without a date or a hash breaking the run; the cover.
@Suite struct StackFormingTests {
  static let pictures = (0..<6).map { index in
    Picture(
      path: "/p/\(index).jpg", fileName: "\(index).jpg", byteSize: 1,
      modificationDate: nil, format: .jpeg)
  }

  static func runs(
    seconds: [Double?], bits: [UInt64?], rules: StackRules = StackRules()
  ) -> [Range<Int>] {
    let index = Dictionary(uniqueKeysWithValues: pictures.enumerated().map { ($1.path, $0) })
    return StackForming.runs(
      Array(pictures.prefix(seconds.count)), rules: rules,
      date: { picture in
        seconds[index[picture.path] ?? 0].map { Date(timeIntervalSince1970: $0) }
      },
      hash: { picture in bits[index[picture.path] ?? 0].map { PerceptualHash(bits: $0) } })
  }

  @Test func eachPictureJoinsTheOneBeforeIt() {
    // 0 → 2 s → 4 s: a chain, though the first and the last are 4 s apart.
    #expect(Self.runs(seconds: [0, 2, 4], bits: [0, 0, 0]) == [0..<3])
    // Twelve bits apart joins, thirteen does not.
    #expect(Self.runs(seconds: [0, 1], bits: [0, 0xFFF]) == [0..<2])
    #expect(Self.runs(seconds: [0, 1], bits: [0, 0x1FFF]) == [])
    // 2.5 s apart breaks the run in two.
    #expect(Self.runs(seconds: [0, 1, 3.5, 4], bits: [0, 0, 0, 0]) == [0..<2, 2..<4])
  }

  @Test func aPictureWithoutADateOrAHashBreaksTheRun() {
    #expect(Self.runs(seconds: [0, nil, 1, 2], bits: [0, 0, 0, 0]) == [2..<4])
    #expect(Self.runs(seconds: [0, 1, 2, 3], bits: [0, 0, nil, 0]) == [0..<2])
    #expect(Self.runs(seconds: [0, 1], bits: [0, 0], rules: .off) == [])
  }

  @Test func theCoverIsThePickElseTheSharpestElseTheFirst() {
    let members = Array(Self.pictures.prefix(4))
    let sharpness: [String: Double] = [members[1].path: 10, members[3].path: 30]
    #expect(
      StackForming.cover(
        of: members, isPicked: { $0 == members[2] }, sharpness: { sharpness[$0.path] }) == 2)
    #expect(
      StackForming.cover(of: members, isPicked: { _ in false }, sharpness: { sharpness[$0.path] })
        == 3)
    #expect(StackForming.cover(of: members, isPicked: { _ in false }, sharpness: { _ in nil }) == 0)
  }
}
