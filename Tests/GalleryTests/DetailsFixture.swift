import Foundation
import Pictures

@testable import Gallery

extension PictureDetailsBatch {
  /// A batch of details that know only when each picture was taken, as moments (a UTC
  /// offset given, so the moment is the date whatever the state's zone), and of files
  /// read that give no date: what the dates of the tests were before details came.
  static func dates(_ dates: [String: Date], undated: [String] = []) -> PictureDetailsBatch {
    var details: [String: PictureDetails] = [:]
    for path in undated { details[path] = PictureDetails() }
    for (path, date) in dates {
      let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
      details[path] = PictureDetails(taken: TakenTime(utcMoment: seconds))
    }
    return PictureDetailsBatch(details)
  }

  /// A batch of details whose times are wall clocks without an offset (as most cameras
  /// write them), `dates` as read in UTC, and of files read that give no date.
  static func wallClocks(_ dates: [String: Date], undated: [String] = []) -> PictureDetailsBatch {
    var details: [String: PictureDetails] = [:]
    for path in undated { details[path] = PictureDetails() }
    for (path, date) in dates {
      let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
      details[path] = PictureDetails(taken: TakenTime(wallClock: seconds))
    }
    return PictureDetailsBatch(details)
  }
}
