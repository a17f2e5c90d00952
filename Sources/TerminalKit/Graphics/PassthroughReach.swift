/// Whether what a program inside tmux wraps for passthrough reaches a terminal that
/// answers, as tmux says (`allow-passthrough`, whether a client is attached, and what the
/// client's terminal is).
///
/// The probe asks the terminal outside tmux through passthrough, and waits for its
/// answers only when they can come and can matter: tmux 3.3 and later drop passthrough
/// unless `allow-passthrough` is on, a detached session has no terminal at all, and inside
/// tmux only pictures drawn as Unicode placeholders follow the panes, which only kitty 0.28
/// or later and Ghostty draw.
public enum PassthroughReach: Hashable, Sendable {
  /// Passthrough is allowed and a client is attached: its terminal answers.
  case reaches
  /// Passthrough is allowed and a client is attached, but tmux names its terminal
  /// (`terminal`, as tmux has it: `XTerm(379)`, `alacritty`), one that draws no pictures
  /// following tmux's panes: it is not asked, so nothing is waited for.
  case reachesWithoutPlaceholders(terminal: String)
  /// Passthrough is allowed and a client is attached, long enough ago for its terminal
  /// to have answered tmux's XTVERSION, and it gave no name (its `TERM` is `term`): not
  /// kitty nor Ghostty, the only terminals that draw placeholders, which both answer. It
  /// is not asked, so nothing is waited for (VTE's terminals, which tmux cannot name).
  case reachesUnnamedTerminal(term: String)
  /// Nothing passes through (the option is off, or no client is attached): no answer
  /// from outside will come.
  case none
  /// tmux was not asked, or did not say: the answers are waited for until the deadline
  /// at most.
  case unknown

  /// Reads tmux's `#{allow-passthrough}`, `#{session_attached}` and `#{window_active}`:
  /// `1`/`on`, `all` (invisible panes too) or empty (a tmux older than 3.3, which has no
  /// such option and always passes) for the option, a count for the clients, `1` when the
  /// pane's window is the one shown. With `on`, tmux passes only a visible pane's queries:
  /// a gallery started in a window not shown is answered by nothing outside.
  ///
  /// `terminalType` is `#{client_termtype}`, the terminal's own answer to XTVERSION
  /// (`kitty(0.26.5)`; empty before the answer came, or when it gave none), and
  /// `terminalName` is `#{client_termname}`, its `TERM`. They name one client, the
  /// session's latest, while passthrough reaches every client attached: they decide only
  /// when a single client is.
  ///
  /// `clientSeconds` is how long ago that client attached (`#{client_created}` from now),
  /// nil when not known. tmux asks a terminal's XTVERSION as it attaches and its answer
  /// comes within milliseconds; an empty type from a client attached `answerSeconds` ago
  /// or more means the terminal gave none. A gallery started with the client (`tmux new
  /// gallery`) may come before the answer, and then asks. Only a tmux with the
  /// `allow-passthrough` option (3.3 or later) asks XTVERSION; with an older one, and
  /// with a `TERM` only kitty or Ghostty set, the terminal is asked.
  public init(
    allowPassthrough: String, attachedClients: String, windowActive: String = "1",
    terminalType: String = "", terminalName: String = "", clientSeconds: Int? = nil
  ) {
    func word(_ text: String) -> Substring {
      text.split(whereSeparator: \.isWhitespace).first ?? ""
    }
    let option = word(allowPassthrough)
    guard let clients = Int(word(attachedClients)) else {
      self = .unknown
      return
    }
    let shown = word(windowActive) != "0"
    if clients == 0 || option == "0" || option == "off" || !(shown || option == "all") {
      self = .none
    } else if clients == 1,
      let terminal = Self.terminalWithoutPlaceholders(
        type: terminalType.trimmingWhitespace(),
        name: String(word(terminalName)))
    {
      self = .reachesWithoutPlaceholders(terminal: terminal)
    } else if clients == 1, !option.isEmpty, terminalType.trimmingWhitespace().isEmpty,
      let clientSeconds, clientSeconds >= Self.answerSeconds,
      !["kitty", "ghostty"].contains(where: { terminalName.lowercased().contains($0) })
    {
      self = .reachesUnnamedTerminal(term: String(word(terminalName)))
    } else {
      self = .reaches
    }
  }

  /// How long after a client attached its terminal's XTVERSION answer is surely in: tmux
  /// asks at once, and a terminal answers in milliseconds, over SSH in a round trip.
  public static let answerSeconds = 2

  /// Whether the terminal outside is asked through passthrough (and its kitty answer
  /// waited for): when it may draw placeholders, or tmux did not say.
  public var asksOuterTerminal: Bool {
    switch self {
    case .reaches, .unknown: true
    case .none, .reachesWithoutPlaceholders, .reachesUnnamedTerminal: false
    }
  }

  /// `TERM`s that only terminals without Unicode placeholders set, for a terminal that
  /// has not answered tmux's XTVERSION (yet): alacritty, mlterm, foot, rxvt-unicode, st
  /// and the Linux console. A `TERM` many terminals share (`xterm-256color`) names none.
  static let namesWithoutPlaceholders: Set<String> = [
    "alacritty", "alacritty-direct", "mlterm", "mlterm-256color", "foot", "foot-extra",
    "foot-direct", "foot-extra-direct", "rxvt-unicode", "rxvt-unicode-256color", "st",
    "st-256color", "linux",
  ]

  /// The terminal tmux names, when it is known to draw no placeholders; nil when it may
  /// (kitty of a version not below 0.28 or not said, Ghostty) or is not known.
  static func terminalWithoutPlaceholders(type: String, name: String) -> String? {
    if !type.isEmpty {
      let (program, version) = GraphicsProbe.nameAndVersion(type)
      let lower = program.lowercased()
      if lower.hasPrefix("ghostty") { return nil }
      if lower == "kitty" {
        return version == nil
          || GraphicsProbe.hasUnicodePlaceholders(name: lower, version: version, program: "")
          ? nil : type
      }
      return type
    }
    return namesWithoutPlaceholders.contains(name) ? name : nil
  }
}
