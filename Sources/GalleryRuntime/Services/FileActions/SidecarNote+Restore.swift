import FoundationEssentials
import Glibc
import TerminalKit

extension SidecarNote {
  /// Writes the note for undo bringing back the picture file `owner` from the Trash,
  /// naming its `sidecars` there; nil when it has none (as `write(for:beside:)`).
  static func write(restoring sidecars: [TrashedSidecar], of owner: String)
    -> PartialFile.Writing?
  {
    let own = sidecars.filter { $0.owners.contains(owner) }.map(\.file)
    guard !own.isEmpty else { return nil }
    return write(contents(restoring: own, of: owner), beside: owner)
  }

  /// The note's bytes for `write(restoring:of:)`: a `Restore=` line a sidecar, with the
  /// picture's path, the sidecar's in the Trash, its info file's, its own, its info
  /// file's `Path=` line, each percent-encoded, then the five numbers of its version.
  static func contents(restoring files: [TrashedFile], of owner: String) -> [UInt8] {
    let lines = files.map { file in
      let paths = [owner, file.file, file.info, file.original, file.pathLine]
      let version = file.version
      let numbers = [
        "\(version.device)", "\(version.inode)", "\(version.size)", "\(version.seconds)",
        "\(version.nanoseconds)",
      ]
      return "Restore=" + (paths.map(TrashInfo.encoded) + numbers).joined(separator: " ")
    }
    return Array((([header] + lines).joined(separator: "\n") + "\n").utf8)
  }

  /// The sidecars in the Trash a note names, each with its picture's path.
  static func restores(in bytes: [UInt8]) -> [(owner: String, file: TrashedFile)] {
    lines(of: bytes).compactMap { line in
      guard line.hasPrefix("Restore=") else { return nil }
      let words = line.dropFirst(8).split(separator: " ")
      guard words.count == 10 else { return nil }
      let paths = words[0..<5].compactMap(decoded)
      guard paths.count == 5, let device = UInt64(words[5]), let inode = UInt64(words[6]),
        let size = Int64(words[7]), let seconds = Int(words[8]), let nanoseconds = Int(words[9])
      else { return nil }
      let version = FileVersion(
        device: device, inode: inode, size: size, seconds: seconds, nanoseconds: nanoseconds)
      return (
        paths[0],
        TrashedFile(
          original: paths[3], file: paths[1], info: paths[2], version: version,
          pathLine: paths[4])
      )
    }
  }

  /// Brings back from the Trash the sidecars a dead gallery's note names whose picture is
  /// back at its name, as undo would have (`Trash.restore`: only the very file, never
  /// over another).
  static func finishRestores(_ bytes: [UInt8]) {
    for restore in restores(in: bytes) where SafeMove.exists(restore.owner) {
      try? Trash.putBack(restore.file)
    }
  }
}
