// curses-demo: a screen of boxes, colours and wide characters with a status line
// showing the last event and the size. Keys: q quits, Ctrl-L redraws.
// Usage: curses-demo [--color auto|always|never] [--draw automatic|escapes|curses]
//   [--wake-every-ms N] [--pictures [--graphics auto|kitty|sixel|iterm2|cells]
//   [--graphics-timeout-ms N] [--report FILE]] [--diagnose]
// `--wake-every-ms` wakes the loop from another thread, as thumbnail workers do.
// `--pictures` shows pictures in pixels (PictureDemo.swift); `--diagnose` asks
// the terminal what it can draw, prints why, and exits.
import Curses
import Foundation
import TerminalKit

@MainActor
func demoFrame(width: Int, height: Int, terminal: CursesTerminal, lastEvent: String, count: Int)
  -> Frame
{
  var frame = Frame(width: width, height: height)
  let border: BorderSet = TerminalLocale.isUTF8() ? .rounded : .ascii
  frame.put(
    "curses demo — \(terminal.terminalName) \(terminal.colorMode.rawValue) "
      + terminal.drawingMethod.rawValue, x: 1, y: 0,
    style: Style(attributes: .bold))
  // Boxes that reflow: as many 20-column boxes per row as fit.
  let boxWidth = 20
  let boxHeight = 5
  let columns = max(1, (width - 1) / (boxWidth + 1))
  let palette: [Color] = [
    .red, .green, .yellow, .blue, .magenta, .cyan, .rgb(255, 128, 0), .indexed(201),
  ]
  let labels = ["Office", "Kitchen", "MacBook", "写真", "Café", "Ñandú", "😀 emoji", "Ａ全角"]
  for index in 0..<labels.count {
    let x = 1 + (index % columns) * (boxWidth + 1)
    let y = 2 + (index / columns) * (boxHeight + 1)
    let color = palette[index % palette.count]
    frame.drawBox(
      x: x, y: y, width: boxWidth, height: boxHeight, style: Style(foreground: color),
      border: border)
    frame.put(
      labels[index], x: x + 2, y: y + 1, style: Style(foreground: color), maxWidth: boxWidth - 4)
    frame.fill(
      x: x + 2, y: y + 2, width: boxWidth - 4, height: 2,
      with: Cell(" ", style: Style(background: color)))
  }
  frame.put("columns: \(columns)", x: 1, y: height - 2)
  let status = " \(width)x\(height) | event #\(count): \(lastEvent) | q quits "
  frame.fill(
    x: 0, y: height - 1, width: width, height: 1,
    with: Cell(" ", style: Style(attributes: .reverse)))
  frame.put(status, x: 0, y: height - 1, style: Style(attributes: .reverse))
  return frame
}

@MainActor
func runDemo() -> Int32 {
  var options = CursesTerminal.Options()
  let arguments = Array(CommandLine.arguments.dropFirst())
  if let index = arguments.firstIndex(of: "--color"), index + 1 < arguments.count,
    let choice = ColorChoice(rawValue: arguments[index + 1])
  {
    options.color = choice
  }
  if let index = arguments.firstIndex(of: "--draw"), index + 1 < arguments.count,
    let method = DrawingMethod(rawValue: arguments[index + 1])
  {
    options.drawing = method
  }
  if arguments.contains("--diagnose") {
    // The terminal itself, so the report can go to a file or a pipe.
    let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
    guard tty >= 0 else {
      FileHandle.standardError.write(Data("curses-demo: no terminal to ask (/dev/tty)\n".utf8))
      return 1
    }
    defer { close(tty) }
    let outcome = GraphicsDetection.detect(input: tty, output: tty)
    print(outcome.capabilities.explanation)
    return 0
  }
  if arguments.contains("--pictures") {
    options.graphics = .auto
    if let index = arguments.firstIndex(of: "--graphics"), index + 1 < arguments.count,
      let choice = GraphicsChoice(rawValue: arguments[index + 1])
    {
      options.graphics = choice
    }
    if let index = arguments.firstIndex(of: "--graphics-timeout-ms"), index + 1 < arguments.count,
      let milliseconds = Int(arguments[index + 1])
    {
      options.graphicsTimeout = .milliseconds(milliseconds)
    }
    let report = arguments.firstIndex(of: "--report").flatMap {
      $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
    }
    do {
      return try CursesTerminal.run(options: options) { terminal in
        var demo = PictureDemo(terminal: terminal, report: report)
        return demo.run()
      }
    } catch {
      FileHandle.standardError.write(Data("curses-demo: \(error)\n".utf8))
      return error is TerminalError ? 2 : 1
    }
  }
  do {
    return try CursesTerminal.run(options: options) { terminal in
      var ticker: (any DispatchSourceTimer)?
      defer { ticker?.cancel() }
      if let index = arguments.firstIndex(of: "--wake-every-ms"), index + 1 < arguments.count,
        let milliseconds = Int(arguments[index + 1]), milliseconds > 0
      {
        let waker = terminal.waker
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now(), repeating: .milliseconds(milliseconds))
        timer.setEventHandler { waker.wake() }
        timer.resume()
        ticker = timer
      }
      var lastEvent = "none"
      var count = 0
      while true {
        terminal.draw(
          demoFrame(
            width: terminal.width, height: terminal.height, terminal: terminal,
            lastEvent: lastEvent, count: count))
        let event = terminal.nextEvent(timeout: .seconds(5))
        switch event {
        case .timeout: continue
        case .terminate(let signal): terminal.exit(bySignal: signal)
        case .key(.character("q")): return 0
        case .key(.control("l")): terminal.invalidate()
        default: break
        }
        count += 1
        lastEvent = TextSanitizer.sanitize(event.description)
      }
    }
  } catch {
    FileHandle.standardError.write(Data("curses-demo: \(error)\n".utf8))
    return error is TerminalError ? 2 : 1
  }
}

exit(MainActor.assumeIsolated { runDemo() })
