import TerminalKit

/// What a video is, besides its poster's pixels.
package struct VideoFacts: Hashable, Sendable {
  /// Length in seconds; nil when the container does not say.
  package var duration: Double?
  /// The codec as FFmpeg names it (`h264`, `hevc`, `vp9`, `av1`).
  package var codec: String
  /// Frames a second; nil when unknown.
  package var framesPerSecond: Double?
  /// Whether it has sound (never played: the gallery plays none).
  package var hasAudio: Bool

  /// The size its frames are shown at (turned), when an attached cover of another size
  /// is its poster; nil when the poster is a frame.
  package var frameSize: PixelSize?

  package init(
    duration: Double?, codec: String, framesPerSecond: Double?, hasAudio: Bool,
    frameSize: PixelSize? = nil
  ) {
    self.frameSize = frameSize
    self.duration = duration.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    self.codec = codec
    self.framesPerSecond = framesPerSecond.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    self.hasAudio = hasAudio
  }

  /// The length as a clock shows it: `0:42`, `12:05`, `1:02:03`; nil when unknown.
  /// Rounded to the nearest second, and a video under a second is `0:01`.
  package var durationText: String? {
    guard let duration else { return nil }
    return Self.clock(max(1, duration.rounded()))
  }

  /// Where a playing video is, as the clock beside `durationText` shows it: `time`
  /// rounded down while it plays, and the length itself once it `ended` (the last frame
  /// starts before the end: a 4-second clip's at 3.96 s), so the clock reaches
  /// `0:04 / 0:04` and never passes the length.
  package func positionText(at time: Double, ended: Bool) -> String {
    guard let duration else { return Self.clock(time) }
    let length = max(1, duration.rounded())
    return Self.clock(ended ? length : min(time, length))
  }

  /// `seconds` as a clock shows them, rounded down: `0:07`, `12:05`, `1:02:03`.
  package static func clock(_ seconds: Double) -> String {
    let total = seconds.isFinite ? max(0, Int(min(seconds, 1e9))) : 0
    let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0 ? "\(hours):\(two(minutes)):\(two(seconds))" : "\(minutes):\(two(seconds))"
  }

  /// The codec as people know it: `H.264`, `HEVC`, `VP9`, `AV1`; FFmpeg's name otherwise.
  package var codecName: String {
    switch codec {
    case "h264": "H.264"
    case "hevc": "HEVC"
    case "vp8": "VP8"
    case "vp9": "VP9"
    case "av1", "libdav1d", "libaom-av1": "AV1"
    case "mpeg4": "MPEG-4"
    case "mpeg2video": "MPEG-2"
    case "mjpeg": "Motion JPEG"
    case "prores": "ProRes"
    default: codec
    }
  }

  /// Frames a second as written: `30 fps`, `29.97 fps`, `23.976 fps`.
  package var frameRateText: String? {
    guard let framesPerSecond else { return nil }
    let thousandths = Int((framesPerSecond * 1000).rounded())
    let (whole, part) = (thousandths / 1000, thousandths % 1000)
    guard part > 0 else { return "\(whole) fps" }
    var digits = String(String(part + 1000).dropFirst())
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(whole).\(digits) fps"
  }
}
