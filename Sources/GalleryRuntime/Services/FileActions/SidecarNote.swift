import FoundationEssentials
import Gallery
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// What a move of a picture with sidecars leaves in the folder the gallery shows until
/// its sidecars have followed it: `.NAME.gallery-sidecars-PID-N` (`PartialFile`), naming
/// each of the picture's files by its old and new path.
///
/// The picture moves first, then its sidecars (`PictureSidecars`); a gallery killed in
/// between leaves the sidecars at their old names, beside no picture. The note is what
/// finishes that move: the next scan of the folder, finding the note of a gallery no
/// longer running, takes the sidecars of each file found at its new name there, as the
/// move would have (`finish`), and removes the note. A file still at its old name keeps
/// its sidecars; one whole under both names (a move across disks killed before the
/// source's removal) gets copies, so each has its own. Nothing is replaced: a name
/// taken since leaves that sidecar where it is. A trash leaves one too, naming the
/// pictures trashed: the sidecars of those gone from their names then go to the Trash;
/// and undo bringing a picture back from the Trash, naming its sidecars there: those of
/// a picture back at its name then come back too.
///
/// The note is the gallery's own, so it alone is unlinked; written and flushed before
/// the picture moves, so a note of a dead gallery is whole.
enum SidecarNote {
  /// The first line of a note.
  static let header = "[Gallery Sidecars]"

  /// Writes the note for the files `changes` (one picture's) beside `place` (in the
  /// folder the gallery shows), when the picture has a sidecar to take along; nil when
  /// it has none, or the note cannot be written (the move goes on without one: it is a
  /// repair after a kill, not a condition of the move).
  static func write(for changes: [PathChange], beside place: String) -> PartialFile.Writing? {
    guard changes.contains(where: { PictureSidecars.hasAny($0.from) }) else { return nil }
    return write(contents(changes), beside: place)
  }

  /// Writes the note for trashing the files `pictures` (one picture's), as `write(for:)`.
  static func write(trashing pictures: [String]) -> PartialFile.Writing? {
    guard let first = pictures.first, pictures.contains(where: PictureSidecars.hasAny) else {
      return nil
    }
    return write(contents([], trashing: pictures), beside: first)
  }

  static func write(_ bytes: [UInt8], beside place: String) -> PartialFile.Writing? {
    guard let note = try? PartialFile.create(beside: place, for: .sidecars) else { return nil }
    defer { close(note.descriptor) }
    do throws(SystemError) {
      try DescriptorIO.writeAll(bytes, to: note.descriptor)
      guard fsync(note.descriptor) == 0 else { throw .current() }
    } catch {
      note.remove()
      return nil
    }
    return note
  }

  /// Removes the note once the sidecars have moved (or failed to: the move said so).
  static func remove(_ note: PartialFile.Writing?) {
    note?.remove()
  }

  /// The note's bytes: the header, then `Move=FROM TO` a file moved and `Trash=PATH` a
  /// file trashed, each path percent-encoded as a `.trashinfo`'s (`TrashInfo.encoded`),
  /// so no name breaks a line.
  static func contents(_ changes: [PathChange], trashing: [String] = []) -> [UInt8] {
    let lines =
      changes.map { "Move=\(TrashInfo.encoded($0.from)) \(TrashInfo.encoded($0.to))" }
      + trashing.map { "Trash=\(TrashInfo.encoded($0))" }
    return Array((([header] + lines).joined(separator: "\n") + "\n").utf8)
  }

  /// The files trashed a note's bytes name; none when it is not one.
  static func trashed(in bytes: [UInt8]) -> [String] {
    lines(of: bytes).compactMap { line in
      line.hasPrefix("Trash=") ? decoded(line.dropFirst(6)) : nil
    }
  }

  /// The lines of a note after its header; none when it is not one.
  static func lines(of bytes: [UInt8]) -> [String] {
    let lines = bytes.split(separator: UInt8(ascii: "\n")).map {
      String(decoding: $0, as: UTF8.self)
    }
    guard lines.first == header else { return [] }
    return Array(lines.dropFirst())
  }

  /// The moves a note's bytes name; none when it is not one.
  static func changes(in bytes: [UInt8]) -> [PathChange] {
    lines(of: bytes).compactMap { line in
      guard line.hasPrefix("Move=") else { return nil }
      let paths = line.dropFirst(5).split(separator: " ")
      guard paths.count == 2, let from = decoded(paths[0]), let to = decoded(paths[1]) else {
        return nil
      }
      return PathChange(from: from, to: to)
    }
  }

  /// Finishes the move a dead gallery's note `bytes` names: the sidecars of each file now
  /// at its new name follow it, moved, or copied when the file is under both names or
  /// another file of the stem stays; the sidecars of each file trashed and gone from its
  /// name go to `trash`. What cannot be moved stays where it is. False, with nothing done
  /// for the Trash, when there are sidecars to trash and no `trash`: the note stays.
  static func finish(_ bytes: [UInt8], trash: Trash?) -> Bool {
    let gone = trashed(in: bytes).filter { !SafeMove.exists($0) }
    var finished = true
    for picture in FileActor.groupedByPicture(gone) {
      for sidecar in PictureSidecars.trashable(after: picture) {
        guard let trash else {
          finished = false
          continue
        }
        _ = try? trash.trash(sidecar.path, at: Date())
      }
    }
    let changes = changes(in: bytes).filter { SafeMove.exists($0.to) }
    for picture in FileActor.groupedByPicture(changes.map(\.from)) {
      let moved = changes.filter { picture.contains($0.from) }
      let both = moved.contains { SafeMove.exists($0.from) }
      for carry in PictureSidecars.carries(for: moved) {
        if carry.shared || both {
          try? SafeMove.copy(carry.change.from, to: carry.change.to)
        } else {
          try? SafeMove.move(carry.change.from, to: carry.change.to)
        }
      }
    }
    finishRestores(bytes)
    return finished
  }

  /// The path a percent-encoded one (`TrashInfo.encoded`) names, byte for byte; nil when
  /// an escape is broken.
  static func decoded(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8).makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue),
        let low = iterator.next().flatMap(hexValue)
      else { return nil }
      bytes.append(high << 4 | low)
    }
    return PathBytes.string(fileSystemBytes: bytes)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }
}
