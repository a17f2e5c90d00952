/// The keys of the rows under a folder: every path that starts with the folder and `/`.
///
/// Paths are compared as bytes (`memcmp`), and `0` follows `/`: every path under
/// `/a/b` is at least `/a/b/` and less than `/a/b0`, and no path outside is between.
struct KeyRange {
  var lower: [UInt8]
  var upper: [UInt8]

  /// The range under `folder`'s bytes (without a trailing `/`; empty or `/` for all).
  static func under(_ folder: [UInt8]) -> KeyRange {
    var base = folder
    if base.last == UInt8(ascii: "/") { base.removeLast() }
    return KeyRange(lower: base + [UInt8(ascii: "/")], upper: base + [UInt8(ascii: "0")])
  }
}
