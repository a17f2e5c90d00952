import Pictures

/// What loading pictures has produced so far: each picture's details or error, the cell
/// art on the screen and near it, and the thumbnails last asked for.
///
/// The run loop asks for `wanted` and hands the results back as events; the views draw
/// from `thumbnails`. The state is their one keeper, so a frame is a function of it.
package struct PictureLoading: Sendable {
  /// What decoding taught about each picture (by path): its metadata or its error.
  package private(set) var info: [String: ThumbnailOutcome] = [:]
  /// The finished thumbnails the screen draws from, as cell art.
  package private(set) var thumbnails = ThumbnailShelf()
  /// The finished pictures in pixels the screen draws from (kitty, sixel, iTerm2).
  package private(set) var pictures = PictureShelf()
  /// The thumbnails on the screen or near it, as last asked for.
  package private(set) var wanted: [ThumbnailWant] = []
  /// Pictures whose details were asked for with `.describe`, so each is asked once.
  package private(set) var described: Set<String> = []
  /// Each picture measured (histogram, clipping, sharpness) or why it could not be.
  package private(set) var analyses: [String: AnalysisOutcome] = [:]
  /// The pictures whose measuring was asked for, their outcome not yet come.
  private(set) var analysesAsked: Set<String> = []
  /// Whether the order by sharpness found every picture shown measured (or not to be):
  /// it looks again only when the library changes.
  private(set) var sharpnessComplete = false
  /// Files whose details were asked for with `.readDetails`, and how far their reading
  /// has come (see `DetailsReading`).
  package private(set) var detailsReading = DetailsReading()
  /// Files whose likeness was asked for with `.readLikeness`, and how far its reading
  /// has come (counted as the details are).
  package private(set) var likenessReading = DetailsReading()
  /// The files whose content hash was asked for, so each is asked once.
  private(set) var contentHashesAsked: Set<FileStamp> = []
  /// Which of a camera raw file's pictures answered each request (path, box, zoom): the
  /// tile's can be its embedded preview while the detail view's is developed, so the
  /// details name the one drawn, not the one decoded last.
  package private(set) var renditions: [RenditionKey: RawRendition] = [:]
  /// Whether the user is idle, and which way the view travels: for decoding ahead.
  package private(set) var prefetch = Prefetch()

  /// A request a raw file's rendition answered.
  package struct RenditionKey: Hashable, Sendable {
    package var path: String
    package var size: TileSize
    package var zoom: PictureCrop?
  }

  /// The rendition drawn for `path` in a box of `size` at `zoom`, if one is known.
  package func rendition(path: String, size: TileSize, zoom: PictureCrop?) -> RawRendition? {
    renditions[RenditionKey(path: path, size: size, zoom: zoom)]
  }

  /// Nothing loaded yet.
  package init() {}

  /// The idle timer fired: the user is idle until the next input, and decoding goes ahead.
  mutating func noteIdle() { prefetch.noteIdle() }

  /// An input came: the user is no longer idle.
  mutating func noteInput() { prefetch.noteInput() }

  /// The view scrolled from `oldY` to `newY` (content rows): decoding ahead goes that way.
  mutating func noteScroll(from oldY: Int, to newY: Int) {
    prefetch.noteScroll(from: oldY, to: newY)
  }

  /// Of the wanted pictures, how many have been decoded (or failed), and how many there are.
  package var progress: (done: Int, total: Int) {
    var paths = Set<String>()
    // Decoding ahead is not loading what the screen shows.
    for want in wanted where want.priority > .prefetch { paths.insert(want.path) }
    return (paths.filter { info[$0] != nil }.count, paths.count)
  }

  /// Keeps a finished thumbnail and what it says about its picture.
  mutating func receive(
    _ result: ThumbnailResult, path: String, size: TileSize, crop: PictureCrop? = nil,
    painted: Bool = false
  ) {
    thumbnails.insert(result, path: path, size: size, crop: crop, painted: painted)
    if case .art(_, let metadata?, _) = result, let rendition = metadata.rawRendition {
      renditions[RenditionKey(path: path, size: size, zoom: crop)] = rendition
    }
    // A preview's details lack the colour profile: they never replace the picture's.
    if result.isPreview, info[path] != nil { return }
    record(result.outcome, for: path)
  }

  /// Keeps a finished picture in pixels and what it says about its picture.
  mutating func receive(_ result: PictureResult, key: PictureKey) {
    pictures.insert(result, for: key)
    if case .ready(let metadata?, _) = result.outcome, let rendition = metadata.rawRendition {
      renditions[RenditionKey(path: key.path, size: key.size, zoom: key.zoom)] = rendition
    }
    if result.isPreview, info[key.path] != nil { return }
    record(result.outcome, for: key.path)
  }

  /// Keeps what a header read said about a picture.
  mutating func receiveDescription(_ outcome: ThumbnailOutcome, path: String) {
    record(outcome, for: path)
  }

  private mutating func record(_ outcome: ThumbnailOutcome, for path: String) {
    // A failure or fresh metadata wins; a cached copy without metadata keeps what was known.
    if case .ready(nil, _) = outcome, info[path] != nil { return }
    info[path] = outcome
  }

  /// Takes a new list of wanted thumbnails; the shelf keeps only what they need.
  mutating func want(_ wants: [ThumbnailWant]) {
    wanted = wants
    thumbnails.prune(keeping: wants)
    pictures.prune(keeping: wants)
    if !renditions.isEmpty {
      let paths = Set(wants.map(\.path))
      renditions = renditions.filter { paths.contains($0.key.path) }
    }
  }

  /// Forgets what loading said about `path` (its file was rewritten) and asks again for
  /// everything on screen.
  mutating func forget(_ paths: [String]) {
    guard !paths.isEmpty else { return }
    let forgotten = Set(paths)
    renditions = renditions.filter { !forgotten.contains($0.key.path) }
    for path in paths {
      info[path] = nil
      analyses[path] = nil
      analysesAsked.remove(path)
      thumbnails.remove(path: path)
      pictures.remove(path: path)
    }
    wanted = []
  }

  /// Forgets what is known of the pictures `holds` no longer names (their files left the
  /// library), so what is kept follows the library, however many files came and went.
  /// O(pictures known).
  mutating func keepOnly(_ holds: (String) -> Bool) {
    info = info.filter { holds($0.key) }
    renditions = renditions.filter { holds($0.key.path) }
    described = described.filter(holds)
    analyses = analyses.filter { holds($0.key) }
    analysesAsked = analysesAsked.filter(holds)
    detailsReading.keepOnly(holds)
    likenessReading.keepOnly(holds)
    contentHashesAsked = contentHashesAsked.filter { holds($0.path) }
  }

  /// Notes that measuring the pictures at `paths` was asked for.
  mutating func noteAnalysesAsked(_ paths: some Sequence<String>) {
    analysesAsked.formUnion(paths)
  }

  /// Keeps what measuring the picture at `path` gave (nil: nothing kept, only its
  /// measuring noted as over).
  mutating func receiveAnalysis(_ outcome: AnalysisOutcome?, path: String) {
    analysesAsked.remove(path)
    if let outcome { analyses[path] = outcome }
  }

  /// Keeps the whole measures (their histograms) of the pictures at `shown` only, and
  /// every failure, so none is asked again. O(measures kept).
  mutating func keepAnalyses(of shown: Set<String>) {
    guard analyses.count > shown.count else { return }
    analyses = analyses.filter { shown.contains($0.key) || $0.value.analysis == nil }
  }

  /// Figures of sharpness come since the pictures were last arranged by them.
  private(set) var sharpnessSinceArranged = 0

  /// A figure of sharpness came.
  mutating func noteSharpnessArrived() { sharpnessSinceArranged += 1 }

  /// The pictures were arranged by the figures come.
  mutating func noteSharpnessArranged() { sharpnessSinceArranged = 0 }

  /// Notes whether every picture shown has its sharpness.
  mutating func noteSharpnessComplete(_ complete: Bool) { sharpnessComplete = complete }

  /// How many measures are on their way.
  var analysesAskedCount: Int { analysesAsked.count }

  /// Whether the picture at `path` is measured, or being measured.
  func isAnalyzedOrAsked(_ path: String) -> Bool {
    analyses[path] != nil || analysesAsked.contains(path)
  }

  /// Notes that the details of `path` were asked for.
  mutating func markDescribed(_ path: String) { described.insert(path) }

  /// Notes that the details of the files of `stamps` were asked for.
  mutating func noteDetailsAsked(_ stamps: [FileStamp]) { detailsReading.ask(stamps) }

  /// Notes that the details of the files at `paths` came.
  mutating func noteDetailsRead(_ paths: some Sequence<String>) {
    detailsReading.receive(paths)
  }

  /// Notes that the likeness of `stamps`' files was asked for.
  mutating func noteLikenessAsked(_ stamps: [FileStamp]) { likenessReading.ask(stamps) }

  /// Notes that the likeness of the files at `paths` came.
  mutating func noteLikenessRead(_ paths: some Sequence<String>) {
    likenessReading.receive(paths)
  }

  /// Notes that the content hashes of `stamps`' files were asked for.
  mutating func noteContentHashesAsked(_ stamps: [FileStamp]) {
    contentHashesAsked.formUnion(stamps)
  }

  /// Whether any content hash was asked for since they were last forgotten.
  var hasContentHashesAsked: Bool { !contentHashesAsked.isEmpty }

  /// Forgets which content hashes were asked for: their reading was dropped.
  mutating func forgetContentHashesAsked() { contentHashesAsked = [] }

  /// Notes that every file whose likeness was asked for was answered or passed by.
  mutating func finishLikenessReading() { likenessReading.finish() }
}

extension ThumbnailResult {
  /// What the result says about its picture, without the cells.
  package var outcome: ThumbnailOutcome {
    switch self {
    case .art(_, let metadata, let partial): .ready(metadata: metadata, isPartial: partial)
    case .failed(let error): .failed(error)
    }
  }
}
