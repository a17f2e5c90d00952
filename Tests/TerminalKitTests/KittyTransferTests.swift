import TestSupport
import Testing

@testable import TerminalKit

/// kitty images by temporary file: the probe's question, the transmissions that name
/// files, and the fall back to direct data when kitty could not read one.
@Suite struct KittyTransferTests {
  static func image(_ id: UInt32) -> TerminalImage {
    let pixels = KittyPixels(
      format: .rgb, compressed: false, data: [UInt8](repeating: 7, count: 60 * 40 * 3))
    return TerminalImage(
      id: id, format: .kitty, columns: 6, rows: 2, pixelWidth: 60, pixelHeight: 40,
      payload: KittyGraphics.transmission(
        id: id, width: 60, height: 40, format: .rgb, data: pixels.data, compressed: false),
      kittyPixels: pixels)
  }

  @Test func theProbeAsksByFileAndReadsTheAnswer() {
    var probe = GraphicsProbe(
      environment: ["TERM": "xterm-kitty"], kittyFileQuery: "/dev/shm/tty-graphics-protocol-x")
    let query = String(decoding: probe.query, as: UTF8.self)
    let path = String(
      decoding: Base64.encode(Array("/dev/shm/tty-graphics-protocol-x".utf8)), as: UTF8.self)
    #expect(query.contains("\u{1B}_Gi=32,s=1,v=1,a=q,t=t,f=32;\(path)\u{1B}\\"))
    probe.receive(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}[?62;c".utf8))
    let local = probe.finish()
    #expect(local.kittyReadsFiles)
    #expect(local.reasons.contains { $0.contains("temporary files (t=t)") })

    var remote = GraphicsProbe(environment: [:], kittyFileQuery: "/tmp/tty-graphics-protocol-y")
    remote.receive(
      Array(
        ("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;EBADF:Failed to open file for graphics"
          + " transmission with error: [2] No such file or directory\u{1B}\\\u{1B}[?62;c").utf8))
    let far = remote.finish()
    #expect(far.graphicsProtocol == .kitty(unicodePlaceholders: false))
    #expect(!far.kittyReadsFiles)
    #expect(far.reasons.contains { $0.contains("did not read") && $0.contains("EBADF") })
  }

  @Test func picturesGoByFileUntilOneFails() throws {
    var writer = ANSIWriter(mode: .truecolor)
    writer.images.kittyTransfer = .temporaryFile(prefix: "/dev/shm/tty-graphics-protocol-t-")
    var first = Frame(width: 20, height: 6)
    first.place(Self.image(3), x: 1, y: 1)
    first.place(Self.image(4), x: 10, y: 1)
    let bytes = String(
      decoding: writer.update(from: nil, to: first, scrolling: true), as: UTF8.self)
    let files = writer.takeFiles()
    #expect(
      files.map(\.path) == [
        "/dev/shm/tty-graphics-protocol-t-0", "/dev/shm/tty-graphics-protocol-t-1",
      ])
    #expect(files.allSatisfy { $0.bytes == Self.image(9).kittyPixels?.data })
    #expect(bytes.contains("a=t,q=1,i=3,f=24,s=60,v=40,t=t;"))
    #expect(!bytes.contains("t=d"), "no pixels in the bytes")
    #expect(bytes.utf8.count < 600)
    #expect(writer.takeFiles().isEmpty, "taken once")

    // kitty answered that it could not read image 4's file: it goes again, directly, and
    // so does every image after.
    writer.images.transferFailed(imageID: 4)
    var second = first
    second.place(Self.image(5), x: 1, y: 4)
    let again = String(
      decoding: writer.update(from: first, to: second, scrolling: true), as: UTF8.self)
    #expect(again.contains("a=t,q=2,i=4,f=24,s=60,v=40,t=d"))
    #expect(again.contains("a=t,q=2,i=5,f=24,s=60,v=40,t=d"))
    #expect(!again.contains("i=3,"), "image 3 stays as it was")
    #expect(writer.takeFiles().isEmpty)
  }
}

/// A slow link sends kitty's pictures as PNG: measured from the probe's round trip unless
/// set.
@Suite struct LinkChoiceTests {
  static func capabilities(ms: Double?, inTime: Bool, readsFiles: Bool = false)
    -> GraphicsCapabilities
  {
    var result = GraphicsCapabilities(graphicsProtocol: .kitty(unicodePlaceholders: false))
    result.detectionMilliseconds = ms
    result.answeredInTime = inTime
    result.kittyReadsFiles = readsFiles
    return result
  }

  @Test func measuredOrSet() {
    #expect(LinkChoice.auto.isSlow(Self.capabilities(ms: 120, inTime: true)).slow)
    #expect(!LinkChoice.auto.isSlow(Self.capabilities(ms: 6, inTime: true)).slow)
    #expect(
      !LinkChoice.auto.isSlow(Self.capabilities(ms: 120, inTime: true, readsFiles: true)).slow,
      "kitty on this machine")
    #expect(LinkChoice.auto.isSlow(Self.capabilities(ms: 150, inTime: false)).slow)
    #expect(LinkChoice.slow.isSlow(Self.capabilities(ms: 1, inTime: true)).slow)
    #expect(!LinkChoice.fast.isSlow(Self.capabilities(ms: 500, inTime: true)).slow)
    #expect(
      LinkChoice.auto.isSlow(Self.capabilities(ms: 120, inTime: true)).reason
        == "link slow: the terminal answered in 120 ms; kitty pictures go as PNG")
  }
}
