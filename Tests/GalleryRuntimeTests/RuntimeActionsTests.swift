import Foundation
import SystemSupport
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime
@testable import TerminalKit

/// The runtime carrying out what the actions ask: ticks from its own timer, the opener
/// with the terminal handed over, the clipboard through the terminal.
@MainActor
@Suite struct RuntimeActionsTests {
  typealias Rig = RuntimeTests.Rig

  /// An opener that records what it was given and whether the terminal was handed over
  /// at that moment.
  final class RecordingOpener: PictureOpener {
    let needsTerminal: Bool
    let outcome: OpenOutcome
    private let calls = Locked<[[String]]>([])
    init(needsTerminal: Bool = true, outcome: OpenOutcome? = nil) {
      self.needsTerminal = needsTerminal
      self.outcome = outcome ?? .opened(count: 1, program: "viewer")
    }
    var opened: [[String]] { calls.withLock { $0 } }
    func open(_ paths: [String], terminal: Int32?) -> OpenOutcome {
      calls.withLock { $0.append(paths) }
      return outcome
    }
  }

  @Test func aSlideshowTicksFromTheRuntimesTimerAndStopsWithAKey() throws {
    let rig = try Rig(configuration: .init(slideshowInterval: 1))
    rig.terminal.type(.key(.enter), .key(.character("p")))
    // Read before the step that handles "p", which arms the timer and then draws (slowly
    // under a sanitizer): the clock starts before the interval does, never after.
    let start = ContinuousClock.now
    rig.step()
    #expect(rig.runtime.state.detail.slideshow != nil)
    try rig.step { rig.runtime.state.focus?.item == 1 }
    let waited = start.duration(to: .now)
    #expect(waited >= .seconds(1), "the tick came after the interval: \(waited)")
    #expect(rig.terminal.screenText.contains("▶ 1 s"))
    try rig.step { rig.runtime.state.focus?.item == 2 }
    rig.terminal.type(.key(.character("x")))
    rig.step()
    #expect(rig.runtime.state.detail.slideshow == nil)
    // Stopped: no tick comes any more, and nothing is drawn.
    let drawn = rig.terminal.drawn.count
    let idle = ContinuousClock.now + .milliseconds(1500)
    while ContinuousClock.now < idle { rig.step(timeout: .milliseconds(100)) }
    #expect(rig.runtime.state.focus?.item == 2)
    #expect(rig.terminal.drawn.count == drawn)
  }

  @Test func openHandsTheTerminalOverAndTakesItBack() throws {
    let opener = RecordingOpener()
    let rig = try Rig(opener: opener)
    rig.terminal.type(.key(.character("m")), .key(.right), .key(.character("m")))
    rig.terminal.type(.key(.character("o")))
    rig.step()
    let state = rig.runtime.state
    #expect(opener.opened == [state.markedPaths])
    #expect(opener.opened.first?.count == 2)
    #expect(rig.terminal.handovers == ["suspend", "resume"])
    #expect(rig.terminal.screenText.contains("opened 1 picture with viewer"))
    // Taken back: the frame after it is written whole.
    let last = try #require(rig.terminal.drawn.last)
    #expect(last.bytes > 80 * 20)
  }

  /// The second return from the same program leaves the same frame as the first (the same
  /// status line); the screen it comes back to is blank all the same, so it is drawn.
  @Test func everyReturnFromTheOpenerIsDrawnWhole() throws {
    let opener = RecordingOpener()
    let rig = try Rig(opener: opener)
    for round in 1...3 {
      let drawn = rig.terminal.drawn.count
      rig.terminal.type(.key(.character("o")))
      rig.step()
      #expect(opener.opened.count == round)
      #expect(rig.terminal.drawn.count == drawn + 1, "return \(round): a frame drawn")
      let last = try #require(rig.terminal.drawn.last)
      #expect(last.bytes > 80 * 20, "return \(round): the frame written whole")
    }
    #expect(rig.terminal.handovers.count == 6)
  }

  @Test func aDetachedOpenerKeepsTheTerminalAndAFailureIsAMessage() throws {
    let opener = RecordingOpener(
      needsTerminal: false, outcome: .failed("cannot open: viewer not found"))
    let rig = try Rig(opener: opener)
    rig.terminal.type(.key(.character("o")))
    rig.step()
    #expect(opener.opened.count == 1)
    #expect(rig.terminal.handovers.isEmpty)
    #expect(rig.terminal.screenText.contains("⚠ cannot open: viewer not found"))
  }

