import Pictures

/// The camera or the lens of a section's pictures, in their places, each different text
/// kept once: a query's test of text is folded and compared once for each camera a
/// library holds, not once for each picture.
struct TextColumn: Sendable {
  /// Each picture's text, as its place in `texts`.
  private var codes: [Int32]
  /// The different texts, as details holding them (the camera's make and model, or the
  /// lens): what a term of text tests.
  private var texts: [PictureDetails?]

  /// The texts of `field` (`camera` or `lens`) of `details`. O(pictures).
  init(_ field: QueryField, of details: DetailsColumn) {
    var codes: [Int32] = []
    codes.reserveCapacity(details.count)
    var texts: [PictureDetails?] = []
    var known: [Text: Int32] = [:]
    for offset in 0..<details.count {
      let details = details[offset]
      let text =
        field == .camera
        ? Text(details?.cameraMake, details?.cameraModel) : Text(details?.lens, nil)
      if let code = known[text] {
        codes.append(code)
        continue
      }
      let code = Int32(texts.count)
      known[text] = code
      texts.append(
        field == .camera
          ? PictureDetails(cameraMake: text.first, cameraModel: text.second)
          : PictureDetails(lens: text.first))
      codes.append(code)
    }
    self.codes = codes
    self.texts = texts
  }

  private init(codes: [Int32], texts: [PictureDetails?]) {
    self.codes = codes
    self.texts = texts
  }

  /// The texts of the pictures at `offsets`, in that order.
  func keeping(_ offsets: [Int]) -> TextColumn {
    TextColumn(codes: offsets.map { codes[$0] }, texts: texts)
  }

  /// Whether the picture at an offset passes `passes`, asked here once for each
  /// different text.
  func answer(_ passes: (PictureDetails?) -> Bool) -> (Int) -> Bool {
    let byText = texts.map(passes)
    let codes = codes
    return { byText[Int(codes[$0])] }
  }

  /// One camera's make and model, or one lens.
  private struct Text: Hashable {
    var first: String?
    var second: String?
    init(_ first: String?, _ second: String?) {
      self.first = first
      self.second = second
    }
  }
}
