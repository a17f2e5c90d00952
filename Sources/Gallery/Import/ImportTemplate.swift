/// A template an import names its folders or its files by: text with fields in braces,
/// `{yyyy}/{yyyy-mm-dd}` or `{yyyy}{mm}{dd}-{hh}{mi}{ss}-{name}`. Parsed once, when the
/// command line is read, so a field the gallery does not know is an error before anything
/// is copied, naming the field.
///
/// The dates are the camera's clock (its wall clock, as `TakenTime` keeps it): a picture
/// taken at 23:30 in Tokyo goes in that day's folder wherever it is imported.
package struct ImportTemplate: Sendable, Hashable {
  /// What a template is for: the folders may hold `/` (one folder inside another), a
  /// file's name may not.
  package enum Kind: Sendable, Hashable {
    case folders
    case name
  }

  /// A field in braces.
  package enum Field: String, Sendable, Hashable, CaseIterable {
    case year = "yyyy"
    case shortYear = "yy"
    case month = "mm"
    case day = "dd"
    case hour = "hh"
    case minute = "mi"
    case second = "ss"
    /// `2024-08-03`.
    case date = "yyyy-mm-dd"
    /// The original name without its extension (`IMG_0001`).
    case name
    /// The camera's model (`X100V`), `unknown` when the file does not say.
    case camera
    /// The picture's number in its folder of the import, in the order taken (`0001`).
    case sequence = "seq"
  }

  /// A piece of a template.
  package enum Part: Sendable, Hashable {
    case text(String)
    case field(Field)
  }

  /// The folders' template when none is given.
  package static let defaultFolders = "{yyyy}/{yyyy-mm-dd}"
  /// The names' template when none is given: the original name.
  package static let defaultName = "{name}"

  /// The folders when none are asked for: `{yyyy}/{yyyy-mm-dd}`.
  package static let standardFolders = ImportTemplate(
    text: defaultFolders, kind: .folders, parts: [.field(.year), .text("/"), .field(.date)])
  /// The names when none are asked for: the original name, `{name}`.
  package static let standardName = ImportTemplate(
    text: defaultName, kind: .name, parts: [.field(.name)])

  private init(text: String, kind: Kind, parts: [Part]) {
    self.text = text
    self.kind = kind
    self.parts = parts
  }

  /// The template as written.
  package let text: String
  package let kind: Kind
  package let parts: [Part]

  /// Reads `text` as a template of `kind`.
  ///
  /// - Throws: `ImportTemplateError` naming the first problem: an unknown field, a brace
  ///   left open or closed alone, an empty template, a `/` in a name, a folder that is
  ///   absolute or written `.` or `..`.
  package init(_ text: String, kind: Kind) throws(ImportTemplateError) {
    self.text = text
    self.kind = kind
    var parts: [Part] = []
    var literal = ""
    var rest = Substring(text)
    while let character = rest.first {
      rest = rest.dropFirst()
      switch character {
      case "{":
        guard let close = rest.firstIndex(of: "}") else {
          throw .unclosedBrace(template: text)
        }
        let name = String(rest[..<close])
        guard let field = Field(rawValue: name) else {
          throw .unknownField(name, template: text)
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        literal = ""
        parts.append(.field(field))
        rest = rest[rest.index(after: close)...]
      case "}":
        throw .strayBrace(template: text)
      default:
        literal.append(character)
      }
    }
    if !literal.isEmpty { parts.append(.text(literal)) }
    guard !parts.isEmpty else { throw .empty(kind: kind) }
    self.parts = parts
    switch kind {
    case .name:
      if text.contains("/") { throw .slashInName(template: text) }
    case .folders:
      if text.hasPrefix("/") { throw .absoluteFolder(template: text) }
      for segment in text.split(separator: "/", omittingEmptySubsequences: false)
      where segment == "." || segment == ".." || segment.isEmpty {
        throw .badFolder(String(segment), template: text)
      }
    }
  }

  /// Whether the template numbers the pictures (`{seq}`).
  package var usesSequence: Bool { parts.contains(.field(.sequence)) }

  /// The template filled in for `facts`: a folder path relative to the destination (for
  /// `.folders`) or a file's stem (for `.name`). A field's value never holds a `/`, a
  /// control character or a leading dot, and never makes a name `.` or `..`.
  package func render(_ facts: ImportFacts) -> String {
    let clock = ImportClock(wallClock: facts.wallClock)
    var result = ""
    for part in parts {
      switch part {
      case .text(let text): result += text
      case .field(let field): result += Self.value(field, facts, clock)
      }
    }
    switch kind {
    case .name:
      let name = Self.safeSegment(result)
      return name.isEmpty ? Self.safeSegment(facts.name) : name
    case .folders:
      return result.split(separator: "/").map { Self.safeSegment(String($0)) }
        .joined(separator: "/")
    }
  }

  private static func value(_ field: Field, _ facts: ImportFacts, _ clock: ImportClock) -> String {
    switch field {
    case .year: padded(clock.year, 4)
    case .shortYear: padded(clock.year % 100, 2)
    case .month: padded(clock.month, 2)
    case .day: padded(clock.day, 2)
    case .hour: padded(clock.hour, 2)
    case .minute: padded(clock.minute, 2)
    case .second: padded(clock.second, 2)
    case .date: padded(clock.year, 4) + "-" + padded(clock.month, 2) + "-" + padded(clock.day, 2)
    case .name: fieldText(facts.name)
    case .camera: fieldText(facts.camera.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown")
    case .sequence: padded(facts.sequence, 4)
    }
  }

  /// `value` in decimal, zeros in front up to `width` digits.
  static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// A field's text as part of one name: a `/` or a control character becomes `_`, the
  /// spaces around it go.
  private static func fieldText(_ text: String) -> String {
    let mapped = text.unicodeScalars.map { scalar -> Character in
      scalar == "/" || scalar.value < 0x20 || scalar.value == 0x7F ? "_" : Character(scalar)
    }
    return String(mapped).trimmingSpaces
  }

  /// `segment` as a name that is no folder's shorthand and not hidden.
  private static func safeSegment(_ segment: String) -> String {
    if segment == "." || segment == ".." { return "_" }
    if segment.hasPrefix(".") { return "_" + segment.dropFirst() }
    return segment
  }
}

extension String {
  /// Without the spaces at either end.
  fileprivate var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " }),
      let last = scalars.lastIndex(where: { $0 != " " })
    else { return "" }
    return String(scalars[first...last])
  }
}

/// What a picture gives a template: when it was taken on its camera's clock, its
/// original name, its camera and its number.
package struct ImportFacts: Sendable, Hashable {
  /// Seconds from 1970-01-01 00:00:00 of the camera's clock (`TakenTime.wallClock`).
  package var wallClock: Int64
  /// The original name without its extension.
  package var name: String
  /// The camera's model, nil when the file does not say.
  package var camera: String?
  /// The number in its folder of the import, from 1.
  package var sequence: Int

  package init(wallClock: Int64, name: String, camera: String? = nil, sequence: Int = 1) {
    self.wallClock = wallClock
    self.name = name
    self.camera = camera
    self.sequence = sequence
  }
}

/// A wall clock's reading taken apart: day by `CalendarDay`'s integer arithmetic, time
/// of day by division.
struct ImportClock {
  let year: Int
  let month: Int
  let day: Int
  let hour: Int
  let minute: Int
  let second: Int

  init(wallClock: Int64) {
    let (days, seconds) = wallClock.quotientAndRemainder(dividingBy: 86_400)
    let (dayNumber, secondOfDay) = seconds < 0 ? (days - 1, seconds + 86_400) : (days, seconds)
    let calendarDay = CalendarDay(daysSince1970: Int(dayNumber))
    year = calendarDay.year
    month = calendarDay.month
    day = calendarDay.day
    hour = Int(secondOfDay / 3600)
    minute = Int(secondOfDay % 3600 / 60)
    second = Int(secondOfDay % 60)
  }
}
