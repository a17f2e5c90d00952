import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Random input for the soak, one event a step: keys, mouse reports typed as an xterm
/// sends them, resizes, Ctrl-Z (or SIGTSTP) then `fg`, SIGCONT, and bursts of SIGWINCH.
/// Never `q`; the other keys are those the gallery binds, and a few it does not.
struct SoakInput {
  enum Event: String, CaseIterable {
    case key, mouse, resize, suspend
    case sigcont = "SIGCONT"
    case sigwinch = "SIGWINCH burst"
  }

  /// Moves, views, favourites, and the actions on pictures: marks, open (the soak's opener
  /// is `true`, run with the terminal handed over), copy, sort, filter (`/`: what follows
  /// is typed into it until Enter or Escape), slideshow, zoom and its pace; and the
  /// actions on files: trash (and its question's `y`), move and copy to a folder named by
  /// the keys that follow, rename, the turns, undo, the key handler (none is there).
  static let keys = [
    "j", "k", "h", "l", "Up", "Down", "Left", "Right", "PageUp", "PageDown", "Home", "End",
    "g", "G", "Tab", "BTab", "Enter", "Escape", "v", "z", "?", "f", "Space", "C-l", "C-f",
    "C-b", "x", "1", "m", "M", "u", "o", "y", "s", "S", "/", "p", "+", "-", "=", "0",
    "d", "DC", "U", "U", "c", "r", "<", ">", "|", "_", "C-x",
  ]

  let tmux: Tmux
  let pid: Int32
  private var generator: SplitMix64
  /// How many of each event were sent.
  private(set) var counts: [Event: Int] = [:]
  /// Signals sent in the SIGWINCH bursts.
  private(set) var winches = 0

  init(tmux: Tmux, pid: Int32, seed: UInt64) {
    self.tmux = tmux
    self.pid = pid
    generator = SplitMix64(seed: seed)
  }

  /// Sends one event and waits a little (longer after a resize or a resume).
  mutating func step() async throws {
    let roll = generator.below(1000)
    let event: Event =
      switch roll {
      case 0..<700: .key
      case 700..<860: .mouse
      case 860..<930: .resize
      case 930..<960: .sigcont
      case 960..<995: .sigwinch
      default: .suspend
      }
    counts[event, default: 0] += 1
    switch event {
    case .key:
      let key = generator.pick(Self.keys) ?? "j"
      if key == "/" {
        // Never typed into a move's or a copy's folder, where a leading `/` would name
        // one outside the library: Escape closes such a prompt first.
        try await tmux.sendKeys("Escape")
        try await Task.sleep(for: .milliseconds(100))
      }
      try await tmux.sendKeys(key)
    case .mouse:
      let x = generator.below(160)
      let y = generator.below(50)
      let action = generator.pick([Tmux.MouseAction.click, .doubleClick, .wheelUp, .wheelDown])
      try await tmux.mouse(action ?? .click, x: x, y: y)
    case .resize:
      // Now and then smaller than the gallery can draw in.
      let tiny = generator.chance(10)
      try await tmux.resize(
        width: tiny ? 8 + generator.below(12) : 30 + generator.below(131),
        height: tiny ? 3 + generator.below(4) : 8 + generator.below(43))
    case .sigcont:
      kill(pid, SIGCONT)
    case .sigwinch:
      for _ in 0..<(5 + generator.below(40)) {
        kill(pid, SIGWINCH)
        winches += 1
      }
    case .suspend:
      try await suspendAndResume(byKey: generator.chance(50))
    }
    try await Task.sleep(for: .milliseconds(20 + generator.below(60)))
  }

  /// Ctrl-Z (the terminal sends SIGTSTP) or SIGTSTP itself, then `fg` in the shell, which
  /// sends SIGCONT and gives the terminal back.
  func suspendAndResume(byKey: Bool) async throws {
    // Let the gallery read what was typed, so the shell does not get it.
    try await Task.sleep(for: .milliseconds(300))
    if byKey { try await tmux.sendKeys("C-z") } else { kill(pid, SIGTSTP) }
    try await waitFor("the gallery to stop") { $0.isStopped }
    // Anything typed that the gallery left unread went to the shell's line: clear it.
    try await tmux.sendKeys("C-u")
    try await tmux.run("fg")
    try await waitFor("the gallery to run again") { !$0.isStopped }
  }

  private func waitFor(_ what: String, _ condition: (ProcessStatus) -> Bool) async throws {
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: .seconds(10))
    while clock.now < end {
      guard let status = ProcessStatus(pid: pid) else {
        throw Tmux.Failure(description: "the gallery is gone:\n\(try await tmux.capture())")
      }
      if condition(status) { return }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw Tmux.Failure(description: "timed out waiting for \(what):\n\(try await tmux.capture())")
  }
}
