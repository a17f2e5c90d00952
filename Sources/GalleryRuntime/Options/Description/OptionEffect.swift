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
    .value(
      { (options, text, spelled) throws(OptionsError) in
        options[keyPath: property] = try choice(Choice.self, spelled, text)
      }, words: Choice.allCases.map(\.rawValue))
  }

  /// One of the words of `Choice`, into an optional `property` (nil: chosen later).
  static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ property: any WritableKeyPath<GalleryOptions, Choice?> & Sendable
  ) -> OptionEffect where Choice.RawValue == String {
    .value(
      { (options, text, spelled) throws(OptionsError) in
        options[keyPath: property] = try choice(Choice.self, spelled, text)
      }, words: Choice.allCases.map(\.rawValue))
  }

  /// A value `parse` reads (nil: not one), into `property`; `expected` says what is
  /// taken, for the error.
  static func parsed<Value: Sendable>(
    into property: any WritableKeyPath<GalleryOptions, Value> & Sendable, expected: String,
    _ parse: @escaping @Sendable (String) -> Value?
  ) -> OptionEffect {
    .value(
      { (options, text, spelled) throws(OptionsError) in
        guard let value = parse(text) else {
          throw .invalidValue(option: spelled, value: text, expected: expected)
        }
        options[keyPath: property] = value
      }, words: nil)
  }

  /// `parsed(into:)` for a property that is nil until given (`--size`).
  static func parsed<Value: Sendable>(
    intoOptional property: any WritableKeyPath<GalleryOptions, Value?> & Sendable,
    expected: String, _ parse: @escaping @Sendable (String) -> Value?
  ) -> OptionEffect {
    .value(
      { (options, text, spelled) throws(OptionsError) in
        guard let value = parse(text) else {
          throw .invalidValue(option: spelled, value: text, expected: expected)
        }
        options[keyPath: property] = value
      }, words: nil)
  }

  /// The value of `Choice` spelled `text`; the error names every word.
  static func choice<Choice: RawRepresentable & CaseIterable>(
    _ type: Choice.Type, _ option: String, _ text: String
  ) throws(OptionsError) -> Choice where Choice.RawValue == String {
    guard let value = Choice(rawValue: text) else {
      let names = Choice.allCases.map(\.rawValue).joined(separator: "|")
      throw .invalidValue(option: option, value: text, expected: names)
    }
    return value
  }
}
