import Pictures

/// What the filters typed last showed, kept so that Backspace, and a filter typed again,
/// show their pictures at once, and so that a new filter is looked for among the fewest
/// pictures that can hold its matches: typing adds to a query a character at a time, and
/// erasing goes back through the same queries.
///
/// Only as true as the library it was made from: `GalleryContent` forgets every result
/// when what a filter is applied to changes (the pictures, their details, the order, the
/// grouping), and keeps none of a query that asks about marks or favourites (they change
/// without the library changing). Bounded by the pictures held, at most `pictureLimit`
/// (four times the library's: a result shares its pictures with the library, and costs
/// about 40 bytes a picture) besides the whole library's, and by `capacity` results, the
/// oldest forgotten first.
struct RecentFilterResults: Sendable {
  /// What one query showed.
  struct Result: Sendable {
    /// The query.
    var query: PictureQuery
    /// Its `rendered` text, which tells two queries apart.
    var rendered: String
    /// What it showed.
    var shown: ShownSections
  }

  /// The results, oldest first.
  private var results: [Result] = []

  /// The most results kept, whatever their size.
  static let capacity = 32

  /// What `query` showed, when it is kept. O(results).
  func result(for query: PictureQuery) -> Result? {
    let rendered = query.rendered
    return results.last { $0.rendered == rendered }
  }

  /// The kept result with the fewest pictures that holds every picture `query` matches:
  /// the one of no filter, or of a query `query` narrows (`PictureQuery.narrows`); nil
  /// when none does. O(results × terms²).
  func narrowest(holdingMatchesOf query: PictureQuery) -> Result? {
    // Of two as large, the one whose pictures' columns were laid out.
    results.filter { $0.query.matchesEverything || query.narrows($0.query) }
      .min {
        ($0.shown.snapshot.numberOfItems, $0.shown.searchColumns == nil ? 1 : 0)
          < ($1.shown.snapshot.numberOfItems, $1.shown.searchColumns == nil ? 1 : 0)
      }
  }

  /// Keeps what `query` shows, the oldest results forgotten while more than
  /// `pictureLimit` pictures, or `capacity` results, are kept. O(results).
  mutating func keep(_ shown: ShownSections, for query: PictureQuery, pictureLimit: Int) {
    guard !query.needs.marks, !query.needs.favorites, !query.needs.decisions else { return }
    let rendered = query.rendered
    results.removeAll { $0.rendered == rendered }
    results.append(Result(query: query, rendered: rendered, shown: shown))
    // No filter's result, the whole library, is the one every other query can start
    // from: it stays, and counts for nothing (most of it is what the library holds).
    func counted(_ result: Result) -> Int {
      result.query.matchesEverything ? 0 : result.shown.snapshot.numberOfItems
    }
    var pictures = results.reduce(0) { $0 + counted($1) }
    while results.count > Self.capacity || pictures > pictureLimit,
      let oldest = results.firstIndex(where: { !$0.query.matchesEverything }),
      oldest < results.count - 1
    {
      pictures -= counted(results.remove(at: oldest))
    }
  }

  /// Notes what the search reads of the pictures the result of `rendered` shows, laid
  /// out since.
  mutating func noteColumns(_ columns: [SearchColumns], of rendered: String) {
    guard let index = results.lastIndex(where: { $0.rendered == rendered }) else { return }
    results[index].shown.noteSearchColumns(columns)
  }

  /// Forgets every result: what they were made from has changed.
  mutating func forgetAll() {
    if !results.isEmpty { results.removeAll() }
  }
}
