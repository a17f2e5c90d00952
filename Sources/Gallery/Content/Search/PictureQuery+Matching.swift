import Pictures

/// Whether pictures match a query: every term, each against what `PictureFacts` offers.
extension PictureQuery {
  /// Whether the picture `facts` describes matches every term.
  package func matches(_ facts: PictureFacts) -> Bool {
    terms.allSatisfy { $0.matches(facts) }
  }

  /// The pictures of `pictures` that match, in their order: `pictures` itself when all
  /// do; `details` gives a picture's details (its own file's, else the first of its
  /// pair's that has them). O(pictures × terms).
  package func matching(
    _ pictures: [Picture], details: (Picture) -> PictureDetails?,
    isMarked: (Picture) -> Bool, isFavorite: (Picture) -> Bool,
    decision: (Picture) -> CullingDecision = { _ in .undecided }
  ) -> [Picture] {
    let kept = offsetsMatching(
      pictures, details: { details(pictures[$0]) }, columns: nil, isMarked: isMarked,
      isFavorite: isFavorite, decision: decision)
    return kept.map { $0.map { pictures[$0] } } ?? pictures
  }

  /// The offsets in `pictures` of those that match, in order; nil when all do.
  /// `details` gives the details of the picture at an offset (its own file's, else the
  /// first of its pair's that has them); `columns`, when given, what is laid out of them
  /// in the same places. O(pictures × terms).
  ///
  /// Asks whether a picture is marked and whether it is a favourite only when a term
  /// does, and for its details only when a term that reads them is reached: the terms on
  /// names, places and kinds are tried first. A `place:` term is answered once a folder
  /// (pictures come folder by folder).
  func offsetsMatching(
    _ pictures: [Picture], details: (Int) -> PictureDetails?, columns: SearchColumns?,
    isMarked: (Picture) -> Bool, isFavorite: (Picture) -> Bool,
    decision: (Picture) -> CullingDecision = { _ in .undecided }
  ) -> [Int]? {
    guard !matchesEverything else { return nil }
    var places = FolderAnswers(count: trials.count)
    // Each term made a function once, which holds what it compares (a term read for
    // each picture was copied, its strings and arrays retained, 100,000 times), and the
    // pictures read in place (a picture bound to a name is a copy).
    let tests = trials.map { $0.matcher() }
    let isPlace = trials.map { $0.field == .place }
    // A term answered from the columns never visits the pictures.
    let answers = columns.map { columns in trials.map { columns.test(for: $0) } } ?? []
    let needsMarks = needs.marks || needs.favorites || needs.decisions
    return pictures.withUnsafeBufferPointer { pictures in
      matchingOffsets(count: pictures.count) { offset in
        let marks =
          needsMarks
          ? PictureMarks(
            isMarked: needs.marks && isMarked(pictures[offset]),
            isFavorite: needs.favorites && isFavorite(pictures[offset]),
            decision: needs.decisions ? decision(pictures[offset]) : .undecided)
          : PictureMarks(isMarked: false, isFavorite: false, decision: .undecided)
        var found: PictureDetails?
        var looked = false
        for index in tests.indices {
          if index < answers.count, let answer = answers[index], let passes = answer(offset) {
            guard passes else { return false }
            continue
          }
          if index >= firstReadingDetails && !looked {
            found = details(offset)
            looked = true
          }
          let passes =
            isPlace[index]
            ? places.answer(index, for: pictures[offset].path) {
              tests[index](pictures[offset], found, marks)
            }
            : tests[index](pictures[offset], found, marks)
          guard passes else { return false }
        }
        return true
      }
    }
  }

  /// The offsets below `count` that `matches`, nil when all do.
  private func matchingOffsets(count: Int, _ matches: (Int) -> Bool) -> [Int]? {
    // The first letters typed match most of a library: no offsets are listed until
    // the first picture that does not match.
    guard let firstLeftOut = (0..<count).first(where: { !matches($0) }) else {
      return nil
    }
    return Array(0..<firstLeftOut) + (firstLeftOut + 1..<count).filter(matches)
  }
}

/// What the user made of a picture, for `is:marked`, `is:favourite` and the terms on
/// culling (`is:rejected`, `rating>=3`, `label:red`).
struct PictureMarks {
  /// Whether it, or any file of its pair, is marked.
  var isMarked: Bool
  /// Whether it, or any file of its pair, is a favourite.
  var isFavorite: Bool
  /// What was decided of it while culling.
  var decision: CullingDecision = .undecided
}

extension QueryTerm {
  /// Whether the picture `facts` describes passes; never for a test of details not
  /// read yet, negated or not.
  func matches(_ facts: PictureFacts) -> Bool {
    matcher()(
      facts.picture, facts.details,
      PictureMarks(
        isMarked: facts.isMarked, isFavorite: facts.isFavorite, decision: facts.decision))
  }

