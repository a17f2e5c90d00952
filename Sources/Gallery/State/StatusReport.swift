/// What the status line says: the one keeper of the message, which every part speaks
/// through.
///
/// A part says what happened (`say(_:)`); the rules of how long it lasts live here: a
/// confirmation ends with the next key (`noteKey()`), a warning stays until something
/// replaces it, and a failed save of the favourites is withdrawn once a save works.
package struct StatusReport: Hashable, Sendable {
  /// A warning or a confirmation for the status line, nil for none.
  package private(set) var message: StatusMessage?

  /// Nothing to say.
  package init() {}

  /// Says `message`, in place of whatever was said before.
  mutating func say(_ message: StatusMessage) { self.message = message }

  /// Says nothing: what is on the screen says it already (a question naming the files).
  mutating func clear() { message = nil }

  /// Whether an import's progress may take the line: not while it shows the failure of
  /// an action, which stays until the next key has seen it.
  var yieldsToProgress: Bool {
    guard let message else { return true }
    return !(message.isWarning && message.clearsAtNextKey)
  }

  /// A key came: a confirmation (and the failure of an action) has been seen and goes.
  mutating func noteKey() {
    if let message, message.clearsAtNextKey { self.message = nil }
  }
}
