import Gallery
import Testing

@testable import GalleryRuntime

/// The import's bar: files, bytes, speed and time left, in eighths of a cell by bytes.
@Suite struct ImportProgressTests {
  @Test func theLineSaysFilesBytesSpeedAndTimeLeft() {
    var progress = ImportProgress(
      files: 120, totalFiles: 412, bytes: 1_200_000_000, totalBytes: 9_800_000_000)
    progress.copiedBytes = 850_000_000
    progress.started = 1_000_000_000
    // 10 s after the first copy began: 85 MB/s, 8.6 GB left.
    let bar = progress.bar(at: 11_000_000_000, width: 100, unicode: true)
    #expect(
      bar.line
        == "importing ▕██▍                 ▏ 120 of 412 · 1.2 of 9.8 GB · 85 MB/s · 1:42 left"
        .replacingOccurrences(of: "1.2 of", with: "1.2 GB of"))
    // Before half a second has passed there is no speed to tell.
    let early = progress.bar(at: 1_200_000_000, width: 100, unicode: false)
    #expect(early.line == "importing [##                  ] 120 of 412 - 1.2 GB of 9.8 GB")
  }

  @Test func theClockReadsMinutesAndHours() {
    #expect(ImportProgress.clock(7) == "0:07")
    #expect(ImportProgress.clock(92) == "1:32")
    #expect(ImportProgress.clock(3723) == "1:02:03")
    #expect(ImportProgress.clock(.infinity) == "0:00")
  }

  @Test func bytesAreWrittenInDecimalUnits() {
    #expect(ImportSummary.bytes(0) == "0 B")
    #expect(ImportSummary.bytes(999) == "999 B")
    #expect(ImportSummary.bytes(8_500) == "8.5 kB")
    #expect(ImportSummary.bytes(31_000_000) == "31 MB")
    #expect(ImportSummary.bytes(9_800_000_000) == "9.8 GB")
  }
}
