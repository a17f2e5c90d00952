/// Choices read from fuzz bytes front to back, for targets that build values (frames,
/// layouts) from their input rather than parse it.
///
/// Past the end every read gives 0, so any input at all is a valid script and a
/// mutation that cuts it short still means something.
struct FuzzInput {
  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether every byte has been read.
  var isAtEnd: Bool { index >= bytes.count }

  /// The bytes not yet read.
  var rest: ArraySlice<UInt8> { bytes[min(index, bytes.count)...] }

  /// The next byte, or 0 at the end.
  mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// A number in `0..<bound` (`bound` at least 1): one byte, two when `bound` needs them.
  mutating func below(_ bound: Int) -> Int {
    precondition(bound >= 1)
    let value = bound > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
    return value % bound
  }

  /// A number in `range`.
  mutating func number(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.count)
  }

  /// True or false from one byte's lowest bit.
  mutating func flag() -> Bool { byte() & 1 == 1 }

  /// One of `values`, which must not be empty.
  mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
