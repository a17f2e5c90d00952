import TestSupport
import Testing

@testable import TerminalKit

/// Pictures in frames, written by `ANSIWriter` and read back by `ScreenModel`:
/// after any sequence of frames the screen shows what a full repaint shows.
@Suite struct ImageWriterTests {
  /// A test image the model can read back (`ScreenModel.testImage`).
  static func image(_ id: UInt32, _ format: TerminalImage.Format, columns: Int, rows: Int)
    -> TerminalImage
  {
    ScreenModel.testImage(id, format, columns: columns, rows: rows)
  }

  /// What a person should see for `frame`: the oracle, written from the rules
  /// in `ImageWriter`'s documentation, not from its code.
  static func expected(_ frame: Frame) -> [SeenCell] {
    var seen = frame.cells.map { cell in
      cell.isImageMarker ? SeenCell.text(Cell(" ")) : .text(cell)
    }
    for placement in frame.images {
      let image = placement.image
      let owned = { (x: Int, y: Int) -> Bool in
        frame.contains(x: x, y: y)
          && frame[x, y] == Cell.imageMarker(imageID: image.id, row: y - placement.y)
      }
      let xs = placement.x..<(placement.x + image.columns)
      let ys = placement.y..<(placement.y + image.rows)
      var shown: [(Int, Int)] = []
      switch image.format {
      case .kittyPlaceholder: continue
      case .sixel, .iterm2:
        guard xs.allSatisfy({ $0 >= 0 && $0 < frame.width }),
          ys.allSatisfy({ $0 >= 0 && $0 < frame.height }),
          !ys.contains(where: { y in xs.contains { frame[$0, y].isImageMarker && !owned($0, y) } })
        else { continue }
        for y in ys { for x in xs where owned(x, y) { shown.append((x, y)) } }
      case .kitty:
        // The smallest rectangle holding every owned cell must be all owned.
        let cells = ys.flatMap { y in xs.filter { owned($0, y) }.map { ($0, y) } }
        guard let minX = cells.map(\.0).min(), let maxX = cells.map(\.0).max(),
          let minY = cells.map(\.1).min(), let maxY = cells.map(\.1).max(),
          cells.count == (maxX - minX + 1) * (maxY - minY + 1)
        else { continue }
        shown = cells
      }
      for (x, y) in shown {
        seen[y * frame.width + x] = .picture(
          ImagePixel(id: image.id, row: y - placement.y, column: x - placement.x))
      }
    }
    return seen
  }

  /// A page of text with pictures, seen through a window at `offset`, with a
  /// header, a status line and maybe an overlay box.
  struct Scene {
    var format: TerminalImage.Format
    var offset = 0
    var overlay: (x: Int, y: Int, width: Int, height: Int)?
    var pictures: [(image: TerminalImage, x: Int, y: Int)] = []
    var width = 30
    var height = 14

    func frame() -> Frame {
      var frame = Frame(width: width, height: height)
      for y in 1..<(height - 1) {
        let line = y + offset
        if line % 3 == 0 { frame.put("line \(line) text", x: 1, y: y) }
      }
      for picture in pictures { frame.place(picture.image, x: picture.x, y: picture.y - offset) }
      frame.fill(
        x: 0, y: 0, width: width, height: 1, with: Cell(" ", style: Style(background: .blue)))
      frame.put("header", x: 1, y: 0, style: Style(background: .blue))
      frame.put("status \(offset)", x: 0, y: height - 1, style: Style(attributes: .reverse))
      if let overlay {
        frame.fill(
          x: overlay.x, y: overlay.y, width: overlay.width, height: overlay.height,
          with: Cell(" ", style: Style(background: .indexed(236))))
        frame.put("help", x: overlay.x + 1, y: overlay.y, style: Style(background: .indexed(236)))
      }
      return frame
    }
  }

