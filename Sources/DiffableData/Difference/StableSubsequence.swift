/// Chooses which entries of a reordered list stay in place; the others are reported as moves.
///
/// `ranks` holds, in new order, each common entry's rank in the old order (a permutation of
/// `0..<count`). The entries kept form an increasing run of ranks, so replaying the moves is
/// consistent. Finding the longest such run costs O(n log n); this keeps runs of consecutive
/// ranks together and, when a run conflicts with kept runs, keeps whichever side holds more
/// entries. Each run is pushed and popped at most once and each comparison is charged to a
/// popped run or to the run being placed, so it is O(n). A single item moved anywhere costs one
/// move; many interleaved moves may cost more than the minimum.
@inlinable func stableEntries(ranks: [Int]) -> [Bool] {
  var keep = [Bool](repeating: false, count: ranks.count)
  // Kept runs: (start in `ranks`, length, first rank). Ranks increase up the stack.
  var stack: [(start: Int, length: Int, rank: Int)] = []
  var start = 0
  while start < ranks.count {
    var end = start + 1
    while end < ranks.count && ranks[end] == ranks[end - 1] + 1 { end += 1 }
    let length = end - start
    var conflicting = 0
    var conflictingLength = 0
    var index = stack.count - 1
    while index >= 0 && stack[index].rank > ranks[start] && conflictingLength < length {
      conflictingLength += stack[index].length
      conflicting += 1
      index -= 1
    }
    if conflictingLength < length {
      stack.removeLast(conflicting)
      stack.append((start, length, ranks[start]))
    }
    start = end
  }
  for run in stack {
    for index in run.start..<(run.start + run.length) { keep[index] = true }
  }
  return keep
}
