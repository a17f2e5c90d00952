import Pictures
import TerminalKit

extension TIFFTags {
  /// Where the camera focused, by EXIF's `SubjectArea` (else `SubjectLocation`), in
  /// fractions of the picture shown with `orientation`.
  ///
  /// Both tags count pixels from the stored picture's top left corner, before the
  /// orientation is applied (EXIF 2.3, 4.6.5), of the size EXIF's `PixelXDimension` and
  /// `PixelYDimension` give, else of `storedSize`: the fractions are right for a copy
  /// scaled since, whose tags kept the original's numbers. A size whose sides lie the
  /// other way round from the stored picture's (a picture turned by its pixels, the tags
  /// left as they were) says the point is no longer where it was: none is given. So is
  /// none for a point outside the picture, a size of zero or beyond reason, or a tag of
  /// another number of values. Without either tag, a Sony camera's own
  /// (`sonyFocusLocation`).
  func focusPoint(storedSize: PixelSize?, orientation: Int) -> FocusPoint? {
    let stored = storedSize.map { (width: Double($0.width), height: Double($0.height)) }
    var reference = storedSize.map { (width: $0.width, height: $0.height) }
    if let exifWidth, let exifHeight, exifWidth > 0, exifHeight > 0 {
      if let stored, Self.liesOtherWay((Double(exifWidth), Double(exifHeight)), stored) {
        return nil
      }
      reference = (exifWidth, exifHeight)
    }
    if let reference, let point = exifPoint(against: reference, orientation: orientation) {
      return point
    }
    if let sony = sonyFocusLocation, sony.count == 4, let stored,
      Self.liesOtherWay((sony[0], sony[1]), stored)
    {
      return nil
    }
    return sonyFocusPoint(orientation: orientation)
  }

  /// The point `SubjectArea` (else `SubjectLocation`) names in a stored picture of
  /// `reference`'s size.
  private func exifPoint(against reference: (width: Int, height: Int), orientation: Int)
    -> FocusPoint?
  {
    func point(_ values: [Double]?, counts: ClosedRange<Int>) -> FocusPoint? {
      guard let values, counts.contains(values.count) else { return nil }
      let (areaWidth, areaHeight): (Double?, Double?) =
        switch values.count {
        case 3: (values[2], values[2])
        case 4: (values[2], values[3])
        default: (nil, nil)
        }
      return FocusPoint(
        pixelX: values[0], pixelY: values[1], areaWidth: areaWidth, areaHeight: areaHeight,
        width: reference.width, height: reference.height, orientation: orientation)
    }
    return point(subjectArea, counts: 2...4) ?? point(subjectLocation, counts: 2...2)
  }

  /// Whether one size is wider than high and the other higher than wide.
  private static func liesOtherWay(
    _ one: (width: Double, height: Double), _ other: (width: Double, height: Double)
  ) -> Bool {
    (one.width > one.height && other.width < other.height)
      || (one.width < one.height && other.width > other.height)
  }
}

extension PictureDetails {
  /// Takes the focus point `tags` give, against the stored size and orientation known
  /// now: a reader that learns them after the tags (a JPEG's frame header follows its
  /// EXIF) takes it again then.
  mutating func takeFocus(_ tags: TIFFTags) {
    focusPoint = tags.focusPoint(storedSize: storedSize, orientation: orientation)
  }
}
