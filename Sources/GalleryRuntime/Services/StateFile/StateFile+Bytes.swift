extension StateFile {
  /// What a state file's bytes hold, or nil when `load()` would not use them.
  ///
  /// The file's parser without the file: for the fuzz target and the tests that replay
  /// what it found (`Tests/Fuzz`). Package access, not the library's API.
  package static func contents(inFileBytes bytes: [UInt8]) -> Contents? { decode(bytes) }

  /// The bytes `save(_:)` writes for `contents`.
  package static func fileBytes(for contents: Contents) -> [UInt8] { encode(contents) }
}
