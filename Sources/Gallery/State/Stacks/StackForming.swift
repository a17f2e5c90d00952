import FoundationEssentials
import Pictures

/// How stacks are found among the pictures of a section, in the order shown: a run of
/// pictures each taken within `StackRules.seconds` of the one before it and alike by the
/// hash (`StackRules.distance`). A picture without a date or a hash yet is in no stack,
/// so stacks grow as hashes stream in. O(pictures).
enum StackForming {
  /// The ranges of `pictures` that are stacks, two pictures or more each, in order.
  static func runs(
    _ pictures: [Picture], rules: StackRules, date: (Picture) -> Date?,
    hash: (Picture) -> PerceptualHash?
  ) -> [Range<Int>] {
    guard rules.isOn, pictures.count > 1 else { return [] }
    var runs: [Range<Int>] = []
    var start = 0
    var previous: (date: Date, hash: PerceptualHash)?
    for (index, picture) in pictures.enumerated() {
      let known = date(picture).flatMap { date in hash(picture).map { (date: date, hash: $0) } }
      let joins =
        if let known, let previous {
          abs(known.date.timeIntervalSince(previous.date)) <= rules.seconds
            && known.hash.distance(to: previous.hash) <= rules.distance
        } else {
          false
        }
      if !joins {
        if index - start > 1 { runs.append(start..<index) }
        start = index
      }
      previous = known
    }
    if pictures.count - start > 1 { runs.append(start..<pictures.count) }
    return runs
  }

  /// The index of the cover among `members`: the first picked, else the sharpest of
  /// those measured, else the first.
  static func cover(
    of members: [Picture], isPicked: (Picture) -> Bool, sharpness: (Picture) -> Double?
  ) -> Int {
    if let picked = members.firstIndex(where: isPicked) { return picked }
    var sharpest: (index: Int, value: Double)?
    for (index, member) in members.enumerated() {
      guard let value = sharpness(member) else { continue }
      if sharpest.map({ value > $0.value }) ?? true { sharpest = (index, value) }
    }
    return sharpest?.index ?? 0
  }
}
