/// The completion scripts for bash, zsh and fish, made from `CommandLineSpec`: options
/// with their summaries, the words of a choice, files where a file goes, and folders and
/// files as the paths to show. `-` and `--` are syntax, not completed.
package enum ShellCompletions {
  static let generatedNote = "Made by gallery-docs from the command line's description (make docs)."

  /// The options' spellings that are completed (`-` and `--` are not).
  static func completed(_ spellings: [String]) -> [String] {
    spellings.filter { $0 != "-" && $0 != "--" }
  }

  /// `completions/gallery.bash`, for bash-completion's `completions/gallery`.
  package static var bash: String {
    let options = CommandLineSpec.options
    let words = options.flatMap { completed($0.spellings + $0.aliases) }
    var cases: [String] = []
    for option in options where option.takesValue {
      let names = (option.spellings + option.aliases).filter { $0.hasPrefix("-") && $0 != "-" }
      let pattern = names.joined(separator: "|")
      switch option.value {
      case .none: continue
      case .choice(let choices):
        cases.append(
          "    \(pattern)) mapfile -t COMPREPLY < <(compgen -W '\(choices.joined(separator: " "))'"
            + " -- \"$cur\"); return ;;")
      case .text: cases.append("    \(pattern)) return ;;")
      case .file:
        cases.append("    \(pattern)) mapfile -t COMPREPLY < <(compgen -f -- \"$cur\"); return ;;")
      }
    }
    let commands = CommandLineSpec.commands.map(\.word).joined(separator: " ")
    return """
      # bash completion for gallery(1). \(generatedNote)

      _gallery() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=
        (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
        # bash splits --option=value at the '=': complete the value of the option before it.
        if [[ $cur == = ]]; then
          cur=
        elif [[ $prev == = ]] && (( COMP_CWORD > 1 )); then
          prev=${COMP_WORDS[COMP_CWORD-2]}
        fi
        case $prev in
      \(cases.joined(separator: "\n"))
        esac
        local i
        for (( i = 1; i < COMP_CWORD; i++ )); do
          if [[ ${COMP_WORDS[i]} == -- ]]; then
            mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            return
          fi
        done
        if [[ $cur == -* ]]; then
          mapfile -t COMPREPLY < <(compgen -W '\(words.joined(separator: " "))' -- "$cur")
          return
        fi
        if (( COMP_CWORD == 1 )); then
          mapfile -t COMPREPLY < <(compgen -W '\(commands)' -- "$cur"; compgen -f -- "$cur")
          return
        fi
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      }
      complete -o filenames -F _gallery gallery

      """
  }

  /// `completions/_gallery`, for a folder of zsh's `fpath`.
  package static var zsh: String {
    var specs: [String] = []
    for option in CommandLineSpec.options {
      let names = completed(option.spellings + option.aliases)
      guard !names.isEmpty else { continue }
      let summary = "[" + zshEscaped(option.summary) + "]"
      let exclusive = ["--help", "--version"].contains(option.long) ? "(- *)" : ""
      let suffix: String
      switch option.value {
      case .none: suffix = ""
      case .choice(let choices):
        suffix = ":\(option.long.dropFirst(2)):(\(choices.joined(separator: " ")))"
      case .text(let placeholder): suffix = ":\(placeholder): "
      case .file(let placeholder): suffix = ":\(placeholder.lowercased()):_files"
      }
      for name in names {
        // A long option's value may follow an `=` or come as the next word.
        let spelled = option.takesValue && name.hasPrefix("--") ? name + "=" : name
        let others = names.filter { $0 != name }
        let group =
          exclusive.isEmpty && !others.isEmpty ? "(\(others.joined(separator: " ")))" : exclusive
        specs.append("  '\(group)\(spelled)\(summary)\(suffix)'")
      }
    }
    specs.append("  '1:folder, picture or command:_gallery_first_word'")
    specs.append("  '*:folder or picture:_files'")
    // `_describe`'s `word:summary`: a colon in the summary escaped, in single quotes.
    let commands = CommandLineSpec.commands.map {
      "'\($0.word):" + $0.summary.replacing(":", with: "\\:").replacing("'", with: "'\\''") + "'"
    }
    return """
      #compdef gallery
      # zsh completion for gallery(1). \(generatedNote)

      # The first word: a path, or a command of its own (only first on the line).
      _gallery_first_word() {
        local -a commands=(\(commands.joined(separator: " ")))
        if (( CURRENT == 2 )); then
          _alternative 'paths:folder or picture:_files' 'commands:command:{_describe command commands}'
        else
          _files
        fi
      }

      _arguments -s -S \\
      \(specs.joined(separator: " \\\n"))

      """
  }

  /// `completions/gallery.fish`, for fish's `vendor_completions.d`.
  package static var fish: String {
    var lines: [String] = []
    for option in CommandLineSpec.options {
      let names = completed(option.spellings + option.aliases)
      guard !names.isEmpty else { continue }
      var flags = names.map {
        $0.hasPrefix("--") ? "-l \($0.dropFirst(2))" : "-s \($0.dropFirst())"
      }
      switch option.value {
      case .none: break
      case .choice(let choices): flags.append("-x -a '\(choices.joined(separator: " "))'")
      case .text: flags.append("-x")
      case .file: flags.append("-r -F")
      }
      lines.append(
        "complete -c gallery \(flags.joined(separator: " ")) -d \(fishQuoted(option.summary))")
    }
    for command in CommandLineSpec.commands {
      lines.append(
        "complete -c gallery -n 'test (count (commandline -opc)) -eq 1' -a \(command.word)"
          + " -d \(fishQuoted(command.summary))")
    }
    return """
      # fish completion for gallery(1). \(generatedNote)

      \(lines.joined(separator: "\n"))

      """
  }

  /// `text` inside a zsh `_arguments` description in single quotes.
  static func zshEscaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "[", "]", ":": result += "\\" + String(character)
      case "'": result += "'\\''"
      default: result.append(character)
      }
    }
    return result
  }

  /// `text` as a fish string in single quotes.
  static func fishQuoted(_ text: String) -> String {
    "'"
      + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
      + "'"
  }
}
