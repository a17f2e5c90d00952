import Pictures

/// Whether pictures match a query: every term, each against what `PictureFacts` offers.
extension PictureQuery {
  /// Whether the picture `facts` describes matches every term.
  package func matches(_ facts: PictureFacts) -> Bool {
    terms.allSatisfy { $0.matches(facts) }
  }

  /// The pictures of `pictures` that match, in their order. O(pictures × terms).
  ///
  /// Asks whether a picture is marked and whether it is a favourite only when a term
  /// does, and looks up its details (its own file's, else the first of its pair's that
  /// has them) only when a term that reads them is reached: the terms on names, places
  /// and kinds are tried first, and the look-up is most of the cost of a term on details.
  /// A `place:` term is answered once a folder (pictures come folder by folder).
  package func matching(
    _ pictures: [Picture], details: (String) -> PictureDetails?,
    isMarked: (Picture) -> Bool, isFavorite: (Picture) -> Bool
  ) -> [Picture] {
    guard !matchesEverything else { return pictures }
    var places = FolderAnswers(count: trials.count)
    return pictures.filter { picture in
      var facts = PictureFacts(picture)
      if needs.marks { facts.isMarked = isMarked(picture) }
      if needs.favorites { facts.isFavorite = isFavorite(picture) }
      for index in trials.indices {
        if index == firstReadingDetails {
          facts.details = details(picture.path)
          for companion in picture.companions where facts.details == nil {
            facts.details = details(companion.path)
          }
        }
        let term = trials[index]
        let passes =
          term.field == .place
          ? places.answer(index, for: picture.path) { term.matches(facts) }
          : term.matches(facts)
        guard passes else { return false }
      }
      return true
    }
  }
}

extension QueryTerm {
  /// Whether the picture `facts` describes passes; never for a test of details not
  /// read yet, negated or not.
  func matches(_ facts: PictureFacts) -> Bool {
    if field?.readsDetails == true, facts.details == nil { return false }
    return passes(facts) != isNegated
  }

  private func passes(_ facts: PictureFacts) -> Bool {
    switch test {
    case .name(let filter):
      // A pair shows when any of its files' names matches (`CR3` finds the raws).
      return filter.matches(facts.picture.fileName)
        || facts.picture.companions.contains { filter.matches($0.fileName) }
    case .text(let field, let needles, let exactly):
      return needles.contains { Self.text(field, of: facts, has: $0, exactly: exactly) }
    case .number(let field, let tests):
      guard let value = Self.number(field, of: facts.details) else { return false }
      return tests.contains { $0.holds(value) }
    case .date(let comparison, let spans):
      guard let wallClock = facts.details?.taken?.wallClock else { return false }
      return spans.contains { $0.holds(wallClock, comparison) }
    case .kind(let kinds):
      return kinds.contains { $0.holds(for: facts) }
    case .presence(let presences):
      guard let details = facts.details else { return false }
      return presences.contains { $0.holds(for: details) }
    }
  }

  private static func text(
    _ field: QueryField, of facts: PictureFacts, has needle: FoldedNeedle, exactly: Bool
  ) -> Bool {
    switch field {
    case .camera:
      // `=` is the model alone (`camera=x100v`) or the make and model.
      let make = facts.details?.cameraMake
      let model = facts.details?.cameraModel
      if exactly, make != nil, let model, needle.occurs(in: model, exactly: true) {
        return true
      }
      guard let first = make ?? model else { return false }
      return needle.occurs(in: first, make == nil ? nil : model, exactly: exactly)
    case .lens:
      guard let lens = facts.details?.lens else { return false }
      return needle.occurs(in: lens, exactly: exactly)
    case .place:
      return needle.occurs(inFoldersOf: facts.picture.path)
    default:
      return false
    }
  }

  private static func number(_ field: QueryField, of details: PictureDetails?) -> Double? {
    switch field {
    case .iso: details?.exposure?.iso.map(Double.init)
    case .aperture: details?.exposure?.fNumber
    case .focalLength: details?.exposure?.focalLength
    case .shutter: details?.exposure?.seconds
    case .width: details?.shownSize.map { Double($0.width) }
    case .height: details?.shownSize.map { Double($0.height) }
    default: nil
    }
  }
}
