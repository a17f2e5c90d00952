import Pictures
import Testing

@testable import Thumbnails

/// The EXIF the decoders report, read by the library index's own walk (`TIFFTags`): what
/// libexif, which read it before, did with the blocks cameras and programs write.
@Suite struct ExifReaderTests {
  /// A camera's block: orientation 6, make, model, a date in IFD0 and one in the EXIF
  /// directory, the lens and the exposure.
  static func cameraBlock(bigEndian: Bool = false) -> ExifBlock {
    var block = ExifBlock(bigEndian: bigEndian)
    block.ifd0 = [
      block.text(0x010F, "Canon"), block.text(0x0110, "EOS R5"), block.shortEntry(0x0112, 6),
      block.text(0x0132, "2024:05:02 08:00:00"),
    ]
    block.exif = [
      block.rational(0x829A, 1, 250), block.rational(0x829D, 28, 10),
      block.shortEntry(0x8827, 400), block.text(0x9003, "2024:05:01 12:30:00"),
      block.rational(0x920A, 35, 1), block.text(0xA434, "RF 24-70mm F2.8"),
    ]
    return block
  }

  static let thumbnail = Fixtures.jpeg(Fixtures.quadrants(width: 16, height: 12))

  @Test(arguments: [false, true]) func aCamerasFields(bigEndian: Bool) {
    let fields = ExifFields(payload: Self.cameraBlock(bigEndian: bigEndian).bytes()[...])
    #expect(fields.orientation == 6)
    #expect(fields.dateTaken == "2024:05:01 12:30:00", "DateTimeOriginal before DateTime")
    #expect(fields.cameraModel == "Canon EOS R5")
    #expect(fields.lens == "RF 24-70mm F2.8")
    #expect(fields.exposure == Exposure(seconds: 0.004, fNumber: 2.8, iso: 400, focalLength: 35))
  }

  @Test func theExifHeaderIsOptionalBeforeTheStructure() {
    let block = Self.cameraBlock()
    let headed = ExifFields(payload: block.bytes(header: true)[...])
    let bare = ExifFields(payload: block.bytes()[...])
    #expect(headed.orientation == 6 && bare.orientation == 6)
    #expect(headed.cameraModel == "Canon EOS R5" && bare.cameraModel == "Canon EOS R5")
  }

