/// How well groups found match the groups labelled, pair by pair: two files in one found
/// group are a pair found; in one labelled group, a true pair.
package struct GroupingScore: Hashable, Sendable {
  /// Pairs found that are true, over pairs found (1 when none were found).
  package var precision: Double
  /// True pairs found, over true pairs (1 when there are none).
  package var recall: Double
  package var pairsFound: Int
  package var truePairs: Int

  /// The score of `found` against `truth`, groups of any hashable names.
  package init<Name: Hashable>(found: [Set<Name>], truth: [Set<Name>]) {
    var label: [Name: Int] = [:]
    for (index, group) in truth.enumerated() { for name in group { label[name] = index } }
    var foundPairs = 0
    var right = 0
    for group in found {
      let names = Array(group)
      for one in names.indices {
        for other in (one + 1)..<names.count {
          foundPairs += 1
          if let a = label[names[one]], a == label[names[other]] { right += 1 }
        }
      }
    }
    let truePairs = truth.reduce(0) { $0 + $1.count * ($1.count - 1) / 2 }
    pairsFound = foundPairs
    self.truePairs = truePairs
    precision = foundPairs == 0 ? 1 : Double(right) / Double(foundPairs)
    recall = truePairs == 0 ? 1 : Double(right) / Double(truePairs)
  }
}