  /// The term as a function of a picture, its details (nil: not read yet) and what the
  /// user made of it: whether it passes. Made once for a query applied to many
  /// pictures: it holds what the term compares, and calling it copies none of it.
  func matcher() -> (Picture, PictureDetails?, PictureMarks) -> Bool {
    let test = passing()
    let isNegated = isNegated
    guard field?.readsDetails == true else {
      return { test($0, $1, $2) != isNegated }
    }
    return { $1 != nil && test($0, $1, $2) != isNegated }
  }

  private func passing() -> (Picture, PictureDetails?, PictureMarks) -> Bool {
    switch test {
    case .name(let filter):
      // A pair shows when any of its files' names matches (`CR3` finds the raws).
      return { picture, _, _ in
        filter.matches(picture.fileName)
          || picture.companions.contains { filter.matches($0.fileName) }
      }
    case .text(.place, let needles, let exactly):
      return { picture, details, _ in
        needles.contains { Self.text(.place, of: picture, details, has: $0, exactly: exactly) }
      }
    case .text(let field, let needles, let exactly):
      // A folder's pictures mostly share a camera and a lens: the answer for the last
      // text compared stands for the next picture with the same, without folding it again.
      let last = LastTextAnswer()
      return { picture, details, _ in
        let text =
          field == .camera
          ? (details?.cameraMake, details?.cameraModel) : (details?.lens, nil)
        if let answer = last.answer(for: text) { return answer }
        let answer = needles.contains {
          Self.text(field, of: picture, details, has: $0, exactly: exactly)
        }
        last.note(answer, for: text)
        return answer
      }
    case .number(.rating, let tests):
      return { _, _, marks in tests.contains { $0.holds(Double(marks.decision.rating.stars)) } }
    case .label(let labels):
      return { _, _, marks in !marks.decision.labels.isDisjoint(with: labels) }
    case .number(let field, let tests):
      return { _, details, _ in
        guard let value = Self.number(field, of: details) else { return false }
        return tests.contains { $0.holds(value) }
      }
    case .date(let comparison, let spans):
      return { _, details, _ in
        guard let wallClock = details?.taken?.wallClock else { return false }
        return spans.contains { $0.holds(wallClock, comparison) }
      }
    case .kind(let kinds):
      return { picture, details, marks in
        kinds.contains { $0.holds(for: picture, details, marks) }
      }
    case .presence(let presences):
      return { _, details, _ in
        guard let details else { return false }
        return presences.contains { $0.holds(for: details) }
      }
    }
  }

  private static func text(
    _ field: QueryField, of picture: Picture, _ details: PictureDetails?,
    has needle: FoldedNeedle, exactly: Bool
  ) -> Bool {
    field == .place
      ? needle.occurs(inFoldersOf: picture.path)
      : text(field, of: details, has: needle, exactly: exactly)
  }

  /// Whether the camera or the lens of `details` holds `needle` (`exactly`: is it).
  static func text(
    _ field: QueryField, of details: PictureDetails?, has needle: FoldedNeedle, exactly: Bool
  ) -> Bool {
    switch field {
    case .camera:
      // `=` is the model alone (`camera=x100v`) or the make and model.
      let make = details?.cameraMake
      let model = details?.cameraModel
      if exactly, make != nil, let model, needle.occurs(in: model, exactly: true) {
        return true
      }
      guard let first = make ?? model else { return false }
      return needle.occurs(in: first, make == nil ? nil : model, exactly: exactly)
    case .lens:
      guard let lens = details?.lens else { return false }
      return needle.occurs(in: lens, exactly: exactly)
    default:
      return false
    }
  }

  /// The number `field` (`iso`, `f`, `focal`, `shutter`, `w`, `h`) of `details`, nil
  /// when they do not say.
  static func number(_ field: QueryField, of details: PictureDetails?) -> Double? {
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

/// The answer a term of text gave for the last text it was asked of: a camera's make and
/// model, or a lens. A box, for the function a term makes to keep it between pictures
/// (that function is used on one thread, for one query at a time).
private final class LastTextAnswer {
  private var text: (String?, String?)?
  private var answer = false

  /// The answer for `text` when it is the last one's.
  func answer(for text: (String?, String?)) -> Bool? {
    guard let last = self.text, last.0 == text.0, last.1 == text.1 else { return nil }
    return answer
  }

  /// Notes `answer` as the one for `text`.
  func note(_ answer: Bool, for text: (String?, String?)) {
    self.text = text
    self.answer = answer
  }
}