  /// A JPEG's EXIF is the APP1 signed `Exif\0\0`: an XMP APP1 before it is passed over.
  @Test func aJPEGsExifIsTheSignedAPP1() {
    let xmp = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array("<x:xmpmeta/>".utf8)
    let exif = Self.cameraBlock().bytes(header: true)
    func app1(_ payload: [UInt8]) -> [UInt8] {
      [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }
    var jpeg = Fixtures.jpeg(Fixtures.quadrants(width: 8, height: 8))
    jpeg.insert(contentsOf: app1(xmp) + app1(exif), at: 2)
    #expect(ExifFields(jpeg: jpeg).cameraModel == "Canon EOS R5")
    var unsigned = Fixtures.jpeg(Fixtures.quadrants(width: 8, height: 8))
    unsigned.insert(contentsOf: app1(Self.cameraBlock().bytes()), at: 2)
    #expect(ExifFields(jpeg: unsigned).cameraModel == nil, "an APP1 without `Exif\\0\\0`")
  }

  @Test(arguments: [false, true]) func aThumbnailEndingTheBlockIsKept(bigEndian: Bool) {
    var block = Self.cameraBlock(bigEndian: bigEndian)
    block.ifd1 = [block.shortEntry(0x0103, 6)]
    block.thumbnail = Self.thumbnail
    let bytes = block.bytes(header: true)
    #expect(bytes.suffix(Self.thumbnail.count).elementsEqual(Self.thumbnail))
    let fields = ExifFields(payload: bytes[...], keepsThumbnail: true)
    #expect(fields.thumbnail == Self.thumbnail)
    #expect(ExifFields(payload: bytes[...]).thumbnail == nil, "only when asked for")
  }

  @Test func aThumbnailRunningPastTheBlockIsNone() {
    var block = Self.cameraBlock()
    block.ifd1 = [block.shortEntry(0x0103, 6)]
    block.thumbnail = Self.thumbnail
    block.thumbnailLengthSlack = 1
    let fields = ExifFields(payload: block.bytes(header: true)[...], keepsThumbnail: true)
    #expect(fields.thumbnail == nil)
    #expect(fields.orientation == 6, "the rest of the block still reads")
  }

  /// IFD1 stands in for IFD0's orientation and camera when IFD0 has none and IFD1 holds a
  /// thumbnail; without a thumbnail its entries are not read.
  @Test func theThumbnailsDirectoryFillsInWhatIFD0Lacks() {
    var block = ExifBlock()
    block.ifd0 = [block.text(0x0110, "Model Zero")]
    block.ifd1 = [block.shortEntry(0x0112, 8), block.text(0x010F, "Maker")]
    #expect(ExifFields(payload: block.bytes()[...]).orientation == 1, "no thumbnail")
    block.thumbnail = Self.thumbnail
    let fields = ExifFields(payload: block.bytes()[...])
    #expect(fields.orientation == 8)
    #expect(fields.cameraModel == "Maker Model Zero")
  }

  /// IFD0's orientation, even unusable, is the picture's: IFD1's does not replace it.
  @Test func anUnusableOrientationInIFD0LeavesThePictureAsStored() {
    var block = ExifBlock()
    block.ifd0 = [block.shortEntry(0x0112, 9)]
    block.ifd1 = [block.shortEntry(0x0112, 6)]
    block.thumbnail = Self.thumbnail
    #expect(ExifFields(payload: block.bytes()[...]).orientation == 1)
  }

  /// libexif turned an orientation of another integer type into a SHORT; a rational or
  /// text one was no orientation.
  @Test func anOrientationOfAnotherIntegerTypeCounts() {
    var block = ExifBlock(bigEndian: true)
    block.ifd0 = [block.longEntry(0x0112, 3)]
    #expect(ExifFields(payload: block.bytes()[...]).orientation == 3)
    block.ifd0 = [block.rational(0x0112, 6, 1)]
    #expect(ExifFields(payload: block.bytes()[...]).orientation == 1)
  }

  @Test func textIsTrimmedAndBlankTextIsNone() {
    var block = ExifBlock()
    block.ifd0 = [
      block.text(0x010F, " \tNikon\t "), block.text(0x0110, "Z 6\u{00A0}"),
      block.text(0x0132, "2024:01:02 03:04:05"),
    ]
    block.exif = [block.text(0x9003, "    "), block.text(0xA434, "\t")]
    let fields = ExifFields(payload: block.bytes()[...])
    #expect(fields.cameraModel == "Nikon Z 6")
    #expect(fields.dateTaken == "2024:01:02 03:04:05", "a blank DateTimeOriginal is none")
    #expect(fields.lens == nil)
  }

  @Test func zeroAndNegativeExposureIsNone() {
    var block = ExifBlock()
    block.exif = [
      block.rational(0x829A, 0, 1), block.rational(0x829D, 28, 0),
      block.rational(0x920A, UInt32(bitPattern: -35), 1, signed: true),
      block.shortEntry(0x8827, 0),
    ]
    #expect(ExifFields(payload: block.bytes()[...]).exposure == nil)
  }

  /// A block cut short in its first directory keeps the entries before the cut.
  @Test func aDirectoryCutShortGivesTheEntriesBeforeTheCut() {
    var block = ExifBlock()
    block.ifd0 = [block.shortEntry(0x0112, 6), block.text(0x0132, "2024:01:02 03:04:05")]
    let bytes = block.bytes()
    // The header, the count and the orientation entry: the date's entry is cut.
    let cut = bytes.prefix(8 + 2 + 12 + 5)
    let fields = ExifFields(payload: cut)
    #expect(fields.orientation == 6)
    #expect(fields.dateTaken == nil)
  }
}
