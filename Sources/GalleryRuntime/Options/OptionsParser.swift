import CompositionalLayout
import Gallery
import Pictures
import TerminalKit
import Thumbnails

extension GalleryOptions {
  /// Reads the command line (without the program name) by hand: `[options] [PATH...]`.
  ///
  /// Options and paths may be mixed; `--` ends the options, so a folder named `-x`
  /// can follow it; a lone `-` reads the list of pictures from standard input. Values
  /// come as `--option value` or `--option=value`. A repeated option keeps its last value.
  /// `--help` and `--version` win over everything after them.
  ///
  /// - Throws: `OptionsError` naming the first problem.
  /// `defaults` are the options before the command line (the configuration file's);
  /// what the command line says wins.
  package static func parse(_ arguments: [String], defaults: GalleryOptions = GalleryOptions())
    throws(OptionsError) -> GalleryCommand
  {
    var options = defaults
    var printOnly: [String] = []
    // The long names of the options the command line gave (not the configuration file).
    var given: Set<String> = []
    var importOnly: [String] = []
    var index = 0
    // `gallery import ...`: the first word alone names the command, so a folder named
    // `import` is still shown by `./import`.
    if arguments.first == "import" {
      options.importing = true
      index = 1
    }
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "-" && !optionsEnded {
        // A lone dash: the list of pictures comes on standard input.
        options.filesFrom = "-"
        continue
      }
      if optionsEnded || !argument.hasPrefix("-") {
        if argument.isEmpty { throw .emptyPath }
        options.paths.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      // Single-letter switches may come together: `-o0`.
      if !argument.hasPrefix("--"), argument.count > 2,
        argument.dropFirst().allSatisfy({ Self.shortSwitches[$0] != nil })
      {
        for letter in argument.dropFirst() {
          if let flag = Self.shortSwitches[letter] {
            options[keyPath: flag.property] = flag.given
            given.insert(flag.long)
          }
        }
        continue
      }
      let (name, inlineValue) = split(argument)
      // Only what the description lists is an option, so `--help`, the man page and the
      // completions name every option the parser takes.
      guard let option = CommandLineSpec.option(name) else {
        throw .unknownOption(argument, suggestion: suggestion(for: name))
      }
      switch option.effect {
      case .help:
        if inlineValue != nil { throw .unexpectedValue(option: name) }
        return .help
      case .version:
        if inlineValue != nil { throw .unexpectedValue(option: name) }
        return .version
      case .flag(let property, let given):
        if inlineValue != nil { throw .unexpectedValue(option: name) }
        options[keyPath: property] = given
      case .value(let set, _):
        // The value comes after `=`, else as the next argument.
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < arguments.count else { throw .missingValue(option: name) }
          value = arguments[index]
          index += 1
        }
        try set(&options, value, name)
      case .syntax:
        throw .unknownOption(argument, suggestion: suggestion(for: name))
      }
      if option.printOnly { printOnly.append(name) }
      if option.importOnly { importOnly.append(name) }
      given.insert(option.long)
    }
    // `--format` chooses --duplicates' output too; the rest are --print's alone.
    if !options.print,
      let option = printOnly.first(where: { !(options.duplicates && $0 == "--format") })
    {
      throw .requiresPrint(option: option)
    }
    if !options.importing, let option = importOnly.first { throw .requiresImport(option: option) }
    if options.importing { try checkImport(options) }
    if options.print && options.outputMarked { throw .conflict(option: "-o", other: "--print") }
    if options.index { try checkIndex(options, given: given) }
    if options.duplicates { try checkDuplicates(options) }
    if options.similar && !options.duplicates {
      throw .requiresDuplicates(option: "--similar")
    }
    return .run(options)
  }

  /// The single-letter switches that may be written together (`-o0`): each letter with
  /// the property it sets and to what.
  static let shortSwitches: [Character: Switch] = {
    var switches: [Character: Switch] = [:]
    for option in CommandLineSpec.options {
      guard case .flag(let property, let given) = option.effect else { continue }
      for spelling in option.spellings where spelling.count == 2 && !spelling.hasPrefix("--") {
        if let letter = spelling.last {
          switches[letter] = Switch(property: property, given: given, long: option.long)
        }
      }
    }
    return switches
  }()

  /// A switch's property and what it sets it to.
  struct Switch: Sendable {
    let property: any WritableKeyPath<GalleryOptions, Bool> & Sendable
    let given: Bool
    let long: String
  }

  /// What `--index` cannot go with: a screen's or a document's options, the caches
  /// turned off, pictures not in a folder. The configuration file's `cache = no` is the
  /// browser's default; the command line asking for the index wins over it.
  private static func checkIndex(_ options: GalleryOptions, given: Set<String>)
    throws(OptionsError)
  {
    if options.print { throw .conflict(option: "--index", other: "--print") }
    if options.outputMarked { throw .conflict(option: "--index", other: "-o") }
    if given.contains("--no-cache") { throw .indexWithoutCache }
    if options.filesFrom != nil { throw .indexNeedsFolders }
    if options.paths.isEmpty { throw .indexNeedsFolders }
  }

  /// What `gallery import` needs and cannot go with: a destination, folders to import
  /// from, no screen's or document's options.
  private static func checkImport(_ options: GalleryOptions) throws(OptionsError) {
    for (given, name) in [
      (options.print, "--print"), (options.outputMarked, "-o"), (options.index, "--index"),
      (options.duplicates, "--duplicates"), (options.diagnose, "--diagnose"),
    ] where given {
      throw .conflict(option: name, other: "import")
    }
    if options.filesFrom != nil || options.paths.isEmpty {
      throw .importNeeds("a folder to import")
    }
    if options.importDestination == nil { throw .importNeeds("a destination, --to DIR") }
  }

  /// What `--duplicates` cannot go with: a screen's or a document's options, the
  /// index's filling, pictures not in a folder.
  private static func checkDuplicates(_ options: GalleryOptions) throws(OptionsError) {
    if options.print { throw .conflict(option: "--duplicates", other: "--print") }
    if options.outputMarked { throw .conflict(option: "--duplicates", other: "-o") }
    if options.index { throw .conflict(option: "--duplicates", other: "--index") }
    if options.filesFrom != nil || options.paths.isEmpty { throw .duplicatesNeedFolders }
  }

  /// Every long option, for suggestions.
  static let longOptions = CommandLineSpec.allSpellings.filter { $0.hasPrefix("--") && $0 != "--" }

  /// `--name=value` as its name and value; other arguments as themselves and nil.
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// The long option closest to `name` within two edits, or one it starts.
  static func suggestion(for name: String) -> String? {
    guard name.hasPrefix("--"), name.count > 3 else { return nil }
    if let prefixed = longOptions.first(where: { $0.hasPrefix(name) }) { return prefixed }
    let scored = longOptions.map { (option: $0, distance: editDistance(name, $0)) }
    guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 2 else {
      return nil
    }
    return best.option
  }
}

/// Levenshtein distance over characters. O(a × b), for short option names.
private func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  var previous = Array(0...b.count)
  for i in 1...max(a.count, 1) where !a.isEmpty {
    var current = [i] + Array(repeating: 0, count: b.count)
    for j in 1...max(b.count, 1) where !b.isEmpty {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
    }
    previous = current
  }
  return previous[b.count]
}
