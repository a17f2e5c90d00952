import Gallery

/// What a described option does to `GalleryOptions`, on the command line and in the
/// configuration file alike: the parser and the file's reader apply it, so neither has a
/// list of names of its own.
package enum OptionEffect: Sendable {
  /// Reads a value into the options; throws the error naming the option as the user
  /// spelled it (`--colour`, `colour`).
  package typealias Setter =
    @Sendable (inout GalleryOptions, _ value: String, _ spelled: String) throws(OptionsError) ->
    Void

  /// `--help`: the help and nothing else.
  case help
  /// `--version`: the version and nothing else.
  case version
  /// Syntax the parser reads itself before any option: `-` and `--`.
  case syntax
  /// A switch: the command line sets the property to `whenGiven`; the setting of the same
  /// property takes **yes** or **no** for it (`cache = no` is `--no-cache`).
  case flag(any WritableKeyPath<GalleryOptions, Bool> & Sendable, whenGiven: Bool)
  /// A value, read by the setter; `words` are the values it takes when they are a fixed
  /// set (for the help, the man page and the completions).
  case value(Setter, words: [String]?)
}

extension OptionEffect {
  /// One of the words of `Choice` (its raw values), into `property`.
  static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ property: any WritableKeyPath<GalleryOptions, Choice> & Sendable
  ) -> OptionEffect where Choice.RawValue == String {
    choice(property, words: Choice.allCases.map { ($0.rawValue, $0) }, separator: "|")
  }

  /// One of the words of `Choice`, into an optional `property` (nil: chosen later).
  static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ property: any WritableKeyPath<GalleryOptions, Choice?> & Sendable
  ) -> OptionEffect where Choice.RawValue == String {
    choice(property, words: Choice.allCases.map { ($0.rawValue, $0) }, separator: "|")
  }

  /// One of `words`, each with the value it sets `property` to; the error names them
  /// all, `separator` between them (`opened or all`).
  static func choice<Value: Sendable>(
    _ property: any WritableKeyPath<GalleryOptions, Value> & Sendable,
    words: [(word: String, value: Value)], separator: String
  ) -> OptionEffect {
    let expected = words.map(\.word).joined(separator: separator)
    return .value(
      setter(property, expected: expected) { text in words.first { $0.word == text }?.value },
      words: words.map(\.word))
  }

  /// A value `parse` reads (nil: not one), into `property`; `expected` says what is
  /// taken, for the error.
  static func parsed<Value: Sendable>(
    into property: any WritableKeyPath<GalleryOptions, Value> & Sendable, expected: String,
    _ parse: @escaping @Sendable (String) -> Value?
  ) -> OptionEffect {
    .value(setter(property, expected: expected, parse), words: nil)
  }

  /// `parsed(into:)` for a property that is nil until given (`--size`).
  static func parsed<Value: Sendable>(
    intoOptional property: any WritableKeyPath<GalleryOptions, Value?> & Sendable,
    expected: String, _ parse: @escaping @Sendable (String) -> Value?
  ) -> OptionEffect {
    parsed(into: property, expected: expected) { parse($0).map(Optional.some) }
  }

  /// Sets `property` to what `parse` reads; throws `invalidValue` with `expected` when it
  /// reads nothing.
  private static func setter<Value: Sendable>(
    _ property: any WritableKeyPath<GalleryOptions, Value> & Sendable, expected: String,
    _ parse: @escaping @Sendable (String) -> Value?
  ) -> Setter {
    { (options, text, spelled) throws(OptionsError) in
      guard let value = parse(text) else {
        throw .invalidValue(option: spelled, value: text, expected: expected)
      }
      options[keyPath: property] = value
    }
  }
}
