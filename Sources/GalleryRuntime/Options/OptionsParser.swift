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
  public static func parse(_ arguments: [String], defaults: GalleryOptions = GalleryOptions())
    throws(OptionsError) -> GalleryCommand
  {
    var options = defaults
    var printOnly: [String] = []
    var index = 0
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
        argument.dropFirst().allSatisfy({ Self.shortSwitches.contains($0) })
      {
        for letter in argument.dropFirst() {
          if letter == "o" { options.outputMarked = true } else { options.nulSeparated = true }
        }
        continue
      }
      let (name, inlineValue) = split(argument)
      // Only what the description lists is an option, so `--help`, the man page and the
      // completions name every option the parser takes.
      guard CommandLineSpec.option(name) != nil else {
        throw .unknownOption(argument, suggestion: suggestion(for: name))
      }
      // Takes the option's value: after `=`, else the next argument.
      func value() throws(OptionsError) -> String {
        if let inlineValue { return inlineValue }
        guard index < arguments.count else { throw .missingValue(option: name) }
        index += 1
        return arguments[index - 1]
      }
      func noValue() throws(OptionsError) {
        if inlineValue != nil { throw .unexpectedValue(option: name) }
      }
      switch name {
      case "-h", "--help":
        try noValue()
        return .help
      case "--version":
        try noValue()
        return .version
      case "--print":
        try noValue()
        options.print = true
      case "--no-cache":
        try noValue()
        options.useCache = false
      case "--all":
        try noValue()
        options.includeHidden = true
      case "--no-follow-links":
        try noValue()
        options.followsLinks = false
      case "--apart":
        try noValue()
        options.pairsFiles = false
      case "-o", "--output-marked":
        try noValue()
        options.outputMarked = true
      case "-0", "--null":
        try noValue()
        options.nulSeparated = true
      case "--files-from":
        let path = try value()
        if path.isEmpty { throw .emptyPath }
        options.filesFrom = path
      case "--diagnose":
        try noValue()
        options.diagnose = true
      case "--size":
        let text = try value()
        guard let size = CellSize(parsing: text) else {
          throw .invalidValue(
            option: name, value: text,
            expected: "WxH with each between 1 and \(CellSize.maximumSide), such as 120x40")
        }
        options.size = size
      case "--cell-size":
        let text = try value()
        guard let size = CellSize(parsing: text), size.width <= 200, size.height <= 400 else {
          throw .invalidValue(
            option: name, value: text, expected: "the pixels of a cell, WxH, such as 10x20")
        }
        options.cellPixels = CellPixelSize(width: size.width, height: size.height)
      case "--format":
        options.format = try choice(name, try value())
      case "--color", "--colour", "--symbols", "--layout", "--office-scrolling", "--graphics",
        "--memory", "--group-by", "--theme", "--link":
        try options.set(String(name.dropFirst(2)), to: try value(), spelled: name)
      default:
        throw .unknownOption(argument, suggestion: suggestion(for: name))
      }
      if CommandLineSpec.option(name)?.printOnly == true { printOnly.append(name) }
    }
    if !options.print, let option = printOnly.first { throw .requiresPrint(option: option) }
    if options.print && options.outputMarked { throw .conflict(option: "-o", other: "--print") }
    return .run(options)
  }

  /// The single-letter switches that may be written together (`-o0`).
  static let shortSwitches: Set<Character> = ["o", "0"]

  /// Every long option, for suggestions.
  static let longOptions = CommandLineSpec.allSpellings.filter { $0.hasPrefix("--") && $0 != "--" }

  /// Sets an option the command line and the configuration file share, by its name
  /// without dashes (`color`, `colour`, `symbols`, `layout`, `office-scrolling`, `graphics`,
  /// `memory`, `group-by`, `theme`, `link`);
  /// `spelled` is how the user wrote it, for the error.
  ///
  /// - Returns: false when `name` is no such option.
  /// - Throws: `OptionsError.invalidValue` naming the accepted values.
  @discardableResult
  mutating func set(_ name: String, to value: String, spelled: String) throws(OptionsError) -> Bool
  {
    switch name {
    case "color", "colour": color = try Self.choice(spelled, value)
    case "symbols": symbols = try Self.choice(spelled, value) as SymbolSet
    case "layout": layout = try Self.choice(spelled, value)
    case "office-scrolling": firstRowScrolling = try Self.choice(spelled, value)
    case "group-by": grouping = try Self.choice(spelled, value)
    case "graphics": graphics = try Self.choice(spelled, value)
    case "theme": theme = try Self.choice(spelled, value)
    case "link": link = try Self.choice(spelled, value)
    case "memory":
      guard let budget = MemoryBudget(parsing: value) else {
        throw .invalidValue(
          option: spelled, value: value,
          expected: "a size from 16M to 64G, such as 256M or 1G (a bare number is MiB)")
      }
      memory = budget
    default: return false
    }
    return true
  }

  /// `--name=value` as its name and value; other arguments as themselves and nil.
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  private static func choice<Value: RawRepresentable & CaseIterable>(
    _ option: String, _ text: String
  ) throws(OptionsError) -> Value where Value.RawValue == String {
    guard let value = Value(rawValue: text) else {
      let names = Value.allCases.map(\.rawValue).joined(separator: "|")
      throw .invalidValue(option: option, value: text, expected: names)
    }
    return value
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
