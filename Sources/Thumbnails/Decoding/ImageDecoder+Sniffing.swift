import CImageCodecs
import Pictures

extension ImageDecoder {
  /// The format of a file that starts with `head`: `ImageFormat.sniff`, and a
  /// gzip-compressed SVG (`.svgz`), whose start is inflated to be sniffed in turn. For
  /// the scan and the decoders, which tell formats by their bytes, never their names.
  package static func sniff<Bytes: Collection<UInt8>>(_ head: Bytes) -> ImageFormat? {
    if let format = ImageFormat.sniff(head) { return format }
    guard let inflated = gunzippedHead(head) else { return nil }
    return ImageFormat.sniff(inflated) == .svg ? .svg : nil
  }

  /// The first `ImageFormat.sniffLength` bytes a gzip stream starting with `head`
  /// inflates to; nil when it is not gzip (`1F 8B`, deflate) or yields nothing.
  static func gunzippedHead<Bytes: Collection<UInt8>>(_ head: Bytes) -> [UInt8]? {
    let compressed = Array(head.prefix(ImageFormat.sniffLength))
    guard compressed.starts(with: [0x1F, 0x8B, 0x08]) else { return nil }
    var out = [UInt8](repeating: 0, count: ImageFormat.sniffLength)
    let produced = compressed.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        gallery_gunzip_head(
          input.baseAddress, UInt(input.count), output.baseAddress, UInt(output.count))
      }
    }
    guard produced > 0 else { return nil }
    return Array(out.prefix(produced))
  }
}
