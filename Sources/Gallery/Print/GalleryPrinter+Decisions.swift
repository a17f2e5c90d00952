import Pictures

/// What `--format json` says of each picture's culling decision.
extension GalleryPrinter {
  /// `, "rating": 3, "flag": "rejected", "labels": ["red"]`: the stars (0 unrated), the
  /// flag (`picked`, `rejected`, or null) and the colour labels in darktable's order.
  static func decisionJSON(_ decision: CullingDecision) -> String {
    let flag =
      switch decision.flag {
      case .picked: "\"picked\""
      case .rejected: "\"rejected\""
      case .none: "null"
      }
    let labels = decision.labels.labels.map { "\"\($0.name)\"" }.joined(separator: ", ")
    return ", \"rating\": \(decision.rating.stars), \"flag\": \(flag), \"labels\": [\(labels)]"
  }
}
