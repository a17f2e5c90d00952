import Foundation
import TestSupport
import Testing

/// The committed completion scripts, run by the shells themselves: bash's completion
/// function called as bash calls it, fish's `complete -C`, and zsh's completion system
/// typed into a terminal.
@Suite struct CompletionsEndToEndTests {
  static let completions = BuiltProduct.packageRoot().appendingPathComponent("completions")

  /// A folder with a picture whose name has a space, a sub-folder and a list file.
  static func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-completions-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("summer"), withIntermediateDirectories: true)
    for name in ["beach day.jpg", "list.txt"] {
      try Data().write(to: folder.appendingPathComponent(name))
    }
    return folder
  }

  /// What bash's `_gallery` offers for `words`, the last being the word completed.
  func bash(_ words: [String], in folder: URL) async throws -> [String] {
    let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
    let script = """
      source "$1"
      COMP_WORDS=(\(quoted)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
      _gallery
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let outcome = try await Subprocess.run(
      [
        "bash", "--norc", "-c", script, "bash",
        Self.completions.appendingPathComponent("gallery.bash").path,
      ],
      directory: folder.path)
    #expect(outcome.status == 0, "\(outcome.errors)")
    return outcome.output.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesOptionsChoicesAndPaths() async throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try await bash(["gallery", "--la"], in: folder) == ["--layout"])
    #expect(try await bash(["gallery", "--layout", "b"], in: folder) == ["browse"])
    #expect(try await bash(["gallery", "--graphics", "=", "s"], in: folder) == ["sixel"])
    #expect(try await bash(["gallery", "--graphics", "="], in: folder).count == 5)
    #expect(try await bash(["gallery", "--memory", ""], in: folder).isEmpty)
    #expect(try await bash(["gallery", "--files-from", "li"], in: folder) == ["list.txt"])
    #expect(try await bash(["gallery", "be"], in: folder) == ["beach day.jpg"])
    // The first word may be a command of its own; after it, paths.
    #expect(try await bash(["gallery", "im"], in: folder) == ["import"])
    #expect(try await bash(["gallery", "import", "su"], in: folder) == ["summer"])
    #expect(try await bash(["gallery", "summer", "im"], in: folder).isEmpty)
    #expect(try await bash(["gallery", "--", "su"], in: folder) == ["summer"])
    #expect(
      Set(try await bash(["gallery", "-"], in: folder)).isSuperset(of: ["-o", "--colour", "--help"])
    )
  }

  @Test func fishCompletesOptionsWithTheirSummariesAndChoices() async throws {
    let folder = try Self.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    func fish(_ line: String) async throws -> [String] {
      let script = "source $argv[1]; complete -C'\(line)'"
      let outcome = try await Subprocess.run(
        [
          "fish", "--no-config", "-c", script,
          Self.completions.appendingPathComponent("gallery.fish").path,
        ],
        directory: folder.path)
      #expect(outcome.status == 0, "\(outcome.errors)")
      return outcome.output.split(separator: "\n").map(String.init)
    }
    #expect(
      try await fish("gallery --la") == ["--layout\tarrangement of sections (default showcase)"])
    let choices = try await fish("gallery --symbols ").map { $0.split(separator: "\t").first ?? "" }
    #expect(Set(choices) == ["blocks", "half", "quadrants", "sextants", "braille", "ascii"])
    #expect(try await fish("gallery --memory ").isEmpty)
    #expect(try await fish("gallery --out").contains { $0.hasPrefix("--output-marked\t") })
    // Switches stack: after -o, fish offers -o0.
    #expect(try await fish("gallery -o").contains { $0.hasPrefix("-o0\t") })
    #expect(try await fish("gallery be").contains("beach day.jpg"))
    #expect(try await fish("gallery im").contains { $0.hasPrefix("import\t") })
    #expect(try await fish("gallery import im").isEmpty)
    // Only first on the line: after an option it would be taken for a path.
    #expect(try await fish("gallery --all im").isEmpty)
  }

  @Test func zshCompletesOptionsAndChoicesAsTyped() async throws {
    // Tall enough for every option's line, the first (--all) included.
    let tmux = try await Tmux.start(width: 120, height: 45)
    defer { tmux.kill() }
    let rc = """
      fpath=(\(Self.completions.path) $fpath)
      autoload -Uz compinit && compinit -u -D
      PS1='ZSH%% '
      # Ask only when the list does not fit the window (zsh's default asks past 100).
      LISTMAX=0
      """
    try Data(rc.utf8).write(to: tmux.directory.appendingPathComponent(".zshrc"))
    try Data().write(to: tmux.directory.appendingPathComponent("beach day.jpg"))
    try await tmux.run("ZDOTDIR=\(tmux.directory.path) zsh -i")
    _ = try await tmux.waitUntil(contains: "ZSH%")
    try await tmux.type("gallery --off")
    try await tmux.sendKeys("Tab")
    _ = try await tmux.waitUntil(contains: "gallery --office-scrolling=")
    try await tmux.sendKeys("Tab")
    let choices = try await tmux.waitUntil(contains: "group-paging")
    #expect(choices.contains("centered") && choices.contains("continuous"))
    try await tmux.sendKeys("C-u")
    try await tmux.type("gallery -")
    try await tmux.sendKeys("Tab")
    let options = try await tmux.waitUntil(contains: "--output-marked")
    #expect(options.contains("include hidden files and folders"))
    try await tmux.sendKeys("C-c")
    // Typed before zsh has drawn its fresh prompt, the first letters went to the line
    // it was leaving.
    try await tmux.waitUntil("a fresh prompt") { screen in
      let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      return lines.last { !$0.isEmpty } == "ZSH%"
    }
    try await tmux.type("gallery bea")
    try await tmux.sendKeys("Tab")
    _ = try await tmux.waitUntil(contains: #"gallery beach\ day.jpg"#)
    try await tmux.sendKeys("C-u")
    try await tmux.type("gallery imp")
    try await tmux.sendKeys("Tab")
    _ = try await tmux.waitUntil(contains: "gallery import")
  }
}