  /// Writes `frames` one after another (nil: a full repaint, as after Ctrl-L)
  /// and checks the screen after each.
  static func check(
    _ frames: [Frame?], mode: ColorMode = .truecolor, passthrough: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [Int] {
    var writer = ANSIWriter(mode: mode, images: ImageWriter(tmuxPassthrough: passthrough))
    var model = ScreenModel(width: 30, height: 14)
    var previous: Frame?
    var sizes: [Int] = []
    for (step, frame) in frames.enumerated() {
      guard let frame else {
        previous = nil
        continue
      }
      let bytes = writer.update(from: previous, to: frame, scrolling: true)
      sizes.append(bytes.count)
      model.apply(bytes)
      #expect(
        model.errors.isEmpty, "step \(step): \(model.errors.prefix(3))",
        sourceLocation: sourceLocation)
      let want = expected(frame)
      let got = model.seen
      if let index = want.indices.first(where: { want[$0] != got[$0] }) {
        Issue.record(
          "step \(step): (\(index % frame.width), \(index / frame.width)) shows \(got[index]), should show \(want[index])",
          sourceLocation: sourceLocation)
        break
      }
      previous = frame
      model.errors = []
    }
    return sizes
  }

  @Test(arguments: [TerminalImage.Format.sixel, .iterm2, .kitty, .kittyPlaceholder])
  func scrollingMovingAndOverlays(format: TerminalImage.Format) {
    var scene = Scene(format: format)
    let a = Self.image(7, format, columns: 6, rows: 3)
    let b = Self.image(300, format, columns: 8, rows: 4)
    let c = Self.image(9, format, columns: 5, rows: 2)
    scene.pictures = [(a, 2, 2), (b, 12, 4), (c, 22, 9), (a, 2, 12), (c, 27, 15)]
    var frames: [Frame?] = [scene.frame()]
    for offset in [1, 2, 5, 4, 0, 3, 9] {
      scene.offset = offset
      frames.append(scene.frame())
    }
    scene.overlay = (8, 3, 14, 6)
    frames.append(scene.frame())
    scene.offset = 1
    frames.append(scene.frame())
    scene.overlay = nil
    frames.append(scene.frame())
    scene.pictures[1].x = 14
    frames.append(scene.frame())
    frames.append(nil)
    frames.append(scene.frame())
    scene.pictures.removeFirst()
    frames.append(scene.frame())
    _ = Self.check(frames, passthrough: format == .kittyPlaceholder)
  }

  @Test(arguments: [TerminalImage.Format.sixel, .iterm2, .kitty, .kittyPlaceholder])
  func randomSequences(format: TerminalImage.Format) async {
    var generator = SplitMix64(seed: 77)
    let pool = (0..<5).map { index in
      Self.image(
        UInt32(index * 70 + 3), format, columns: 3 + index % 4, rows: 2 + index % 3)
    }
    for _ in 0..<40 {
      // Seconds of work under a sanitizer: between rounds the pool's other tests get a turn.
      await Task.yield()
      var scene = Scene(format: format)
      for _ in 0..<Int(generator.next() % 5) {
        scene.pictures.append(
          (
            pool[Int(generator.next() % 5)], Int(generator.next() % 32) - 2,
            Int(generator.next() % 24) - 2
          ))
      }
      var frames: [Frame?] = [scene.frame()]
      for _ in 0..<12 {
        switch generator.next() % 6 {
        case 0, 1: scene.offset += Int(generator.next() % 7) - 3
        case 2:
          scene.overlay =
            scene.overlay == nil
            ? (
              Int(generator.next() % 20), Int(generator.next() % 10),
              3 + Int(generator.next() % 10),
              1 + Int(generator.next() % 5)
            ) : nil
        case 3 where !scene.pictures.isEmpty:
          let index = Int(generator.next() % UInt64(scene.pictures.count))
          scene.pictures[index].x += Int(generator.next() % 5) - 2
        case 4: frames.append(nil)
        default:
          scene.pictures.append(
            (
              pool[Int(generator.next() % 5)], Int(generator.next() % 28),
              scene.offset + Int(generator.next() % 12)
            ))
        }
        frames.append(scene.frame())
      }
      _ = Self.check(frames)
    }
  }

