/// An invariant a fuzz target checks did not hold for some input.
package struct FuzzFailure: Error, CustomStringConvertible {
  package let description: String

  package init(_ description: String) { self.description = description }
}

/// Throws a `FuzzFailure` saying `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
  if !condition { throw FuzzFailure(message()) }
}
