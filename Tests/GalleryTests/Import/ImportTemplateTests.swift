import Testing

@testable import Gallery

/// The import's templates: read once, each problem named, filled in from a picture's
/// facts into names that are always one folder's or one file's.
@Suite struct ImportTemplateTests {
  /// 2024-08-03 14:30:05 on the camera's clock.
  static let facts = ImportFacts(
    wallClock: 1_722_695_405, name: "IMG_0042", camera: "X100V", sequence: 7)

  @Test func theDefaultsGiveDatedFoldersAndTheOriginalName() throws {
    let folders = try ImportTemplate(ImportTemplate.defaultFolders, kind: .folders)
    #expect(folders == ImportTemplate.standardFolders)
    #expect(folders.render(Self.facts) == "2024/2024-08-03")
    let name = try ImportTemplate(ImportTemplate.defaultName, kind: .name)
    #expect(name == ImportTemplate.standardName)
    #expect(name.render(Self.facts) == "IMG_0042")
  }

  @Test func everyFieldIsFilledIn() throws {
    let name = try ImportTemplate(
      "{yyyy}{mm}{dd}-{hh}{mi}{ss}_{yy}_{camera}_{seq}_{name}", kind: .name)
    #expect(name.render(Self.facts) == "20240803-143005_24_X100V_0007_IMG_0042")
    #expect(name.usesSequence)
    #expect(!ImportTemplate.standardFolders.usesSequence)
  }

  @Test func aDateBefore1970AndMidnightAreRead() throws {
    let name = try ImportTemplate("{yyyy-mm-dd} {hh}{mi}{ss}", kind: .name)
    // 1969-12-31 23:59:59 and 2000-01-01 00:00:00.
    #expect(name.render(ImportFacts(wallClock: -1, name: "a")) == "1969-12-31 235959")
    #expect(name.render(ImportFacts(wallClock: 946_684_800, name: "a")) == "2000-01-01 000000")
  }

  @Test func anUnknownFieldIsNamed() {
    #expect(throws: ImportTemplateError.unknownField("yyy", template: "{yyy}/{mm}")) {
      try ImportTemplate("{yyy}/{mm}", kind: .folders)
    }
    let message = ImportTemplateError.unknownField("yyy", template: "{yyy}").description
    #expect(message.hasPrefix("unknown field {yyy} in the template '{yyy}'"))
    #expect(message.contains("{yyyy-mm-dd}") && message.contains("{seq}"))
  }

  @Test func badTemplatesAreRefused() {
    #expect(throws: ImportTemplateError.unclosedBrace(template: "{yyyy")) {
      try ImportTemplate("{yyyy", kind: .folders)
    }
    #expect(throws: ImportTemplateError.strayBrace(template: "a}")) {
      try ImportTemplate("a}", kind: .name)
    }
    #expect(throws: ImportTemplateError.empty(kind: .name)) { try ImportTemplate("", kind: .name) }
    #expect(throws: ImportTemplateError.slashInName(template: "{yyyy}/{name}")) {
      try ImportTemplate("{yyyy}/{name}", kind: .name)
    }
    #expect(throws: ImportTemplateError.absoluteFolder(template: "/{yyyy}")) {
      try ImportTemplate("/{yyyy}", kind: .folders)
    }
    #expect(throws: ImportTemplateError.badFolder("..", template: "../{yyyy}")) {
      try ImportTemplate("../{yyyy}", kind: .folders)
    }
    #expect(throws: ImportTemplateError.badFolder("", template: "{yyyy}//{mm}")) {
      try ImportTemplate("{yyyy}//{mm}", kind: .folders)
    }
  }

  @Test func aFieldsTextStaysInOneName() throws {
    let folders = try ImportTemplate("{camera}/{name}", kind: .folders)
    let odd = ImportFacts(wallClock: 0, name: ".hidden", camera: " EOS R/5\u{1B} ")
    #expect(folders.render(odd) == "EOS R_5_/_hidden")
    let name = try ImportTemplate("{camera}", kind: .name)
    #expect(name.render(ImportFacts(wallClock: 0, name: "IMG_1", camera: nil)) == "unknown")
    #expect(name.render(ImportFacts(wallClock: 0, name: "IMG_1", camera: "..")) == "_")
  }
}
