import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a kitty on this machine answers the gallery's probe, and what it does with the
/// pictures sent by temporary file, for a pseudo-terminal nobody reads: so a benchmark
/// measures the gallery as a local kitty runs it (pictures by file, the link fast, the
/// cell's size known) rather than a terminal that answers nothing.
///
/// It answers the background and foreground colours (`OSC 11`, `OSC 10`), kitty's graphics
/// queries (`a=q`; the one by file after reading and removing the file, as kitty does),
/// XTVERSION, the cell's size (`CSI 16 t`) and the device attributes (`CSI c`), and removes
/// each picture's temporary file (`t=t`) as kitty does once it has read it.
struct KittyResponder {
  /// A cell's size in pixels, as the answer to `CSI 16 t` gives it.
  var cellWidth = 10
  var cellHeight = 20
  private var pending: [UInt8] = []

  init(cellWidth: Int = 10, cellHeight: Int = 20) {
    self.cellWidth = cellWidth
    self.cellHeight = cellHeight
  }

  /// Takes what the program wrote; returns the answers to write back, in order.
  mutating func read(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
    pending += bytes
    var answers: [UInt8] = []
    var index = 0
    while let escape = pending[index...].firstIndex(of: 0x1B) {
      guard escape + 1 < pending.count else {
        index = escape
        break
      }
      let kind = pending[escape + 1]
      // ESC _ (APC) and ESC ] (OSC) end at ESC \ (or BEL for OSC); CSI at a final byte.
      if kind == UInt8(ascii: "_") || kind == UInt8(ascii: "]") {
        guard let end = terminator(from: escape + 2) else {
          index = escape
          break
        }
        answers += answer(string: Array(pending[(escape + 2)..<end.start]), kind: kind)
        index = end.next
      } else if kind == UInt8(ascii: "[") {
        guard
          let final = pending[(escape + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) })
        else {
          index = escape
          break
        }
        answers += answer(control: Array(pending[(escape + 2)...final]))
        index = final + 1
      } else {
        index = escape + 1
      }
    }
    if index >= pending.count || pending[index...].firstIndex(of: 0x1B) == nil {
      pending.removeAll(keepingCapacity: true)
    } else {
      pending.removeFirst(index)
    }
    return answers
  }

  /// Where a string started at `start` ends: its terminator's first byte and the byte after.
  private func terminator(from start: Int) -> (start: Int, next: Int)? {
    var at = start
    while at < pending.count {
      if pending[at] == 0x07 { return (at, at + 1) }
      if pending[at] == 0x1B, at + 1 < pending.count, pending[at + 1] == UInt8(ascii: "\\") {
        return (at, at + 2)
      }
      at += 1
    }
    return nil
  }

  private func answer(string: [UInt8], kind: UInt8) -> [UInt8] {
    let text = String(decoding: string, as: UTF8.self)
    if kind == UInt8(ascii: "]") {
      if text == "11;?" { return Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\".utf8) }
      if text == "10;?" { return Array("\u{1B}]10;rgb:ffff/ffff/ffff\u{1B}\\".utf8) }
      return []
    }
    guard text.hasPrefix("G") else { return [] }
    let parts = text.dropFirst().split(separator: ";", maxSplits: 1)
    let keys =
      parts.first.map {
        Dictionary(
          $0.split(separator: ",").compactMap { pair -> (String, String)? in
            let field = pair.split(separator: "=", maxSplits: 1)
            return field.count == 2 ? (String(field[0]), String(field[1])) : nil
          }, uniquingKeysWith: { $1 })
      } ?? [:]
    // A picture or a query by temporary file: read (here, only checked) and removed.
    var fileRead = true
    if keys["t"] == "t", parts.count == 2,
      let data = Data(base64Encoded: String(parts[1])),
      let path = String(data: data, encoding: .utf8)
    {
      fileRead = access(path, R_OK) == 0 && unlink(path) == 0
    }
    guard keys["a"] == "q", let id = keys["i"] else { return [] }
    return Array("\u{1B}_Gi=\(id);\(fileRead ? "OK" : "ENOENT:no file")\u{1B}\\".utf8)
  }

  private func answer(control: [UInt8]) -> [UInt8] {
    switch String(decoding: control, as: UTF8.self) {
    case "16t": return Array("\u{1B}[6;\(cellHeight);\(cellWidth)t".utf8)
    case "c": return Array("\u{1B}[?62;22c".utf8)
    case ">0q": return Array("\u{1B}P>|kitty(0.26.5)\u{1B}\\".utf8)
    default: return []
    }
  }
}