  @Test func aPictureThatStaysCostsNothingAndKittyNeverSendsTwice() {
    let image = Self.image(5, .kitty, columns: 6, rows: 3)
    var scene = Scene(format: .kitty)
    scene.pictures = [(image, 3, 3)]
    let first = scene.frame()
    scene.offset = 0
    var writer = ANSIWriter(mode: .truecolor)
    let initial = writer.update(from: nil, to: first, scrolling: true)
    #expect(String(decoding: initial, as: UTF8.self).contains("a=t,"))
    #expect(writer.update(from: first, to: first, scrolling: true).isEmpty)
    scene.pictures[0].x = 4
    let moved = scene.frame()
    let bytes = String(
      decoding: writer.update(from: first, to: moved, scrolling: true), as: UTF8.self)
    #expect(!bytes.contains("a=t,"), "moved, not sent again")
    #expect(bytes.contains("a=d,q=2,d=i,i=5"))
    #expect(bytes.contains("a=p,q=2,C=1,i=5"))
    #expect(bytes.utf8.count < 200)
  }

  /// Konsole keeps a sixel under text written over it: a picture that goes is deleted by
  /// kitty's command for the pictures on its top-left cell, where it was before the scroll.
  @Test(arguments: [TerminalImage.Format.sixel, .iterm2])
  func aGonePictureIsDeletedWhereTextDoesNotEraseIt(format: TerminalImage.Format) {
    var scene = Scene(format: format)
    scene.pictures = [(Self.image(5, format, columns: 6, rows: 3), 3, 4)]
    let first = scene.frame()
    var konsole = ANSIWriter(mode: .truecolor)
    konsole.images.deletesCellPictures = true
    var xterm = ANSIWriter(mode: .truecolor)
    _ = konsole.update(from: nil, to: first, scrolling: true)
    _ = xterm.update(from: nil, to: first, scrolling: true)
    scene.pictures = []
    let gone = scene.frame()
    let bytes = String(
      decoding: konsole.update(from: first, to: gone, scrolling: true), as: UTF8.self)
    #expect(bytes.contains("\u{1B}_Ga=d,d=p,x=3,y=4,q=2\u{1B}\\"))
    #expect(
      !String(decoding: xterm.update(from: first, to: gone, scrolling: true), as: UTF8.self)
        .contains("a=d"))
    // Moved up two lines (never by a scroll): deleted where it was, drawn where it goes.
    var moving = ANSIWriter(mode: .truecolor)
    moving.images.deletesCellPictures = true
    scene.pictures = [(Self.image(6, format, columns: 6, rows: 3), 3, 4)]
    let before = scene.frame()
    _ = moving.update(from: nil, to: before, scrolling: true)
    scene.offset = 2
    let moved = scene.frame()
    let scrolled = String(
      decoding: moving.update(from: before, to: moved, scrolling: true), as: UTF8.self)
    #expect(scrolled.contains("a=d,d=p,x=3,y=4,q=2"), "deleted where it was")
    scene.pictures = []
    let after = String(
      decoding: moving.update(from: moved, to: scene.frame(), scrolling: true), as: UTF8.self)
    #expect(after.contains("a=d,d=p,x=3,y=2,q=2"))
  }

  /// A picture replaced in its box by one with a transparent letterbox: the old pixels are
  /// cleared first, or they would show through.
  @Test func aTransparentPictureClearsTheOldOneFirst() throws {
    func replaced(opaque: Bool) throws -> [ImagePixel?] {
      let old = Self.image(5, .sixel, columns: 6, rows: 3)
      let fresh = Self.image(6, .sixel, columns: 6, rows: 3)
      let new = TerminalImage(
        id: 6, format: .sixel, columns: 6, rows: 3, pixelWidth: fresh.pixelWidth,
        pixelHeight: fresh.pixelHeight, payload: fresh.payload, isOpaque: opaque)
      var scene = Scene(format: .sixel)
      scene.pictures = [(old, 3, 4)]
      let first = scene.frame()
      scene.pictures = [(new, 3, 4)]
      var writer = ANSIWriter(mode: .truecolor)
      var model = ScreenModel(width: 30, height: 14)
      model.apply(writer.update(from: nil, to: first, scrolling: true))
      let bytes = writer.update(from: first, to: scene.frame(), scrolling: true)
      // Up to the new picture's DCS: what shows while it is on its way.
      let start = try #require(
        bytes.indices.first { bytes[$0] == 0x1B && $0 + 1 < bytes.count && bytes[$0 + 1] == 0x50 })
      model.apply(Array(bytes[..<start]))
      return (4..<7).flatMap { y in (3..<9).map { model.pixels[y * 30 + $0] } }
    }
    #expect(try replaced(opaque: false).allSatisfy { $0 == nil })
  }

  @Test func sixelIsSentAgainOnlyWhenDisturbed() {
    let image = Self.image(5, .sixel, columns: 6, rows: 3)
    var scene = Scene(format: .sixel)
    scene.pictures = [(image, 3, 3)]
    let base = scene.frame()
    var writer = ANSIWriter(mode: .truecolor)
    _ = writer.update(from: nil, to: base, scrolling: true)
    var other = base
    other.put("elsewhere", x: 15, y: 8)
    let quiet = String(
      decoding: writer.update(from: base, to: other, scrolling: true), as: UTF8.self)
    #expect(!quiet.contains("\u{1B}P"))
    var covered = other
    covered.put("xx", x: 4, y: 4)
    let over = String(
      decoding: writer.update(from: other, to: covered, scrolling: true), as: UTF8.self)
    #expect(!over.contains("\u{1B}P"), "text over a picture is only text")
    let uncovered = String(
      decoding: writer.update(from: covered, to: other, scrolling: true), as: UTF8.self)
    #expect(uncovered.contains("\u{1B}P"), "uncovering needs the picture again")
  }

  /// A Tab that scrolls a grid of sixel pictures, pictures arriving late (a video's poster,
  /// a raw file, an SVG) and a scroll back: no scroll region moves the pictures (xterm
  /// would leave their pixels elsewhere), and each frame shows what a full repaint shows.
  @Test(arguments: [TerminalImage.Format.sixel, .iterm2])
  func cellPixelPicturesAreNeverScrolled(format: TerminalImage.Format) {
    var scene = Scene(format: format)
    let early = (0..<3).map { Self.image(UInt32(10 + $0), format, columns: 8, rows: 3) }
    let late = (0..<3).map { Self.image(UInt32(20 + $0), format, columns: 8, rows: 3) }
    scene.pictures = early.enumerated().map { ($1, 1 + $0 * 9, 2) }
    var frames: [Frame?] = [scene.frame()]
    scene.offset = 6
    frames.append(scene.frame())
    for (index, image) in late.enumerated() {
      scene.pictures.append((image, 1 + index * 9, 9))
      frames.append(scene.frame())
    }
    scene.offset = 2
    frames.append(scene.frame())
    scene.offset = 7
    frames.append(scene.frame())
    _ = Self.check(frames)
    var writer = ANSIWriter(mode: .truecolor)
    var previous: Frame?
    for frame in frames.compactMap({ $0 }) {
      let bytes = String(
        decoding: writer.update(from: previous, to: frame, scrolling: true), as: UTF8.self)
      if previous != nil { #expect(!bytes.contains("\u{1B}[r"), "no scroll region") }
      previous = frame
    }
  }

  /// The bytes as kitty may take them: a piece for each command, kitty drawing the screen
  /// between any two.
  static func commands(_ bytes: [UInt8]) -> [[UInt8]] {
    var pieces: [[UInt8]] = [[]]
    for (index, byte) in bytes.enumerated() {
      if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "_"),
        !pieces[pieces.count - 1].isEmpty
      {
        pieces.append([])
      }
      pieces[pieces.count - 1].append(byte)
    }
    return pieces
  }

  /// A video in kitty: each frame a new image at the same place. Between any two commands
  /// the place shows a picture (the last frame, then the next), never nothing: the last
  /// frame's placement goes after the next one's is placed.
  @Test func aVideosNextFrameIsPlacedBeforeTheLastOneGoes() {
    var writer = ANSIWriter(mode: .truecolor)
    var model = ScreenModel(width: 30, height: 14)
    var scene = Scene(format: .kitty)
    var previous: Frame?
    for id in UInt32(1)...5 {
      scene.pictures = [(Self.image(id, .kitty, columns: 8, rows: 4), 3, 2)]
      let frame = scene.frame()
      for piece in Self.commands(writer.update(from: previous, to: frame, scrolling: true)) {
        model.apply(piece)
        guard previous != nil else { continue }
        let seen = model.seen
        for y in 2..<6 {
          for x in 3..<11 {
            guard case .picture = seen[y * 30 + x] else {
              Issue.record("frame \(id): (\(x), \(y)) shows \(seen[y * 30 + x]) between commands")
              return
            }
          }
        }
      }
      #expect(model.errors.isEmpty, "\(model.errors.prefix(3))")
      #expect(model.seen == Self.expected(frame), "frame \(id)")
      #expect(model.kittyPlacements.count == 1, "the last frame's placement is gone")
      previous = frame
    }
  }

  @Test func kittyStorageStaysWithinItsBudgetAndForgottenImagesAreFreed() {
    var writer = ANSIWriter(
      mode: .truecolor, images: ImageWriter(storageBudget: 3 * 60 * 60 * 4))
    var previous: Frame?
    for id in UInt32(1)...6 {
      var frame = Frame(width: 30, height: 14)
      frame.place(Self.image(id, .kitty, columns: 6, rows: 3), x: 1, y: 1)
      _ = writer.update(from: previous, to: frame, scrolling: false)
      previous = frame
    }
    #expect(writer.images.storedImageIDs.count <= 3)
    #expect(writer.images.storedImageIDs.contains(6))
    writer.images.forget(imageID: 6)
    let frame = Frame(width: 30, height: 14)
    let bytes = String(
      decoding: writer.update(from: previous, to: frame, scrolling: false), as: UTF8.self)
    #expect(bytes.contains("d=I,i=6"))
    #expect(!writer.images.storedImageIDs.contains(6))
  }

  @Test func placeholderCellsRoundTrip() {
    #expect(KittyPlaceholder.maximumCells == 297)
    let cell = KittyPlaceholder.cell(imageID: 300, row: 4, column: 7)
    #expect(cell.flatMap(KittyPlaceholder.decode)?.row == 4)
    #expect(cell.flatMap(KittyPlaceholder.decode)?.column == 7)
    #expect(cell.flatMap(KittyPlaceholder.decode)?.imageID == 300)
    #expect(cell?.character?.displayWidth == 1)
    #expect(KittyPlaceholder.cell(imageID: 1, row: 297, column: 0) == nil)
  }

  @Test func kittyTransmissionChunksAndPassthrough() {
    let data = (0..<10_000).map { UInt8($0 % 251) }
    let bytes = KittyGraphics.transmission(
      id: 42, width: 50, height: 40, format: .rgba, data: data, compressed: true)
    let text = String(decoding: bytes, as: UTF8.self)
    let chunks = text.split(separator: "\u{1B}\\").map(String.init)
    #expect(chunks.count == 4)  // 13,336 base64 bytes
    #expect(chunks[0].hasPrefix("\u{1B}_Ga=t,q=2,i=42,f=32,s=50,v=40,t=d,o=z,m=1;"))
    #expect(chunks.last?.hasPrefix("\u{1B}_Gq=2,m=0;") == true)
    var payload = ""
    for chunk in chunks {
      let body = chunk.split(separator: ";", maxSplits: 1).last ?? ""
      #expect(body.utf8.count <= KittyGraphics.chunkSize)
      payload += body
    }
    #expect(ScreenModel.base64Decode(payload) == data)
    let wrapped = ImageWriter(tmuxPassthrough: true).wrapped(bytes)
    #expect(String(decoding: wrapped, as: UTF8.self).split(separator: "\u{1B}Ptmux;").count == 4)
    var model = ScreenModel(width: 10, height: 5)
    model.apply(wrapped)
    #expect(model.errors.isEmpty)
    #expect(model.kittyStored == [42])
  }
}
