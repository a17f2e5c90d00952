import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Hostile names in everything the gallery writes outside its screen: `-o`, `--print` in
/// each format, the messages on standard error and `--diagnose`, each with its output a
/// terminal (the tmux pane, its bytes recorded with `pipe-pane`) and a pipe. One picture
/// per class of character: C0 controls (an OSC 52 that would set the clipboard, a clear
/// screen), DEL, C1 controls (CSI, OSC, ST), the bidirectional overrides and isolates, the
/// bidirectional marks, other format characters (zero-width space, byte-order mark, soft
/// hyphen, word joiner), and bytes that are not UTF-8.
@Suite struct TerminalEscapesEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// One class of hostile character, in a picture's name.
  struct Hostile: Sendable, CustomStringConvertible {
    let label: String
    /// The name's bytes.
    let name: [UInt8]
    /// What a terminal must never receive: the name's characters raw.
    let raw: [UInt8]
    /// The name as a terminal shows it (`TextSanitizer`).
    let shown: String
    /// The name as JSON writes it (the characters between the quotes).
    let json: String
    var description: String { label }
  }

  static let hostile: [Hostile] = [
    Hostile(
      label: "C0", name: Array("c0-\u{1B}]52;c;SE9TVElMRQ==\u{07}\u{1B}[2J.jpg".utf8),
      raw: Array("\u{1B}]52;c;SE9TVElMRQ==\u{07}".utf8),
      shown: "c0-^[]52;c;SE9TVElMRQ==^G^[[2J.jpg",
      json: #"c0-\u001b]52;c;SE9TVElMRQ==\u0007\u001b[2J.jpg"#),
    Hostile(
      label: "DEL", name: Array("del-\u{7F}x.jpg".utf8), raw: Array("-\u{7F}x".utf8),
      shown: "del-^?x.jpg", json: #"del-\u007fx.jpg"#),
    Hostile(
      label: "C1", name: Array("c1-\u{9B}2J\u{9D}0;t\u{9C}.jpg".utf8),
      raw: Array("\u{9B}2J".utf8), shown: #"c1-\u{9B}2J\u{9D}0;t\u{9C}.jpg"#,
      json: #"c1-\u009b2J\u009d0;t\u009c.jpg"#),
    Hostile(
      label: "bidi overrides and isolates",
      name: Array("bidi-\u{202E}gpj\u{2066}x\u{2069}.jpg".utf8),
      raw: Array("\u{202E}gpj".utf8), shown: #"bidi-\u{202E}gpj\u{2066}x\u{2069}.jpg"#,
      json: #"bidi-\u202egpj\u2066x\u2069.jpg"#),
    Hostile(
      label: "bidi marks", name: Array("mark-\u{200F}a\u{200E}b\u{61C}.jpg".utf8),
      raw: Array("\u{200F}a".utf8), shown: #"mark-\u{200F}a\u{200E}b\u{61C}.jpg"#,
      json: #"mark-\u200fa\u200eb\u061c.jpg"#),
    Hostile(
      label: "other format characters",
      name: Array("cf-\u{200B}a\u{FEFF}b\u{AD}c\u{2060}.jpg".utf8),
      raw: Array("\u{200B}a".utf8), shown: #"cf-\u{200B}a\u{FEFF}b\u{AD}c\u{2060}.jpg"#,
      json: #"cf-\u200ba\ufeffb\u00adc\u2060.jpg"#),
    Hostile(
      label: "not UTF-8", name: Array("bytes-".utf8) + [0xE9, 0xFF] + Array(".jpg".utf8),
      raw: [0x2D, 0xE9, 0xFF, 0x2E], shown: #"bytes-\xE9\xFF.jpg"#, json: #"bytes-\\xE9\\xFF.jpg"#),
  ]

  /// The folder holding them all (`pics`), with a subfolder named with them all that
  /// holds no picture (`--print` names it on standard error), in `tmux`'s directory.
  static func makeFolder(_ tmux: Tmux) throws {
    let root = Array(tmux.directory.appendingPathComponent("pics").path.utf8)
    try #require(mkdir(path(root), 0o755) == 0)
    let jpeg = [UInt8](
      try Data(
        contentsOf: BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/office-1.jpg"))
    )
    for name in hostile.map(\.name) {
      try write(jpeg, to: root + [0x2F] + name)
    }
    let sub = root + Array("/sub-".utf8) + hostile.flatMap(\.raw)
    try #require(mkdir(path(sub), 0o755) == 0)
    try write(Array("notes".utf8), to: sub + Array("/notes.txt".utf8))
  }

  static func path(_ bytes: [UInt8]) -> [CChar] { bytes.map { CChar(bitPattern: $0) } + [0] }

  static func write(_ bytes: [UInt8], to name: [UInt8]) throws {
    let file = open(path(name), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    try #require(file >= 0)
    defer { close(file) }
    try #require(
      bytes.withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) } == bytes.count)
  }

  static func bytes(_ tmux: Tmux, _ name: String) -> [UInt8] {
    (try? [UInt8](Data(contentsOf: tmux.directory.appendingPathComponent(name)))) ?? []
  }

  /// Starts recording every byte written to the pane in `pane.bin`.
  static func record(_ tmux: Tmux) async throws {
    let file = tmux.directory.appendingPathComponent("pane.bin").path
    try await tmux.tmux(["pipe-pane", "-t", tmux.target, "cat > '\(file)'"])
  }

  /// Runs `command` in the pane and waits until it has ended and the recording holds
  /// all it wrote (`echo END-$((40+2))` after it: the typed line says `END-$((40+2))`,
  /// only the output says `END-42`).
  static func runRecorded(_ tmux: Tmux, _ command: String) async throws -> [UInt8] {
    try await tmux.run("\(command); echo END-$((40+2))")
    return try await recorded(tmux)
  }

  /// The recording, once it holds `END-42`.
  static func recorded(_ tmux: Tmux) async throws -> [UInt8] {
    let marker = Array("END-42".utf8)
    let clock = ContinuousClock()
    let end = clock.now + .seconds(30)
    while true {
      let bytes = Self.bytes(tmux, "pane.bin")
      if bytes.contains(marker) { return bytes }
      if clock.now > end {
        throw Tmux.Failure(description: "no END-42 recorded:\n\(try await tmux.capture())")
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  static func expectNoRaw(
    _ output: [UInt8], _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for name in hostile {
      #expect(
        !output.contains(name.raw), "\(what): \(name.label) reached the output raw",
        sourceLocation: sourceLocation)
    }
  }

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  static var gallery: String {
    get throws {
      "XDG_STATE_HOME=\"$PWD/state\" TERM=xterm-256color \(try BuiltProduct.path("gallery")) --no-cache"
    }
  }

  /// `-o` with standard output the terminal: every name shown escaped after the screen is
  /// left; with standard output a pipe: the exact bytes of every name.
  @Test(arguments: [true, false])
  func markedPathsAreEscapedOnATerminalAndExactInAPipe(terminal: Bool) async throws {
    let tmux = try await Tmux.start(width: 160, height: 40)
    defer { tmux.kill() }
    try Self.makeFolder(tmux)
    try await Self.record(tmux)
    let gallery = try Self.gallery
    try await tmux.run(
      "\(gallery) -o pics" + (terminal ? "" : " | cat > marked.bin") + "; echo END-$((40+2))")
    try await tmux.waitUntil(deadline: .seconds(20), "the pictures") {
      E2E.statusLine($0).contains("1/7")
    }
    try await tmux.sendKeys("M")
    try await tmux.waitUntil("all marked") { E2E.statusLine($0).contains("7 marked") }
    try await tmux.sendKeys("q")
    let recording = try await Self.recorded(tmux)
    let folder = tmux.directory.resolvingSymlinksInPath().appendingPathComponent("pics").path
    if terminal {
      // What follows the screen's end (rmcup leaves the alternate screen): the paths.
      let leave = Array("\u{1B}[?1049l".utf8)
      let starts = recording.indices.filter { recording[$0...].starts(with: leave) }
      let tail = Array(recording[(starts.last ?? 0)...])
      Self.expectNoRaw(tail, "-o on a terminal")
      Self.expectNoRaw(recording, "the screen")
      let shown = Self.text(tail)
      for name in Self.hostile {
        #expect(shown.contains(folder + "/" + name.shown), "\(name.label):\n\(shown)")
      }
    } else {
      let marked = Self.bytes(tmux, "marked.bin")
      let lines = marked.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
      let expected = Self.hostile.map { Array((folder + "/").utf8) + $0.name }
      #expect(Set(lines.dropLast()) == Set(expected), "the exact bytes:\n\(lines)")
      #expect(lines.last == [] && lines.count == expected.count + 1)
      Self.expectNoRaw(recording, "the screen")
    }
  }

  /// `--print` in each format, its output and standard error a terminal or files.
  @Test(arguments: ["plain", "ansi", "json"], [true, false])
  func printEscapesEveryName(format: String, terminal: Bool) async throws {
    let tmux = try await Tmux.start(width: 160, height: 40)
    defer { tmux.kill() }
    try Self.makeFolder(tmux)
    try await Self.record(tmux)
    let command = try "\(Self.gallery) --print --size 200x60 --layout list --format \(format) pics"
    let recording = try await Self.runRecorded(
      tmux, command + (terminal ? "" : " 2> errors.bin | cat > out.bin"))
    let output = terminal ? recording : Self.bytes(tmux, "out.bin")
    let errors = terminal ? recording : Self.bytes(tmux, "errors.bin")
    Self.expectNoRaw(output, "--print --format \(format)")
    Self.expectNoRaw(errors, "standard error")
    let text = Self.text(output)
    for name in Self.hostile {
      let expected = format == "json" ? "\"name\": \"\(name.json)\"" : name.shown
      #expect(text.contains(expected), "\(name.label): \(expected)\n\(text)")
    }
    if format == "json" && !terminal {
      let document = try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any]
      let names = (document?["elements"] as? [[String: Any]] ?? []).compactMap {
        $0["name"] as? String
      }
      for name in Self.hostile where name.label != "not UTF-8" {
        #expect(
          names.contains(String(decoding: name.name, as: UTF8.self)), "\(name.label) decodes back")
      }
    }
    // The subfolder without pictures, named on standard error.
    let said = Self.text(errors)
    #expect(
      said.contains("not shown in sub-^[]52;c;SE9TVElMRQ==^G-^?x"), "standard error:\n\(said)")
  }

  /// `--diagnose` repeats the environment's values: shown escaped.
  @Test(arguments: [true, false])
  func diagnoseEscapesWhatItRepeats(terminal: Bool) async throws {
    let tmux = try await Tmux.start(width: 160, height: 40)
    defer { tmux.kill() }
    try await Self.record(tmux)
    let command =
      "COLORTERM=\"$(printf 'x\\033]52;c;SE9TVElMRQ==\\007\\342\\200\\256y')\" "
      + "\(try Self.gallery) --diagnose --graphics cells"
    let recording = try await Self.runRecorded(tmux, command + (terminal ? "" : " > out.bin"))
    let output = terminal ? recording : Self.bytes(tmux, "out.bin")
    #expect(!output.contains(Array("\u{1B}]52".utf8)), "\(Self.text(output))")
    #expect(!output.contains(Array("\u{202E}".utf8)), "\(Self.text(output))")
    #expect(
      Self.text(output).contains(#"COLORTERM: x^[]52;c;SE9TVElMRQ==^G\u{202E}y"#),
      "\(Self.text(output))")
  }
}

extension [UInt8] {
  /// Whether `part` occurs in these bytes.
  fileprivate func contains(_ part: [UInt8]) -> Bool {
    guard !part.isEmpty, part.count <= count else { return part.isEmpty }
    return indices.dropLast(part.count - 1).contains { self[$0...].starts(with: part) }
  }
}
