extension PixelImage {
  /// The picture turned upright for an EXIF orientation (1–8); other values leave it as
  /// is (`OrientedPixels`). O(width × height).
  func oriented(_ orientation: Int) -> PixelImage {
    guard (2...8).contains(orientation) else { return self }
    let (out, outWidth, outHeight) = OrientedPixels.reoriented(
      pixels, width: width, height: height, bytesPerPixel: 4, orientation: orientation)
    var turned = PixelImage(width: outWidth, height: outHeight, pixels: out)
    turned.compositedOver = compositedOver
    return turned
  }
}
