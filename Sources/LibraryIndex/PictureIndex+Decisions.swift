import Pictures

/// A culling decision the index keeps for a picture, with the stamp of the files it was
/// read from (the picture's sidecars and the picture itself: `SidecarStamp`): valid while
/// those files have the same stamp, read again from them otherwise.
package struct KeptDecision: Hashable, Sendable {
  /// What the files were when the decision was read: opaque bytes, compared whole.
  package var stamp: [UInt8]
  /// The decision read; nil when the files held none.
  package var decision: CullingDecision?

  package init(stamp: [UInt8], decision: CullingDecision?) {
    self.stamp = stamp
    self.decision = decision
  }
}

extension PictureIndex {
  /// The decisions kept for `paths` (one query by key each): only for pictures whose row
  /// is there and has a decision kept. Busy or damaged: none, and the files are read.
  package func keptDecisions(of paths: [String]) -> [String: KeptDecision] {
    guard !paths.isEmpty else { return [:] }
    return state.withLock { state in
      guard let connection = state.connection else { return [:] }
      do throws(IndexError) {
        let statement = try connection.prepare(
          "SELECT decision_stamp, rating, flag, color_labels FROM pictures WHERE path = ?")
        var kept: [String: KeptDecision] = [:]
        for path in paths {
          statement.bind(1, blob: IndexPath.bytes(path))
          defer { statement.reset() }
          guard try statement.step(), !statement.isNull(0) else { continue }
          let stamp = statement.withBlob(0) { Array($0) }
          kept[path] = KeptDecision(stamp: stamp, decision: Self.decision(in: statement))
        }
        return kept
      } catch {
        _ = notice(for: error, &state)
        return [:]
      }
    }
  }

  /// Keeps `decisions` on their pictures' rows, in one transaction; a picture without a
  /// row (its details not yet read) keeps none: its files are read again next time.
  @discardableResult
  package func keep(_ decisions: [String: KeptDecision]) -> IndexNotice? {
    guard !decisions.isEmpty else { return nil }
    return write { connection throws(IndexError) in
      let statement = try connection.prepare(
        "UPDATE pictures SET decision_stamp = ?, rating = ?, flag = ?, color_labels = ? "
          + "WHERE path = ?")
      for (path, kept) in decisions {
        statement.bind(1, blob: kept.stamp)
        statement.bind(2, kept.decision.map { $0.rating.stars })
        statement.bind(3, kept.decision.map { Self.column(of: $0.flag) })
        statement.bind(4, kept.decision.map { Int($0.labels.rawValue) })
        statement.bind(5, blob: IndexPath.bytes(path))
        try statement.run()
      }
    }
  }

  /// The flag as its column holds it: 0 none, 1 picked, 2 rejected.
  static func column(of flag: CullingFlag) -> Int {
    switch flag {
    case .none: 0
    case .picked: 1
    case .rejected: 2
    }
  }

  /// The decision of the row `statement` stands on; nil when the files held none.
  static func decision(in statement: IndexStatement) -> CullingDecision? {
    guard let stars = statement.optionalInteger(1) else { return nil }
    let flag: CullingFlag =
      switch statement.optionalInteger(2) {
      case 1: .picked
      case 2: .rejected
      default: .none
      }
    let labels = ColorLabels(rawValue: UInt8(truncatingIfNeeded: statement.optionalInteger(3) ?? 0))
    return CullingDecision(rating: StarRating(clamping: Int(stars)), flag: flag, labels: labels)
  }
}
