import CNcursesw
import FoundationEssentials
import Glibc
import TerminalKit

/// The interactive terminal, through ncursesw: setup, drawing frames, input.
///
/// ncurses owns the modes, input and resizes; frames go out as escape sequences
/// when the terminal takes them, or through ncurses otherwise (`DrawingMethod`).
///
/// Every curses call happens on the main actor. Call `end()` before the process
/// exits (or use `run(options:_:)`, which does it on every path); a
/// termination signal ends the terminal itself and reports `.terminate`.
@MainActor
package final class CursesTerminal {
  /// What to open the terminal with.
  package struct Options: Sendable {
    package var color: ColorChoice
    /// Whether to ask for mouse reports (clicks, double clicks, wheel).
    package var mouse: Bool
    /// The environment the decisions read (`TERM`, `COLORTERM`, `NO_COLOR`).
    package var environment: [String: String]
    /// How frames reach the screen; `.escapes` falls back to `.curses` on a
    /// terminal that does not take ECMA-48 escape sequences.
    package var drawing: DrawingMethod
    /// Pixel graphics: anything but `.cells` asks the terminal first
    /// (`GraphicsDetection`), before ncurses takes the input.
    package var graphics: GraphicsChoice
    /// How long detection waits for the answers.
    package var graphicsTimeout: Duration
    /// Whether to ask the terminal for its colours (`OSC 11`, `OSC 10`) when the graphics
    /// are not asked about either (`--theme auto` with `--graphics cells`).
    package var asksColors: Bool
    /// What tmux says its client terminal has (`client_termfeatures`), inside tmux: `RGB`
    /// there means 24-bit colour passes through (`TmuxClient`).
    package var tmuxClientFeatures: String?
    /// Whether tmux passes queries on to a terminal that answers (`TmuxClient`), inside
    /// tmux: detection waits for that terminal only when it does.
    package var tmuxPassthrough: PassthroughReach

    package init(
      color: ColorChoice = .auto, mouse: Bool = true,
      environment: [String: String] = ProcessInfo.processInfo.environment,
      drawing: DrawingMethod = .automatic, graphics: GraphicsChoice = .cells,
      graphicsTimeout: Duration = GraphicsDetection.defaultTimeout, asksColors: Bool = false,
      tmuxClientFeatures: String? = nil, tmuxPassthrough: PassthroughReach = .unknown
    ) {
      self.asksColors = asksColors
      self.tmuxClientFeatures = tmuxClientFeatures
      self.tmuxPassthrough = tmuxPassthrough
      self.color = color
      self.mouse = mouse
      self.environment = environment
      self.drawing = drawing
      self.graphics = graphics
      self.graphicsTimeout = graphicsTimeout
    }
  }

  /// The colour mode in use.
  package let colorMode: ColorMode
  /// The terminfo entry in use (`xterm-direct` when truecolor was chosen).
  package let terminalName: String
  /// A handle other threads use to wake `nextEvent`.
  package let waker: TerminalWaker
  /// How frames reach the screen: `.escapes` or `.curses`, never `.automatic`.
  package let drawingMethod: DrawingMethod

  /// What the terminal can draw in pixels and why (`graphicsProtocol` is
  /// `.none` unless `Options.graphics` asked and the terminal can). Put
  /// pictures of this protocol into frames (`Frame.place`).
  package let graphics: GraphicsCapabilities
  /// The cell's size in pixels now: from `TIOCGWINSZ`, re-read on every resize;
  /// where the kernel has no pixels, from the terminal's answer to `CSI 16 t`
  /// (asked again on a resize; the answer arrives later and is reported as a
  /// second `.resize` event of the same size). Nil when unknown.
  package private(set) var cellPixelSize: CellPixelSize?

  /// Bytes the last `draw` wrote: 0 when nothing changed, nil when drawing
  /// through ncurses, which does not tell.
  package private(set) var lastDrawBytes: Int?

  /// Columns and rows of the screen now.
  package private(set) var width: Int
  package private(set) var height: Int

  private let screen: OpaquePointer
  private let wakeReadFD: Int32
  /// The terminal device: standard output (and input), or `/dev/tty`.
  private let device: TerminalDevice
  /// Whether another program has the terminal (`suspend()`).
  private var isSuspended = false
  /// Whether the terminal reports the pointer's moves (DECSET 1002): between a press and its
  /// release.
  private var isDragging = false
  /// Whether the pointer moved since the button went down: a release without a move is
  /// a slow click.
  private var dragMoved = false
  private var lastFrame: Frame?
  private var needsFullRedraw = false
  private var isActive = true
  private let screenWriter: any ScreenWriter
  /// Whether answers may still arrive (queries were sent): Escapes are checked.
  private let expectsReplies: Bool

  /// Opens the terminal on standard input and output when both are terminals, else on
  /// the controlling terminal, `/dev/tty` (standard input may then be a list of pictures,
  /// standard output a pipe that takes what the program prints when it ends).
  ///
  /// While it is open, software flow control is off (Ctrl-S and Ctrl-Q arrive as keys);
  /// the signal keys stay signals.
  ///
  /// - Throws: `TerminalError` when there is no terminal at all, `TERM` is unset or
  ///   unknown, or names a terminal type that cannot move the cursor (`dumb`): all before
  ///   anything is written to the terminal or its modes change. Uses `newterm`, so a bad
  ///   `TERM` never exits the process.
  package init(options: Options = Options()) throws(TerminalError) {
    _ = TerminalLocale.isUTF8()
    guard let term = options.environment["TERM"], !term.isEmpty else { throw .terminalTypeUnset }
    let device = try TerminalDevice.open()
    let request = Self.colorRequest(
      options.color, environment: options.environment,
      tmuxClientFeatures: options.tmuxClientFeatures, fd: device.output)
    // Before the graphics queries and newterm, which would write to a terminal the gallery
    // cannot draw on and take its modes. An unknown type may still open as xterm-direct
    // (COLORTERM=truecolor); newterm has the last word then.
    switch TerminfoEntry.lookUp(term, fd: device.output) {
    case .addressable: break
    case .cannotMoveCursor:
      device.close()
      throw .cannotMoveCursor(term)
    case .unusable:
      if !request.preferDirectColor || term == "xterm-direct" {
        device.close()
        throw .unknownTerminalType(term)
      }
    }
    // Before ncurses reads the input, so no answer reaches it as keys.
    var detected = GraphicsCapabilities.cells(
      because: "--graphics cells: the terminal was not asked")
    var typedAhead: [UInt8] = []
    let asksGraphics = options.graphics.asksTheTerminal
    if asksGraphics || options.asksColors {
      let outcome = GraphicsDetection.detect(
        environment: options.environment, asksGraphics: asksGraphics,
        passthrough: options.tmuxPassthrough, timeout: options.graphicsTimeout,
        input: device.input, output: device.output)
      detected = outcome.capabilities
      typedAhead = outcome.typedAhead
    }
    expectsReplies = asksGraphics || options.asksColors

    var fds: [Int32] = [-1, -1]
    guard gallery_make_pipe(&fds) == 0 else {
      device.close()
      throw .cannotCreatePipe
    }
    wakeReadFD = fds[0]
    waker = TerminalWaker(fd: fds[1])
    // Before newterm, so ncurses leaves SIGINT/SIGTERM/SIGQUIT to us (it installs its own
    // only where the action is still the default). It keeps SIGTSTP and SIGWINCH.
    SignalTrap.install(wakeFD: fds[1], ttyFD: device.output)

    var opened: (OpaquePointer, String)?
    if request.preferDirectColor, term != "xterm-direct",
      let direct = newterm("xterm-direct", device.outputStream, device.inputStream)
    {
      opened = (direct, "xterm-direct")
    }
    if opened == nil, let plain = newterm(term, device.outputStream, device.inputStream) {
      opened = (plain, term)
    }
    guard let (screen, name) = opened else {
      SignalTrap.uninstall()
      device.close()
      throw .unknownTerminalType(term)
    }
    self.screen = screen
    self.device = device
    terminalName = name
    gallery_register_end_at_exit()
    _ = set_term(screen)

    _ = cbreak()
    _ = noecho()
    _ = nonl()
    _ = intrflush(gallery_stdscr(), false)
    _ = keypad(gallery_stdscr(), true)
    KeyVariants.defineMissing()
    _ = curs_set(0)
    _ = idlok(gallery_stdscr(), true)
    _ = set_escdelay(25)
    // Non-blocking reads: `nextEvent` waits in poll(2) on input and the pipe.
    wtimeout(gallery_stdscr(), 0)
    // After every ncurses call that sets modes: no XON/XOFF, so Ctrl-S does not freeze the
    // screen and Ctrl-S and Ctrl-Q can be bound. Saved as ncurses' program mode, so it
    // comes back after Ctrl-Z and `fg` and after `resume()`; endwin puts the shell's back.
    _ = gallery_program_mode_without_flow_control(device.output)
    if options.mouse {
      _ = mousemask(gallery_mouse_mask(), nil)
      _ = mouseinterval(200)
    }
    var colors = 0
    if request.useColor && has_colors() {
      _ = start_color()
      _ = use_default_colors()
      colors = Int(gallery_colors())
    }
    colorMode = request.mode(terminalColors: colors)
    width = Int(gallery_cols())
    height = Int(gallery_lines())
    drawingMethod =
      options.drawing != .curses && gallery_terminal_speaks_ecma48() != 0 ? .escapes : .curses
    graphics = options.graphics.capabilities(
      detected: detected, drawsEscapes: drawingMethod == .escapes, colorMode: colorMode)
    cellPixelSize = graphics.cellPixelSize
    if drawingMethod == .escapes {
      var images = ImageWriter()
      if case .kitty(true) = graphics.graphicsProtocol { images.tmuxPassthrough = graphics.inTmux }
      // Konsole keeps sixel and iTerm2 pictures under the text written over them.
      images.deletesCellPictures =
        graphics.terminalName?.lowercased() == "konsole" && !graphics.inTmux
      var kittyFiles: KittyTransferFiles?
      if graphics.graphicsProtocol.isKitty, graphics.kittyReadsFiles {
        kittyFiles = KittyTransferFiles()
      }
      screenWriter = EscapeScreenWriter(
        mode: colorMode, output: device.output, images: images,
        sixel: graphics.graphicsProtocol == .sixel, kittyFiles: kittyFiles)
    } else {
      screenWriter = CursesScreenWriter(mode: colorMode, terminalColors: colors)
    }
    // Keys typed during detection, back in ncurses' queue in their order.
    for byte in typedAhead.reversed() { _ = ungetch(Int32(byte)) }
  }

  /// The colours to ask for on the terminal `fd` of type `TERM`, and why: `ColorRequest`'s
  /// rules, with the terminfo entry's `RGB` and `Tc` flags looked up (which writes
  /// nothing to the terminal).
  package static func colorRequest(
    _ choice: ColorChoice, environment: [String: String], tmuxClientFeatures: String?,
    fd: Int32
  ) -> ColorRequest {
    let term = environment["TERM"] ?? ""
    return ColorRequest(
      choice: choice, environment: environment, tmuxClientFeatures: tmuxClientFeatures,
      terminfoDirectColor: !term.isEmpty && TerminfoEntry.hasDirectColorFlag(term, fd: fd))
  }

  /// Opens the terminal, runs `body`, and ends the terminal however `body`
  /// leaves (a return or a thrown error).
  package static func run<T>(
    options: Options = Options(), _ body: (CursesTerminal) throws -> T
  ) throws -> T {
    let terminal = try CursesTerminal(options: options)
    defer { terminal.end() }
    return try body(terminal)
  }

  /// Restores the terminal (cooked mode, cursor shown, main screen). Safe to call
  /// more than once.
  package func end() {
    guard isActive else { return }
    setDragReports(false, restoringClicks: false)
    isActive = false
    screenWriter.finish()
    _ = curs_set(1)
    _ = endwin()
    SignalTrap.uninstall()
    device.close()
  }

  // MARK: Handing the terminal over

  /// The terminal device's descriptor, for a program the terminal is handed to
  /// (`suspend()`): its standard input, output and error.
  package var deviceDescriptor: Int32? { device.output }

  /// Hands the terminal to another program, as Ctrl-Z does: the shell's modes, the main
  /// screen and the cursor come back. Nothing is drawn until `resume()`.
  package func suspend() {
    guard isActive, !isSuspended else { return }
    setDragReports(false, restoringClicks: false)
    isSuspended = true
    _ = curs_set(1)
    _ = endwin()
    // The other program's screen and modes from here: a crash (a worker thread's) must not
    // put the gallery's over them.
    SignalTrap.setHeld(false)
  }

  /// Takes the terminal back after `suspend()`: the program's modes (flow control off) and
  /// the alternate screen again, and the next frame drawn whole.
  package func resume() {
    guard isActive, isSuspended else { return }
    isSuspended = false
    SignalTrap.setHeld(true)
    // The program's modes at once, whatever the program handed the terminal to left, not
    // only at ncurses' next refresh: keys typed before the next frame are keys, not XOFF.
    _ = reset_prog_mode()
    // A refresh after endwin resumes ncurses' modes (keypad, mouse, the alternate
    // screen) and clears the screen to its own blank picture.
    _ = curs_set(0)
    screenWriter.terminalResized()
    needsFullRedraw = true
  }

  /// Asks the terminal for the pointer's moves while a button is held (DECSET 1002), or
  /// stops them; ncurses' own mouse modes report presses and releases only.
  /// The terminal keeps one tracking mode: turning 1002 off turns every report off, so
  /// the press and release reports ncurses asked for (1000) are asked for again, unless
  /// the terminal is being let go (`restoringClicks` false).
  private func setDragReports(_ on: Bool, restoringClicks: Bool = true) {
    guard on != isDragging else { return }
    isDragging = on
    let off = "\u{1B}[?1002l" + (restoringClicks ? "\u{1B}[?1000h" : "")
    let bytes = Array((on ? "\u{1B}[?1002h" : off).utf8)
    _ = bytes.withUnsafeBufferPointer { gallery_write_all(device.output, $0.baseAddress, $0.count) }
  }

  /// Writes `control` (the clipboard's OSC 52, say) between frames, whole: Ctrl-Z waits
  /// until it is out, as for a frame.
  package func send(_ control: ControlString) {
    guard isActive, !isSuspended else { return }
    gallery_block_stop_signal(1)
    _ = control.bytes.withUnsafeBufferPointer {
      gallery_write_all(device.output, $0.baseAddress, $0.count)
    }
    gallery_block_stop_signal(0)
  }

  /// After `.terminate(signal:)`: dies by that signal with its default action,
  /// so a parent shell sees the usual status. Ends the terminal first.
  package func exit(bySignal signal: Int32) -> Never {
    end()
    SignalTrap.reraise(signal)
    Glibc.exit(128 + signal)
  }

  /// Frees kitty image `id` in the terminal (its encoding left the cache) with
  /// the next frame that does not show it; nothing for other protocols.
  package func forgetImage(id: UInt32) {
    screenWriter.forgetImage(id)
  }

  /// The size now: columns, rows and the cell's shape.
  package var size: TerminalSize {
    TerminalSize(
      width: width, height: height, cellAspect: cellAspect, cellPixels: cellPixelSize)
  }

  /// Height over width of one cell in pixels, from `TIOCGWINSZ` or the cell
  /// size the terminal answered; 2.0 when neither is known.
  package var cellAspect: Double {
    if let cellPixelSize { return cellPixelSize.aspect }
    var columns: Int32 = 0
    var rows: Int32 = 0
    var xPixels: Int32 = 0
    var yPixels: Int32 = 0
    guard gallery_window_size(device.output, &columns, &rows, &xPixels, &yPixels) == 0,
      columns > 0, rows > 0, xPixels > 0, yPixels > 0
    else { return 2.0 }
    return (Double(yPixels) / Double(rows)) / (Double(xPixels) / Double(columns))
  }

  /// Asks for the next `draw` to repaint the whole screen (Ctrl-L).
  package func invalidate() {
    needsFullRedraw = true
  }

  /// Draws `frame`, writing only the cells that differ from the last frame drawn
  /// (a full repaint after `invalidate()` or a size change). Writes nothing when
  /// the frame is unchanged.
  ///
  /// - Returns: the bytes written (`lastDrawBytes`).
  @discardableResult
  package func draw(_ frame: Frame) -> Int? {
    guard isActive, !isSuspended else { return 0 }
    lastDrawBytes = screenWriter.draw(frame, over: needsFullRedraw ? nil : lastFrame)
    SignalTrap.trimCapture()
    lastFrame = frame
    needsFullRedraw = false
    return lastDrawBytes
  }

  /// Waits for the next event: a key, a mouse action, a resize, a wake from
  /// another thread, or a termination signal (after which the terminal is
  /// already ended). Returns `.timeout` after `timeout` (nil: wait for ever).
  package func nextEvent(timeout: Duration? = nil) -> TerminalEvent {
    let clock = ContinuousClock()
    let deadline = timeout.map { clock.now.advanced(by: $0) }
    while true {
      if let signal = SignalTrap.pending {
        end()
        return .terminate(signal: signal)
      }
      guard isActive else { return .timeout }
      if SignalTrap.takeContinued() {
        // Back from Ctrl-Z: ncurses has repainted its own picture of the screen.
        needsFullRedraw = true
        return .repaint
      }
      if let event = readInput() { return event }
      var waitMilliseconds: Int64 = 100
      if let deadline {
        let left = clock.now.duration(to: deadline)
        if left <= .zero { return .timeout }
        let (seconds, attoseconds) = left.components
        waitMilliseconds = min(100, seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
      }
      // Capped at 100 ms so a SIGWINCH that lands just before poll is seen soon.
      let ready = gallery_wait_readable(device.input, wakeReadFD, Int32(waitMilliseconds))
      if ready > 0 && ready & 4 != 0 && ready & 1 == 0 {
        // The terminal went away (input hung up): nothing more will arrive.
        end()
        return .terminate(signal: SIGHUP)
      }
      if ready > 0 && ready & 2 != 0 {
        _ = gallery_drain(wakeReadFD)
        if SignalTrap.pending == nil { return .wake }
      }
    }
  }

  /// One key, mouse report or resize if curses has one ready.
  private func readInput() -> TerminalEvent? {
    var value: wint_t = 0
    let result = wget_wch(gallery_stdscr(), &value)
    if result == gallery_err() { return nil }
    if result == gallery_key_code_yes() {
      let code = Int32(bitPattern: UInt32(value))
      if code == gallery_key_resize() {
        width = Int(gallery_cols())
        height = Int(gallery_lines())
        screenWriter.terminalResized()
        needsFullRedraw = true
        rereadCellPixelSize()
        return .resize(size)
      }
      if code == gallery_key_mouse() { return mouseEvent() }
      return Self.specialKey(code).map { .key($0) } ?? readInput()
    }
    let scalarValue = UInt32(value)
    if scalarValue == 0x1B && expectsReplies, let reply = LateReplyFilter.takeReply() {
      // A late answer, never a key.
      if case .cellPixelSize(let width, let height) = reply, width > 0, height > 0 {
        let answered = CellPixelSize(width: width, height: height)
        if answered != cellPixelSize {
          cellPixelSize = answered
          return .resize(size)
        }
      }
      // Transmissions by file ask for errors only (q=1): kitty could not read one.
      if case .kittyGraphics(let number?, let message) = reply, message != "OK",
        let id = UInt32(exactly: number), id > 0
      {
        screenWriter.kittyTransferFailed(imageID: id)
        needsFullRedraw = true
        return .repaint
      }
      return readInput()
    }
    if let key = Key.fromControlCode(scalarValue) { return .key(key) }
    guard let scalar = Unicode.Scalar(scalarValue) else { return readInput() }
    return .key(.character(Character(scalar)))
  }

  /// After a resize: the cell size from `TIOCGWINSZ`, or else asks the
  /// terminal (`CSI 16 t`; inside tmux through passthrough) and takes the
  /// answer when it comes (`readInput`).
  private func rereadCellPixelSize() {
    guard graphics.graphicsProtocol != .none else { return }
    if let size = GraphicsDetection.windowCellSize(fd: device.output) {
      cellPixelSize = size
      return
    }
    let ask = Array("\u{1B}[16t".utf8)
    let bytes = graphics.inTmux ? TmuxPassthrough.wrap(ask) : ask
    _ = bytes.withUnsafeBufferPointer { gallery_write_all(device.output, $0.baseAddress, $0.count) }
  }

  private func mouseEvent() -> TerminalEvent? {
    var event = MEVENT()
    guard getmouse(&event) == gallery_ok() else { return readInput() }
    var kind: MouseEvent.Kind
    switch gallery_mouse_kind(event.bstate) {
    case 1: kind = .click
    case 2: kind = .doubleClick
    case 3: kind = .wheelUp
    case 4: kind = .wheelDown
    case 5: kind = .pressed
    case 6: kind = .released
    case 7: kind = isDragging ? .dragged : .moved
    default: kind = .moved
    }
    // A press held past the click interval and let go without moving is still a click.
    if kind == .dragged { dragMoved = true }
    if kind == .pressed { dragMoved = false }
    if kind == .released && !dragMoved { kind = .click }
    // The pointer's moves are asked for only while the button is held (DECSET 1002): a
    // shell left with them on (a crash, Ctrl-Z mid-drag) would read every move as text.
    switch kind {
    case .pressed: setDragReports(true)
    case .released, .click, .doubleClick: setDragReports(false)
    default: break
    }
    return .mouse(MouseEvent(kind, x: Int(event.x), y: Int(event.y)))
  }

  static func specialKey(_ code: Int32) -> Key? {
    switch code {
    case gallery_key_up(): return .up
    case gallery_key_down(): return .down
    case gallery_key_left(): return .left
    case gallery_key_right(): return .right
    case gallery_key_ppage(): return .pageUp
    case gallery_key_npage(): return .pageDown
    case gallery_key_home(): return .home
    case gallery_key_end(): return .end
    case gallery_key_ic(): return .insert
    case gallery_key_dc(): return .delete
    case gallery_key_btab(): return .backTab
    case gallery_key_enter(): return .enter
    case gallery_key_backspace(): return .backspace
    case (gallery_key_f0() + 1)...(gallery_key_f0() + 63):
      return .function(Int(code - gallery_key_f0()))
    default: return nil
    }
  }
}
