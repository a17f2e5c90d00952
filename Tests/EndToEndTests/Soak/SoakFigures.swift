import Foundation
import TestSupport

/// What the soak measured, printed at its end.
struct SoakFigures {
  /// Right after the first frame.
  let start: ProcessStatus
  /// The first sample after the warm-up.
  private(set) var warm: ProcessStatus?
  /// Once the soak is over and the screen has settled.
  var end: ProcessStatus?
  private(set) var peakAfterWarmUp = 0
  private(set) var peak = 0
  private(set) var mostDescriptors = 0
  private(set) var samples = 0
  /// Resident memory every minute (a sample a second), to see it level off.
  private(set) var minutes: [Int] = []
  /// Every sample's resident memory, a second apart.
  private(set) var resident: [Int] = []
  var seconds = 0
  var events: [SoakInput.Event: Int] = [:]
  /// Signals sent in the SIGWINCH bursts.
  var winches = 0
  var churn: [FolderChurn.Action: Int] = [:]

  init(start: ProcessStatus) {
    self.start = start
    peak = start.residentKiB
    mostDescriptors = start.descriptors
  }

  mutating func sample(_ status: ProcessStatus, warm isWarm: Bool) {
    samples += 1
    resident.append(status.residentKiB)
    if samples % 60 == 0 { minutes.append(status.residentKiB) }
    peak = max(peak, status.residentKiB)
    mostDescriptors = max(mostDescriptors, status.descriptors)
    guard isWarm else { return }
    if warm == nil { warm = status }
    peakAfterWarmUp = max(peakAfterWarmUp, status.residentKiB)
  }

  /// How much resident memory rose over the soak's second half: the median of its last
  /// minute's samples less the median of the first minute's of the second half. Memory
  /// that levels off rises by little; a leak, by as much as in the first half. Medians, so
  /// a sample taken while a picture was being decoded does not count as a rise.
  var growthOverSecondHalfKiB: Int {
    let half = Array(resident[(resident.count / 2)...])
    guard half.count >= 2 else { return 0 }
    let window = max(1, min(60, half.count / 2))
    func median(_ samples: ArraySlice<Int>) -> Int { samples.sorted()[samples.count / 2] }
    return median(half.suffix(window)) - median(half.prefix(window))
  }

  /// `name: value unit` lines, as the benchmarks print them.
  var report: String {
    func mebibytes(_ kib: Int?) -> String {
      kib.map { String(format: "%.1f MiB", Double($0) / 1024) } ?? "-"
    }
    var lines = [
      "soak duration: \(seconds) s (\(samples) samples)",
      "soak events: \(events.values.reduce(0, +)) "
        + SoakInput.Event.allCases.map { "\($0.rawValue) \(events[$0, default: 0])" }
        .joined(separator: ", ") + " (\(winches) SIGWINCH)",
      "soak churn: \(churn.values.reduce(0, +)) "
        + FolderChurn.Action.allCases.map { "\($0.rawValue) \(churn[$0, default: 0])" }
        .joined(separator: ", "),
      "soak rss start: \(mebibytes(start.residentKiB))",
      "soak rss after warm-up: \(mebibytes(warm?.residentKiB))",
      "soak rss peak: \(mebibytes(peak)) (after warm-up \(mebibytes(peakAfterWarmUp)))",
      "soak rss end: \(mebibytes(end?.residentKiB))",
      "soak rss by minute: " + minutes.map { mebibytes($0) }.joined(separator: ", "),
      "soak rss growth over the second half: \(mebibytes(growthOverSecondHalfKiB))",
    ]
    lines.append(
      "soak descriptors: start \(start.descriptors), most \(mostDescriptors), end "
        + (end.map { String($0.descriptors) } ?? "-"))
    return lines.joined(separator: "\n")
  }
}
