import Curses
import FoundationEssentials
import GalleryRuntime
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery --diagnose`: asks the terminal what it can draw and says what the gallery
/// would use and why. Asks `/dev/tty`, so the answer can go to a file or a pipe.
@MainActor
enum Diagnosis {
  static func run(_ launch: GalleryLaunch) {
    let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard tty >= 0 else {
      Console.fail("gallery: no terminal to ask (/dev/tty cannot be opened)", status: 1)
    }
    defer { close(tty) }
    let terminalLeftovers = TerminalLeftovers.removeAbandoned()
    let environment = launch.environment
    var capabilities = GraphicsCapabilities.cells(because: "--graphics cells: not asked")
    let asksGraphics = launch.options.graphics.asksTheTerminal
    let tmux = TmuxClient.ask(
      environment: environment, color: launch.options.color, asksGraphics: asksGraphics)
    if asksGraphics || launch.asksTerminalColors {
      let detected = GraphicsDetection.detect(
        environment: environment, asksGraphics: asksGraphics, passthrough: tmux.passthrough,
        input: tty, output: tty
      ).capabilities
      capabilities = asksGraphics ? launch.options.graphics.resolve(detected) : detected
    }
    var lines = [capabilities.explanation]
    if capabilities.graphicsProtocol != .none && capabilities.cellPixelSize == nil {
      lines.append("- no cell size in pixels: the gallery would draw cells")
    }
    lines.append("TERM: \(environment["TERM"] ?? "unset")")
    lines.append("COLORTERM: \(environment["COLORTERM"] ?? "unset")")
    let colors = CursesTerminal.colorRequest(
      launch.options.color, environment: environment,
      tmuxClientFeatures: tmux.features, fd: tty)
    lines.append(colors.directColorReason)
    lines.append(launch.theme(graphics: capabilities).reason)
    if capabilities.graphicsProtocol.isKitty {
      lines.append(launch.options.link.isSlow(capabilities).reason)
    }
    lines.append("locale: \(launch.unicode ? "UTF-8" : "not UTF-8 (ASCII borders and art)")")
    lines += CodecReport.lines
    lines.append(leftoversLine(terminal: terminalLeftovers, launch: launch))
    // The environment's values and the terminal's own answers are shown as names are: a
    // control character in them is escaped, never sent back to the terminal.
    let shown = lines.joined(separator: "\n").split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map { TextSanitizer.sanitize($0) }
    Console.write(shown.joined(separator: "\n") + "\n")
  }

  /// What galleries that were killed left, and what of it this run removed: the
  /// temporary copies in the folders named (found by their folders' names, as a start
  /// tidies them, without reading a picture) and the terminal probe's files. A folder
  /// that could not be read says so: "none found" would claim what was not looked at.
  static func leftoversLine(terminal: TerminalLeftovers, launch: GalleryLaunch) -> String {
    var copies: FolderLeftovers
    do {
      copies = try launch.scanner().removeLeftovers()
    } catch {
      copies = FolderLeftovers(unreadable: ["\(error)"])
    }
    var lines: [String] = []
    if copies.found + terminal.found > 0 {
      func count(_ found: Int, _ what: String, _ place: String) -> String {
        "\(found) \(what)\(found == 1 ? "" : "s") \(place)"
      }
      let trashed = copies.trashed > 0 ? ", \(copies.trashed) put in the Trash" : ""
      lines.append(
        "leftovers of killed galleries: "
          + count(copies.found, "temporary file", "in the folders named")
          + " (\(copies.removed) removed\(trashed)), "
          + count(terminal.found, "file", "for the terminal") + " (\(terminal.removed) removed)")
    } else {
      lines.append("leftovers of killed galleries: none found")
    }
    let shownAtMost = 3
    for problem in copies.unreadable.prefix(shownAtMost) {
      lines.append("leftovers: could not read \(problem)")
    }
    if copies.unreadable.count > shownAtMost {
      lines.append("leftovers: \(copies.unreadable.count - shownAtMost) more folders not read")
    }
    return lines.joined(separator: "\n")
  }
}