  @Test func copySendsOSC52AndThroughTmuxToo() throws {
    let rig = try Rig(insideTmux: true)
    rig.terminal.type(.key(.character("y")))
    rig.step()
    let path = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    let expected = ControlString.clipboard(path)
    #expect(rig.terminal.sent == [expected, expected.passingThroughTmux])
    #expect(rig.terminal.screenText.contains("path copied to the clipboard"))
    let plain = try Rig()
    plain.terminal.type(.key(.character("y")))
    plain.step()
    #expect(plain.terminal.sent.count == 1, "outside tmux only the plain OSC 52")
  }

  /// The clipboard gets a path's real bytes: a folder named in Latin-1 (`a\xFC`, first
  /// in natural order) pastes as itself.
  @Test func copySendsThePathsRealBytes() throws {
    let rig = try Rig(firstFolder: FolderFixture.name([0x61, 0xFC]))
    rig.terminal.type(.key(.character("y")))
    rig.step()
    let path = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    let bytes = Array(rig.files.path("Shots/a").utf8) + [0xFC] + Array("/shot-1.jpg".utf8)
    #expect(PathBytes.fileSystemBytes(path) == bytes)
    #expect(rig.terminal.sent == [ControlString.clipboard(bytes: bytes)])
    #expect(rig.terminal.sent.first?.bytes.contains(0xFC) == false, "base64: ASCII only")
  }
}

/// The real opener: a shell command run on the paths, waited for or detached.
@Suite struct ProcessOpenerTests {
  /// A script that writes its arguments, one a line, to `record`.
  static func recorder(in files: FolderFixture, record: String) -> String {
    Executable.write(
      "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record)'\n", to: files.path("opener.sh"))
  }

  @Test func aWaitedOpenerGetsEveryPathAsArguments() async throws {
    let files = FolderFixture()
    let record = files.path("args.txt")
    let script = Self.recorder(in: files, record: record)
    let opener = ProcessOpener(environment: ["GALLERY_OPENER": script])
    #expect(opener.mode == .wait && opener.needsTerminal)
    // `open` waits for the program: on a thread of its own, not one of the cooperative pool.
    let outcome = await Waiting.onOwnThread {
      opener.open(["/p/a b.jpg", "/p/c.jpg"], terminal: nil)
    }
    #expect(outcome == .opened(count: 2, program: "opener.sh"))
    #expect(try String(contentsOfFile: record, encoding: .utf8) == "/p/a b.jpg\n/p/c.jpg\n")
  }

  @Test func xdgOpenIsTheDefaultOncePerFileDetachedInAGraphicalSession() {
    let plain = ProcessOpener(environment: [:])
    #expect(plain.command == "xdg-open" && plain.takesOneFile && plain.mode == .wait)
    let graphical = ProcessOpener(environment: ["DISPLAY": ":0"])
    #expect(graphical.mode == .detach && !graphical.needsTerminal)
    let custom = ProcessOpener(environment: ["DISPLAY": ":0", "GALLERY_OPENER": "feh -F"])
    #expect(custom.mode == .wait && !custom.takesOneFile && custom.programName == "feh")
    let configured = ProcessOpener(environment: [:], configured: "timg", mode: .detach)
    #expect(configured.command == "timg" && configured.mode == .detach)
  }

  @Test func aMissingOrFailingProgramIsAFailureNotACrash() async {
    // Each `open` waits for its shell, on a thread of its own.
    let missing = ProcessOpener(command: "no-such-opener-here", mode: .wait)
    #expect(
      await Waiting.onOwnThread { missing.open(["/p/a.jpg"], terminal: nil) }
        == .failed("cannot open: no-such-opener-here not found (set GALLERY_OPENER)"))
    let detached = ProcessOpener(command: "no-such-opener-here", mode: .detach)
    #expect(
      await Waiting.onOwnThread { detached.open(["/p/a.jpg"], terminal: nil) }
        == .failed("cannot open: no-such-opener-here not found (set GALLERY_OPENER)"))
    let failing = ProcessOpener(command: "false", mode: .wait)
    #expect(
      await Waiting.onOwnThread { failing.open(["/p/a.jpg"], terminal: nil) }
        == .failed("false failed (exit status 1)"))
  }

  @Test func aDetachedOpenerIsStartedNotWaitedFor() async throws {
    let files = FolderFixture()
    let record = files.path("args.txt")
    let script = Self.recorder(in: files, record: record)
    let opener = ProcessOpener(command: script, mode: .detach)
    // `open` still waits for the shell that starts the program, on a thread of its own.
    #expect(
      await Waiting.onOwnThread { opener.open(["/p/a.jpg"], terminal: nil) }
        == .opened(count: 1, program: "opener.sh"))
    let ran = await Waiting.until(timeout: .seconds(10), interval: .milliseconds(20)) {
      (try? String(contentsOfFile: record, encoding: .utf8)) == "/p/a.jpg\n"
    }
    try #require(ran, "the detached program ran")
  }
}
