import SystemSupport
import TerminalKit
import Testing

/// Paths handed to the system and names taken from it, as C strings.
@Suite struct PathBytesSystemTests {
  @Test func theSystemGetsTheRealBytesEndedByNUL() {
    func bytes(_ path: String) -> [UInt8] {
      PathBytes.withFileSystemRepresentation(path) { pointer in
        var out: [UInt8] = []
        var index = 0
        while pointer[index] != 0 {
          out.append(UInt8(bitPattern: pointer[index]))
          index += 1
        }
        return out
      }
    }
    #expect(bytes("/tmp/a b/ü.png") == Array("/tmp/a b/ü.png".utf8))
    #expect(
      bytes("/tmp/caf" + String(Character(Unicode.Scalar(PathBytes.escapeBase + 0xE9) ?? "?")))
        == Array("/tmp/caf".utf8) + [0xE9])
    #expect(bytes("") == [])
    let name = Array("d".utf8) + [0xFC, 0x72]
    let text = name.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { buffer in
      (Array(buffer) + [0]).withUnsafeBufferPointer { terminated in
        terminated.baseAddress.map { PathBytes.string(fileSystemCString: $0) }
      }
    }
    #expect(text.map { $0.unicodeScalars.map(\.value) } == [0x64, 0x10FCFC, 0x72])
  }
}
