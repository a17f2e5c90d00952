import Pictures

/// Each picture's details in its place, narrowed without copying them: a narrowed column
/// keeps the details of the column it came from and where each of its pictures was
/// there.
///
/// Copying a picture's details takes a reference to their storage, which for tens of
/// thousands of pictures kept by a query means touching tens of thousands of places in
/// memory between two keys; copying where they are touches one array.
struct DetailsColumn: Sendable {
  /// The details as first laid out, for the pictures of the section they were laid out for.
  private let laidOut: [PictureDetails?]
  /// Where each picture's details are in `laidOut`; nil while the column is not narrowed.
  private let places: [Int32]?

  /// The number of pictures.
  var count: Int { places?.count ?? laidOut.count }

  /// The column of `details`, one for each picture in order.
  init(_ details: [PictureDetails?]) {
    laidOut = details
    places = nil
  }

  private init(laidOut: [PictureDetails?], places: [Int32]) {
    self.laidOut = laidOut
    self.places = places
  }

  /// The details of the picture at `offset`.
  subscript(offset: Int) -> PictureDetails? {
    guard let places else { return laidOut[offset] }
    return laidOut[Int(places[offset])]
  }

  /// The column of the pictures at `offsets`, in that order. O(offsets), no details
  /// copied.
  func keeping(_ offsets: [Int]) -> DetailsColumn {
    guard let places else {
      return DetailsColumn(
        laidOut: laidOut, places: offsets.map { Int32(truncatingIfNeeded: $0) })
    }
    return DetailsColumn(laidOut: laidOut, places: offsets.map { places[$0] })
  }

  /// `transform` of each picture's details, in order. O(pictures).
  func map<T>(_ transform: (PictureDetails?) -> T) -> [T] {
    guard let places else { return laidOut.map(transform) }
    return places.map { transform(laidOut[Int($0)]) }
  }
}
