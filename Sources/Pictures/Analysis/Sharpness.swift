/// How sharp a picture is: the variance of a 3×3 Laplacian over its luminance, measured at
/// one scale so pictures of a burst compare whatever their size.
///
/// The luminance (Rec. 709's luma on the 8-bit values, 0…255) is area-averaged to a copy
/// whose long side is `scale` (1024) pixels, then each inner pixel's Laplacian
/// (`4·centre − left − right − up − down`) is taken and their variance is the figure, in
/// squared luma steps. A flat picture is 0; a soft photograph tens, a sharp one hundreds
/// to a few thousand (noise raises it too: compare pictures of one burst, not of
/// different scenes). A picture whose long side is under `scale` is measured at its own
/// size (enlarging it would only soften it), which `side` says; under `minimumSide` it is
/// not measured.
package struct Sharpness: Hashable, Sendable {
  /// The Laplacian's variance, in squared 8-bit luma steps; 0 or more.
  package var value: Double
  /// The long side of the copy measured, in pixels: `scale`, or the picture's own when
  /// smaller. Figures compare when their sides are equal.
  package var side: Int
  /// The part measured; nil for the whole frame.
  package var focus: FocusRegion?

  package init(value: Double, side: Int, focus: FocusRegion? = nil) {
    self.value = value
    self.side = side
    self.focus = focus
  }

  /// The long side pictures are measured at.
  package static let scale = 1024
  /// The shortest long side measured.
  package static let minimumSide = 16

  /// The sharpness of the pixels of `rows` in `bytes` over `focus` (the whole frame when
  /// nil); nil when `bytes` is shorter than the layout, the picture's long side is under
  /// `minimumSide`, or the focus region is under 3 pixels a side at the measured scale.
  /// O(pixels); one luma plane at the measured scale and one row of the source's width.
  package static func measure(
    _ bytes: UnsafeRawBufferPointer, _ rows: PixelRows, focus: FocusRegion? = nil
  ) -> Sharpness? {
    guard bytes.count >= rows.byteCount, let base = bytes.baseAddress,
      max(rows.width, rows.height) >= minimumSide
    else { return nil }
    let plane = LumaPlane.scaled(base, rows, longSide: scale)
    let region = (focus ?? .whole).pixels(width: plane.width, height: plane.height)
    guard region.right - region.left >= 3, region.bottom - region.top >= 3,
      let value = plane.laplacianVariance(
        left: region.left, top: region.top, right: region.right, bottom: region.bottom)
    else { return nil }
    return Sharpness(value: value, side: max(plane.width, plane.height), focus: focus)
  }

  /// `measure` of pixels in an array.
  package static func measure(_ bytes: [UInt8], _ rows: PixelRows, focus: FocusRegion? = nil)
    -> Sharpness?
  {
    bytes.withUnsafeBytes { measure($0, rows, focus: focus) }
  }
}
