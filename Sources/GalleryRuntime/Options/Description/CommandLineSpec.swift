import CompositionalLayout
import Gallery
import Pictures
import TerminalKit
import Thumbnails

/// The command line and the configuration file's settings, described once: the
/// synopsis, every option in the order the help lists them (with its setting and what it
/// does to `GalleryOptions`), the settings only the file has (`settingsOnly`), and the
/// text after them. `OptionsParser` and `ConfigFile` apply these descriptions and know
/// no other names; `--help`, the man page's OPTIONS, KEYS, SETTINGS and ACTIONS parts,
/// the guide's reference and the completions for bash, zsh and fish are made from them
/// (`gallery-docs`).
package enum CommandLineSpec {
  /// The forms of the command, as the man page's synopsis and the help's usage give them.
  package static let synopsis = [
    "gallery [options] [DIR|FILE...] [-]",
    "gallery -o [-0] [options] [DIR|FILE...] | xargs ...",
    "gallery --print [--size WxH] [--format ansi|plain|json] [options] [DIR|FILE...]",
    "gallery --index [--all] [--no-follow-links] DIR...",
    "gallery --duplicates [--similar] [--format json] [--all] DIR...",
    "gallery import SOURCE... --to DIR [--backup DIR | --no-backup] [--folders TEMPLATE] [--rename TEMPLATE] [--verify-from-disk] [--trash-source] [--dry-run]",
  ]

  /// The words that, first on the command line, start a command of their own, with what
  /// each does: the completions offer them beside the paths.
  package static let commands: [(word: String, summary: String)] = [
    ("import", "copy a card's pictures into folders by the day taken")
  ]

  /// Every option, in the help's order.
  package static let options: [OptionSpec] = [
    OptionSpec(
      "-h", "--help", effect: .help, summary: "show this help and exit",
      manual:
        "Print the usage, the options, the keys and where the configuration file is, and exit."
    ),
    OptionSpec(
      "--version", effect: .version, summary: "show the version and exit",
      manual: "Print the version and exit."),
    OptionSpec(
      "--print", effect: .flag(\.print, whenGiven: true),
      summary: "draw once to standard output and exit",
      manual: """
        Draw the whole gallery once to standard output and exit, without a terminal: for \
        scripts, logs and tests (see **PRINTING**).
        """),
    OptionSpec(
      "--index", effect: .flag(\.index, whenGiven: true),
      summary: "read every picture's details into the library index and exit",
      manual: """
        Without a screen (for a server, from cron): scan the folders named as the gallery \
        would (with **--all** and **--no-follow-links** as given), read the details of \
        every picture the library index does not know yet (camera, lens, exposure, place, \
        when it was taken) into the index, forget the index's rows of files under them \
        that no longer exist, and print one line saying how many. A bar shows the progress \
        on standard error when it is a terminal. Ctrl-C stops it; what was read is kept. \
        Exit status 1 when the index cannot be written (read-only, or a newer gallery's). \
        Only folders; not with **--print**, **-o** or **--no-cache**. A **cache = no** in \
        the configuration file does not stop it.
        """,
      guide: "[Filling the index](#filling-the-index-without-a-screen)"),
    OptionSpec(
      "--duplicates", effect: .flag(\.duplicates, whenGiven: true),
      summary: "print the groups of copies among the pictures and exit",
      manual: """
        Without a screen: scan the folders named as the gallery would (with **--all** and \
        **--no-follow-links** as given) and print the groups of pictures that are exact \
        copies of each other (the same size and content hash, XXH3-128), largest group \
        first, then one line counting them. With **--similar**, groups of near copies \
        too: bursts, resized, re-encoded or slightly re-exposed copies, found by their \
        perceptual hashes. **--format json** prints one JSON document instead. The hashes \
        are kept in the library index, so a second run reads only the files changed \
        (not with **--no-cache**). A bar shows the progress on standard error when it is a \
        terminal. Nothing is ever deleted, moved or changed. Exit status 1 when some files \
        could not be read (named on standard error), 2 for a folder that does not exist.
        """,
      guide: "[Duplicates](#duplicates)"),
    OptionSpec(
      "--similar", effect: .flag(\.similar, whenGiven: true),
      summary: "with --duplicates, near copies too",
      manual: """
        With **--duplicates**: also group pictures that look alike (a burst, a resized or \
        re-encoded copy), each picture decoded once at a small size and hashed on every \
        core. Only with **--duplicates**.
        """,
      guide: "[Duplicates](#duplicates)"),
    OptionSpec(
      "--to", value: .file("DIR"), importOnly: true, setting: "import.to",
      settingManual: """
        The folder **I** offers to import a card into in the browser (*~/Pictures* without \
        it), and **--to** of **gallery import** when its command line gives none; **~** is \
        the home folder.
        """,
      effect: .value(
        { (options, path, _) throws(OptionsError) in
          if path.isEmpty { throw .emptyPath }
          options.importDestination = path
        }, words: nil),
      summary: "with import, the folder the pictures are copied into",
      manual: """
        With **import**: the folder the pictures are copied into, in folders by the date \
        taken (see **--folders**). It must exist.
        """,
      guide: "[Importing a card](#importing-a-card)"),
    OptionSpec(
      "--backup", value: .file("DIR"), importOnly: true, setting: "import.backup",
      settingManual: """
        The second folder an import writes the same checked copies into, from the browser \
        (**I**) and **gallery import**, as **--backup**.
        """,
      effect: .value(
        { (options, path, _) throws(OptionsError) in
          if path.isEmpty { throw .emptyPath }
          options.importBackup = path
        }, words: nil),
      summary: "with import, a second folder that gets the same checked copies",
      manual: """
        With **import**: a second folder (another disk) that gets the same copies, in the \
        same folders under the same names, each read back and checked as the first; the \
        card is read once for both. It must exist.
        """,
      guide: "[Importing a card](#importing-a-card)"),
    OptionSpec(
      "--no-backup", importOnly: true, effect: .flag(\.importSkipsBackup, whenGiven: true),
      summary: "with import, no backup this time, whatever import.backup says",
      manual: """
        With **import**: write no backup this time, though the configuration's \
        **import.backup** names one.
        """,
      guide: "[Importing a card](#importing-a-card)"),
    OptionSpec(
      "--folders", value: .text("TEMPLATE"), importOnly: true, setting: "import.folders",
      settingManual: """
        The folders an import makes, from the browser (**I**) and **gallery import**, as \
        **--folders**.
        """,
      effect: .value(
        { (options, text, spelled) throws(OptionsError) in
          do throws(ImportTemplateError) {
            options.importFolders = try ImportTemplate(text, kind: .folders)
          } catch {
            throw .badTemplate(option: spelled, problem: error)
          }
        }, words: nil),
      summary: "with import, the folders by date (default {yyyy}/{yyyy-mm-dd})",
      manual: """
        With **import**: the folders made under the destination, from the fields \
        **{yyyy}**, **{yy}**, **{mm}**, **{dd}**, **{hh}**, **{mi}**, **{ss}**, \
        **{yyyy-mm-dd}** (when the picture was taken, on the camera's clock; the file's \
        time when it does not say), **{camera}**, **{name}** and **{seq}**, and text \
        between them; **/** between folders. Default **{yyyy}/{yyyy-mm-dd}**. A field \
        the gallery does not know is an error that names it.
        """,
      guide: "[Importing a card](#importing-a-card)"),
    OptionSpec(
      "--rename", value: .text("TEMPLATE"), importOnly: true, setting: "import.rename",
      settingManual: """
        The names an import gives, from the browser (**I**) and **gallery import**, as \
        **--rename**.
        """,
      effect: .value(
        { (options, text, spelled) throws(OptionsError) in
          do throws(ImportTemplateError) {
            options.importNames = try ImportTemplate(text, kind: .name)
          } catch {
            throw .badTemplate(option: spelled, problem: error)
          }
        }, words: nil),
      summary: "with import, the new names (default {name}: the original)",
      manual: """
        With **import**: the name each picture gets, its extension kept, from the fields \
        of **--folders**: **{name}** is the original name without its extension (the \
        default), **{seq}** the picture's number in its folder in the order taken \
        (**0001**), **{camera}** the camera's model, such as \
        **{yyyy}{mm}{dd}-{hh}{mi}{ss}-{name}**. A pair (RAW+JPEG, a Live Photo) and its \
        sidecars (**.xmp**, **.THM**, **.WAV**) keep one name together.
        """,
      guide: "[Importing a card](#importing-a-card)"),
    OptionSpec(
      "--verify-from-disk", importOnly: true, effect: .flag(\.verifyFromDisk, whenGiven: true),
      summary: "with import, read each copy back from the disk itself, not from memory",
      manual: """
        With **import**: after each batch of copies is flushed, read every copy back from \
        the disk itself (its pages dropped from memory first) before it gets its name, so \
        a disk that loses or garbles what it is given is caught too. Without it, the copy \
        is read back as the kernel gives it, which catches short or failed writes and \
        another program writing into it, but not a failing disk. Reading from the disk \
        costs a second reading of every copy.
        """,
      guide: "[Importing a card](#importing-a-card)"),
    OptionSpec(
      "--trash-source", importOnly: true, setting: "import.trash-source",
      settingManual: """
        **yes** moves the card's files an import copied and checked to the Trash, from the \
        browser (**I**) and **gallery import**, as **--trash-source**; **no** (the \
        default) leaves the card as it was.
        """,
      effect: .flag(\.importTrashesSource, whenGiven: true),
      summary: "with import, move the card's files copied and checked to the Trash",
      manual: """
        With **import**: once the copying is over, move to the Trash each file of the \
        card that this run copied to the destination and the backup, every copy read \
        back and found identical, and unchanged since it was read; a pair and its \
        sidecars go together. \
        On a card the Trash is its own **.Trash-UID** folder, which file managers show \
        and empty. Files imported before are left: only the library index says so, and \
        their copies may have been deleted since. A run stopped or a dry run moves \
        nothing.
        """,
      guide: "[Importing a card](#importing-a-card)"),
    OptionSpec(
      "--dry-run", importOnly: true, effect: .flag(\.dryRun, whenGiven: true),
      summary: "with import, print what would be copied where, and copy nothing",
      manual: """
        With **import**: print each file that would be copied and the name it would \
        get (**SOURCE -> DESTINATION**), and those already imported, then the count; \
        write nothing.
        """,
      guide: "[Importing a card](#importing-a-card)"),
    OptionSpec(
      "--size", value: .text("WxH"), printOnly: true,
      effect: .parsed(
        intoOptional: \.size,
        expected: "WxH with each between 1 and \(CellSize.maximumSide), such as 120x40",
        { CellSize(parsing: $0) }),
      summary: "size for --print (default: terminal, or 80x24)",
      manual: """
        The size in cells for **--print**, each between 1 and 10000. Default: the terminal's \
        size when standard output is one, else 80x24. Only with **--print**.
        """),
    OptionSpec(
      "--format", printOnly: true, effect: .choice(\.format),
      summary: "output of --print or --duplicates (default ansi)",
      manual: """
        What **--print** writes: text with ANSI colours (**ansi**, the default), text alone \
        (**plain**), or the layout as JSON (**json**). Names show control and format \
        characters escaped as on the screen; JSON writes each as **\\u001b**, \
        **\\u202e**. Only with **--print**, or with **--duplicates**, whose groups are \
        text but for **json**.
        """),
    OptionSpec(
      "--cell-size", value: .text("WxH"), printOnly: true,
      effect: .parsed(
        intoOptional: \.cellPixels, expected: "the pixels of a cell, WxH, such as 10x20"
      ) {
        CellPixelSize(parsing: $0)
      },
      summary: "a cell's pixels for --print --graphics (default: the terminal's, or 10x20)",
      manual: """
        The pixels of one cell for a contact sheet in pixels (**--print --graphics** ...). \
        Default: the terminal's when standard output is one, else 10x20. Only with \
        **--print**.
        """),
    OptionSpec(
      "--color", aliases: ["--colour"], setting: "color", settingAliases: ["colour"],
      effect: .choice(\.color),
      summary: "use colour (default auto; honours NO_COLOR)",
      manual: """
        When to use colour (also **--colour**). **auto** (the default) uses the colours the \
        terminal has, none when **NO_COLOR** is set, and 24-bit colour when **COLORTERM** is \
        **truecolor** or **24bit**, when the terminfo entry has the **RGB** or **Tc** flag, \
        or inside tmux when tmux says its terminal has the **RGB** feature.
        """),
    OptionSpec(
      "--theme", setting: "theme", effect: .choice(\.theme),
      summary: "text colours for a dark or light background (default auto: ask)",
      manual: """
        The colours of the text. **auto** (the default) asks the terminal for its background \
        before the first frame (**OSC 11**), else reads **COLORFGBG**, else draws for a dark \
        background; **dark** and **light** choose by hand, as inside a tmux that does not \
        answer.
        """,
      guide: "[The screen](#the-screen)"),
    OptionSpec(
      "--symbols", setting: "symbols", effect: .choice(\.symbols),
      summary: "cell art characters (default blocks; ascii without UTF-8)",
      manual: """
        The characters cell art is drawn with. Default **blocks**; **ascii** when the locale \
        is not UTF-8.
        """),
    OptionSpec(
      "--layout", setting: "layout", effect: .choice(\.layout),
      summary: "arrangement of sections (default showcase)",
      manual: """
        The arrangement of sections. **showcase** (the default) shows the first section as one \
        row that scrolls sideways and the others as grids of 2 or 3, then 4 or 6 columns; \
        **grid** shows every section as a grid of 3, 5 or 7 columns; **flow** uses fixed-size \
        pictures and as many columns as fit; **browse** shows stacks of rows and pairs of \
        pictures that scroll sideways, then list rows; **list** shows one row per picture. A \
        single section is a grid in every layout.
        """,
      guide: "[Layouts](#layouts)"),
    OptionSpec(
      "--group-by", setting: "group-by", effect: .choice(\.grouping),
      summary:
        "sections by folder, by the day, month or year taken, or of duplicates (default folder)",
      manual: """
        What the sections are. **folder** (the default) gives each folder its section. \
        **day**, **month** and **year** put every picture under the folders named, their \
        sub-folders included, in sections by the date it was taken (EXIF, a video's \
        creation time), newest first, the pictures without a date last; each section says \
        how many pictures it holds and the folder they came from when they came from one, \
        and a scrubber of years and months stands at the right edge at regular width. \
        Dates are read in the background and kept in the cache (see **FILES**); **t** \
        changes the grouping as the gallery runs. **duplicates** gives each group of \
        copies and near copies its section, the largest first, its best copy first (picked \
        or rated, else a RAW+JPEG pair, else the largest, else the oldest), and leaves out the pictures without \
        a copy; **C** goes to it and back, **R** trashes the rest of a group.
        """,
      guide: "[Timeline](#timeline)"),
    OptionSpec(
      "--filter", value: .text("QUERY"),
      effect: .value(
        { (options, text, spelled) throws(OptionsError) in
          let query = PictureQuery(text)
          // Never ignored in part: a word the query cannot use is a mistake to fix.
          if let problem = query.problems.first {
            throw .badQuery(option: spelled, problem: problem.message)
          }
          options.filter = query
        }, words: nil),
      summary: "start with the pictures QUERY matches, as if typed after /",
      manual: """
        Start with the filter *QUERY* in force, as if typed after **/** and kept with \
        **Enter**: words in the names and fields of the pictures' details, such as \
        **camera:x100v iso>=3200 -is:raw**. **Esc** clears it. With **--print**, only \
        the pictures it matches are drawn, their details read first. A query the gallery \
        cannot use whole is an error (status 2) that names its first problem.
        """,
      guide: "[Filter](#filter)"),
    OptionSpec(
      "--office-scrolling", setting: "office-scrolling", effect: .choice(\.firstRowScrolling),
      summary: "how the first row scrolls (default auto)",
      manual: """
        How the first row of the showcase scrolls. **auto** (the default) rests each picture \
        centred with both neighbours peeking in while the row shows one picture at a time \
        (compact width), and moves a screen width (two pictures) at a time when it is wider; \
        **centered** and **paging** always do one or the other; **group-paging** rests a \
        picture at the left edge with the next one peeking in; **continuous** scrolls freely.
        """),
    OptionSpec(
      "--graphics", setting: "graphics", effect: .choice(\.graphics),
      summary: "pictures in pixels where the terminal can (default auto: ask it)",
      manual: """
        How pictures are drawn. **auto** (the default) asks the terminal before the first \
        frame (at most 150 ms) and uses kitty's graphics protocol, sixel or iTerm2 inline \
        images when it can, else character cells; a protocol named by hand is used whatever \
        the terminal answered; **cells** asks nothing of graphics (only the terminal's \
        colours, for **--theme auto**). With **--print**, a protocol named by \
        hand writes a contact sheet in pixels.
        """),
    OptionSpec(
      "--link", setting: "link", effect: .choice(\.link),
      summary: "how fast the way to the terminal is (default auto: measured)",
      manual: """
        How fast the way to the terminal is. Over a **slow** one kitty's pictures go as PNG, \
        about half the bytes of its compressed pixels, at more work to make them, and each \
        shows as cell art while its pixels travel. **auto** \
        (the default) takes it as slow when the terminal's answers to the queries before \
        the first frame took more than 40 ms and kitty is not on this machine.
        """),
    OptionSpec(
      "--diagnose", effect: .flag(\.diagnose, whenGiven: true),
      summary: "say what the terminal can draw and why, and exit",
      manual: """
        Ask the terminal (through */dev/tty*) what it can draw, print what was detected and \
        why (protocol, terminal and version, cell size, the largest sixel, the terminal's \
        colours, tmux, 24-bit colour and why, the theme and why, **TERM**, **COLORTERM** and \
        the locale), whether the libraries of videos, HEIF, JPEG XL, raw files and SVG open \
        (or why not, and the packages to install), then how many temporary files of \
        galleries that were killed it found \
        and removed (in the folders named, and for the terminal), and exit.
        """),
    OptionSpec(
      "--no-cache", setting: "cache", effect: .flag(\.useCache, whenGiven: false),
      summary: "neither read nor write the thumbnail cache",
      manual: """
        Neither read nor write the thumbnail caches on disk (the freedesktop thumbnails and \
        the drawn thumbnails).
        """),
    OptionSpec(
      "--memory", value: .text("SIZE"), setting: "memory",
      effect: .parsed(
        into: \.memory,
        expected: "a size from 16M to 64G, such as 256M or 1G (a bare number is MiB)"
      ) { MemoryBudget(parsing: $0) },
      summary: "memory for the caches and an animation (default 128M)",
      manual: """
        What the memory caches (decoded copies, drawn thumbnails, pictures encoded for the \
        terminal, zoomed pictures) and a playing animation hold together, such as **256M** or \
        **1G**; a bare number is MiB; from 16M to 64G, default 128M (see **MEMORY**).
        """),
    OptionSpec(
      "--all", setting: "hidden", effect: .flag(\.includeHidden, whenGiven: true),
      summary: "include hidden files and folders",
      manual: "Include hidden files and folders."),
    OptionSpec(
      "--no-follow-links", setting: "follow-links",
      effect: .flag(\.followsLinks, whenGiven: false),
      summary: "do not follow symbolic links to folders",
      manual: """
        Do not follow symbolic links to folders inside the folders shown (**find -P**). Links to pictures are still \
        shown, and a folder named on the command line is followed. By default links are \
        followed; a link back into a folder being shown, or to a folder already shown, is \
        skipped with a warning, and the system's own file systems (*/proc*, */sys*, \
        */dev* and the like) are never read, however they are reached.
        """),
    OptionSpec(
      "--apart", setting: "pairs", effect: .flag(\.pairsFiles, whenGiven: false),
      summary: "show a RAW+JPEG pair's and a Live Photo's files apart",
      manual: """
        Show each file of a pair apart: a camera raw file and the JPEG or HEIF of the same \
        name, a Live Photo's still and its video. Without it a pair is one picture with a **RAW+JPG** or **LIVE** badge, and \
        marks, favourites, **-o**, opening and copying take every file of it.
        """,
      guide: "[Pairs](#pairs)"),
    OptionSpec(
      "-", effect: .syntax, summary: "read the pictures to show from standard input",
      manual: """
        Read the pictures to show from standard input, one path a line. Keys are then read \
        from the terminal, */dev/tty*.
        """),
    OptionSpec(
      "--files-from", value: .file("FILE"),
      effect: .value(
        { (options, path, _) throws(OptionsError) in
          if path.isEmpty { throw .emptyPath }
          options.filesFrom = path
        }, words: nil),
      summary: "read the pictures to show from FILE",
      manual: "Read the pictures to show from *FILE*, one path a line."),
    OptionSpec(
      "-o", "--output-marked", effect: .flag(\.outputMarked, whenGiven: true),
      summary:
        "at quit, print the marked paths (or a search's) on standard output (drawing on /dev/tty)",
      manual: """
        When the gallery quits with **q**, print the paths of the marked pictures on standard \
        output, one a line, in the order shown (then any the filter hides); with none marked, \
        those of every picture the filter shows while one is typed (**/is:picked**, \
        **rating>=4**), every file of a pair; nothing otherwise. The screen is then drawn on the controlling terminal, */dev/tty*, so \
        standard output can be a pipe. To a pipe or a file each path is its exact bytes; to \
        a terminal, control and format characters in it are shown escaped (**^[**, \
        **\\u{202E}**, **\\xE9**) as on the screen. Not with **--print**.
        """,
      guide: "[Opening pictures](#opening-pictures-and-copying-paths)"),
    OptionSpec(
      "-0", "--null", effect: .flag(\.nulSeparated, whenGiven: true),
      summary: "paths read or printed end with NUL (find -print0), not newlines",
      manual: """
        Lists of paths end each path with a NUL byte instead of a newline: the list read (as \
        **find -print0** writes it), and with **-o**, the paths printed, for **xargs -0**. \
        **-o0** gives both.
        """),
    OptionSpec(
      "--", effect: .syntax, summary: "end of options; what follows are folders and files",
      manual: """
        End of options: every argument after it is a folder or a file, even one starting with \
        a dash.
        """),
  ]

  /// What the man page says after the options.
  package static let optionsFooter = """
    Options and paths may be mixed; values come as **--option value** or \
    **--option=value**, and a repeated option keeps its last value. Options the command \
    line does not give come from the configuration file.
    """

  /// What the man page says after the keys.
  package static let keysFooter = """
    Home, End, PgUp, PgDn, the arrows and F1 to F12 work whatever **TERM** says: the common \
    variants of their escape sequences (such as **CSI 4~** and **SS3 F** for End) are \
    recognised even when the terminfo entry names another. While the gallery runs, \
    software flow control (XON/XOFF) is off, so Ctrl-S and Ctrl-Q arrive as keys and can be \
    bound (**bind ctrl-s = next-section**); Ctrl-C, Ctrl-Z and Ctrl-\\ stay signals, and the \
    shell's own terminal modes come back on quit, on Ctrl-Z, while an opener has the \
    terminal, and when a signal ends the gallery. Every key can be rebound in the \
    configuration file.
    """

  /// Every spelling an option is written with, aliases included (`--colour`).
  package static var allSpellings: [String] {
    options.flatMap { $0.spellings + $0.aliases }
  }

  /// The option written `spelling` (`-o`, `--colour`), nil for none.
  package static func option(_ spelling: String) -> OptionSpec? {
    options.first { $0.spellings.contains(spelling) || $0.aliases.contains(spelling) }
  }
}
