/// Whether what a program inside tmux wraps for passthrough reaches a terminal that
/// answers, as tmux says (`allow-passthrough` and whether a client is attached).
///
/// The probe asks the terminal outside tmux through passthrough, and waits for its
/// answers only when they can come: tmux 3.3 and later drop passthrough unless
/// `allow-passthrough` is on, and a detached session has no terminal at all.
public enum PassthroughReach: Hashable, Sendable {
  /// Passthrough is allowed and a client is attached: its terminal answers.
  case reaches
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
  public init(allowPassthrough: String, attachedClients: String, windowActive: String = "1") {
    func word(_ text: String) -> Substring {
      text.split(whereSeparator: \.isWhitespace).first ?? ""
    }
    let option = word(allowPassthrough)
    guard let clients = Int(word(attachedClients)) else {
      self = .unknown
      return
    }
    let shown = word(windowActive) != "0"
    if clients == 0 || option == "0" || option == "off" {
      self = .none
    } else {
      self = shown || option == "all" ? .reaches : .none
    }
  }
}
