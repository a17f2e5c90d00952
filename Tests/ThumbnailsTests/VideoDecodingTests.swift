import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Thumbnails

/// Videos: sniffed by their containers, a poster from the key frame a tenth in (or the
/// cover), scaled to the box and turned by the display matrix, the length, codec, frame
/// rate and creation time in the details, and the broken ones refused with a reason.
@Suite struct VideoDecodingTests {
  let decoder = ImageDecoder()

  /// The machine's zone, as Foundation's `TimeZone.current` has it (a video's creation
  /// time is written as the local wall clock).
  static let machineZone = LocalTimeZone(name: "current") {
    TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0)))
  }

  /// The colour at the middle of `image`, as the channel that leads it.
  static func colour(_ image: PixelImage) -> String {
    let pixel = Fixtures.pixel(image, image.width / 2, image.height / 2)
    if pixel[0] > 180 && pixel[1] > 180 && pixel[2] < 100 { return "yellow" }
    if pixel[0] > 180 && pixel[1] < 80 && pixel[2] < 80 { return "red" }
    if pixel[1] > 100 && pixel[0] < 80 && pixel[2] < 80 { return "green" }
    if pixel[2] > 180 && pixel[0] < 80 && pixel[1] < 80 { return "blue" }
    return "\(pixel)"
  }

  @Test func videosAreSniffedByTheirContainers() async throws {
    for name in ["poster.mp4", "clip.webm", "sound.mp4", "cut.mp4"] {
      #expect(
        ImageFormat.sniff(try await VideoFixtures.bytes(name).prefix(1024)) == .video, "\(name)")
    }
    #expect(ImageFormat.sniff(try await Corpus.bytes("q.heic")) == .heic, "HEIF before video")
    let m4a: [UInt8] =
      [0, 0, 0, 0x18] + Array("ftypM4A ".utf8) + [0, 0, 0, 0] + Array("M4A isom".utf8)
    #expect(ImageFormat.sniff(m4a) == nil, "an audio file's brand is not a video")
    for name in ["a.MP4", "b.mov", "c.m4v", "d.mkv", "e.webm", "f.avi", "g.3gp", "h.MTS"] {
      #expect(ImageFormat(fileName: name) == .video, "\(name)")
    }
  }

  @Test func thePosterIsTheKeyFrameATenthIn() async throws {
    let decoded = try decoder.decode(
      path: try await VideoFixtures.path("poster.mp4"), target: (160, 160))
    #expect(Self.colour(decoded.image) == "red", "not the first frame (blue)")
    #expect((decoded.image.width, decoded.image.height) == (160, 120), "scaled to the box")
    let metadata = decoded.metadata
    #expect(metadata.format == .video)
    #expect((metadata.originalWidth, metadata.originalHeight) == (320, 240))
    let video = try #require(metadata.video)
    #expect(video.durationText == "0:10")
    #expect(video.codecName == "H.264")
    #expect(video.frameRateText == "24 fps")
    #expect(!video.hasAudio)
    let utc = LocalTimeZone.utc
    let created = try #require(
      metadata.dateTaken.flatMap { ExifDate.date($0, timeZone: Self.machineZone) })
    #expect(created == Date(timeIntervalSince1970: 1_714_566_896))
    #expect(
      decoder.dateTaken(path: try await VideoFixtures.path("poster.mp4"), timeZone: utc)
        == Date(timeIntervalSince1970: 1_714_566_896))
  }

  @Test func aPosterIsNeverLargerThanTheVideo() async throws {
    let decoded = try decoder.decode(
      path: try await VideoFixtures.path("poster.mp4"), target: (1000, 1000))
    #expect((decoded.image.width, decoded.image.height) == (320, 240))
  }

  @Test func theDisplayMatrixTurnsThePoster() async throws {
    let decoded = try decoder.decode(
      path: try await VideoFixtures.path("turned.mp4"), target: (120, 160))
    #expect(decoded.metadata.orientation == 6)
    #expect((decoded.metadata.displayWidth, decoded.metadata.displayHeight) == (240, 320))
    #expect((decoded.image.width, decoded.image.height) == (120, 160))
  }

  @Test func otherContainersAndCodecsToo() async throws {
    let decoded = try decoder.decode(
      path: try await VideoFixtures.path("clip.webm"), target: (80, 60))
    #expect(Self.colour(decoded.image) == "green")
    #expect(decoded.metadata.video?.codecName == "VP9")
    #expect(decoded.metadata.video?.durationText == "0:02")
  }

  @Test func anAttachedCoverIsThePoster() async throws {
    let path = try await VideoFixtures.path("cover.mp4")
    let decoded = try decoder.decode(path: path, target: (50, 50))
    #expect(Self.colour(decoded.image) == "yellow")
    #expect((decoded.metadata.originalWidth, decoded.metadata.originalHeight) == (100, 100))
    // The details tell the frames' size, not the cover's.
    #expect(decoded.metadata.shownSize == PixelSize(width: 320, height: 240))
    #expect(decoded.metadata.video?.codecName == "H.264")
    #expect(try decoder.metadata(path: path) == decoded.metadata)
  }

  @Test func theDetailsWithoutDecodingAgreeWithThePosters() async throws {
    for name in ["poster.mp4", "turned.mp4", "clip.webm", "late-index.mp4"] {
      let path = try await VideoFixtures.path(name)
      #expect(
        try decoder.metadata(path: path) == decoder.decode(path: path, target: (64, 64)).metadata,
        "\(name)")
      let bytes = try await VideoFixtures.bytes(name)
      #expect(
        try decoder.metadata(bytes: bytes) == decoder.metadata(path: path), "\(name) in memory")
    }
  }

  @Test func brokenVideosSayWhy() async throws {
    let sound = try await VideoFixtures.path("sound.mp4")
    let cut = try await VideoFixtures.path("cut.mp4")
    let poster = try await VideoFixtures.path("poster.mp4")
    #expect(throws: ThumbnailError.soundOnly) { try decoder.decode(path: sound, target: (64, 64)) }
    #expect {
      try decoder.decode(path: cut, target: (64, 64))
    } throws: { error in
      guard case ThumbnailError.corrupt(let message) = error else { return false }
      return message.hasPrefix("FFmpeg: ")
    }
    let small = ImageDecoder(limits: DecodeLimits(maxSide: 200))
    #expect(throws: ThumbnailError.tooLarge(width: 320, height: 240, cap: .side(200))) {
      try small.decode(path: poster, target: (64, 64))
    }
    let now = ImageDecoder(limits: DecodeLimits(maxDecodeSeconds: 0))
    #expect(throws: ThumbnailError.tookTooLong(.video, seconds: 0)) {
      try now.decode(path: poster, target: (64, 64))
    }
    // A video in a codec no decoder knows (its sample entry renamed) is that, not sound.
    var unknown = try await VideoFixtures.bytes("poster.mp4")
    let stsd = try #require(Self.find(Array("stsd".utf8), in: unknown))
    let entry = try #require(Self.find(Array("avc1".utf8), in: unknown, from: stsd))
    unknown.replaceSubrange(entry..<(entry + 4), with: Array("zzzz".utf8))
    #expect {
      try decoder.decode(bytes: unknown, target: (64, 64))
    } throws: { error in
      guard case ThumbnailError.unsupportedVariant(.video, let what) = error else { return false }
      return what.contains("does not decode")
    }
  }

  /// A small file that declares 999 tracks: FFmpeg refuses it past the cap on streams
  /// with ENOMEM, which read "FFmpeg: Cannot allocate memory"; it says what the file asks.
  @Test func aVideoOfTooManyTracksSaysSo() async throws {
    let path = try await VideoFixtures.path("tracks-999.mp4")
    let expected = ThumbnailError.unsupportedVariant(.video, "more than 64 tracks")
    #expect(throws: expected) { try decoder.decode(path: path, target: (64, 64)) }
    #expect(
      expected.description
        == "This video file uses more than 64 tracks, which the gallery does not read")
    let memory = VideoFile.memoryError(tooManyStreams: false).description
    #expect(
      memory == "The picture is damaged: it asks for more memory at once than the 256 MiB allowed")
  }

  static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
    guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
    return (start...(bytes.count - needle.count)).first {
      bytes[$0..<($0 + needle.count)].elementsEqual(needle)
    }
  }

  @Test func aVideoIsReadInPartWhateverItsSize() async throws {
    // Past the size cap for files read whole: a video is read where the demuxer asks.
    let tight = ImageDecoder(limits: DecodeLimits(maxFileBytes: 1000))
    let decoded = try tight.decode(
      path: try await VideoFixtures.path("poster.mp4"), target: (32, 32))
    #expect(Self.colour(decoded.image) == "red")
  }
}
