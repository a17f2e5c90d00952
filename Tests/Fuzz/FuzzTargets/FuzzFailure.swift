/// An invariant a fuzz target checks did not hold for some input.
public struct FuzzFailure: Error, CustomStringConvertible {
  public let description: String

  public init(_ description: String) { self.description = description }
}

/// Throws a `FuzzFailure` saying `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
  if !condition { throw FuzzFailure(message()) }
}
