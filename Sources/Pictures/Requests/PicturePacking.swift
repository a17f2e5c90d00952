/// How kitty's pictures are packed for the way to the terminal: the work to make them
/// against the bytes they take.
package enum PicturePacking: String, Hashable, Sendable {
  /// The pixels deflated by zlib (`o=z`): fast to make, a little smaller than plain on a
  /// photograph, much smaller on a drawing. For a terminal that is not known to be on
  /// this machine.
  case deflated
  /// A PNG (`f=100`): about half of zlib's bytes on photographs at several times the
  /// work, for a slow link.
  case png
  /// The pixels as they are: no work at all, for a kitty on this machine, which reads them
  /// from a file (a 780×420 photograph packed by zlib took 17 ms of a 110 ms decode).
  case plain
}
