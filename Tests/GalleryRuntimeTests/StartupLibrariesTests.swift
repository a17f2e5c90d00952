import Foundation
import TestSupport
import Testing

/// The libraries the `gallery` program loads at start: its ELF file's `DT_NEEDED`
/// entries. Foundation's full library brings FoundationInternationalization and Swift's
/// own ICU (some 30 MB of data, a few milliseconds and 8 MB at every start), so the
/// program imports FoundationEssentials alone and writes dates with the C library's
/// locale (see ARCHITECTURE.md).
@Suite struct StartupLibrariesTests {
  /// What the program must never name: Foundation beyond its essentials, and ICU.
  static let refused = ["libFoundation.so", "libFoundationInternationalization.so", "icu"]

  @Test func theGalleryLoadsNoFoundationBeyondItsEssentialsAndNoICU() throws {
    let needed = try ELFNeeded.libraries(of: try BuiltProduct.path("gallery"))
    #expect(needed.contains("libc.so.6"), "the reader found the entries: \(needed)")
    let refused = needed.filter { name in
      Self.refused.contains { name == $0 || ($0 == "icu" && name.lowercased().contains("icu")) }
    }
    #expect(refused.isEmpty, "the gallery names \(refused) among \(needed)")
  }
}

/// The `DT_NEEDED` entries of a 64-bit little-endian ELF file (x86-64, AArch64): the
/// dynamic section found through the program headers, its names in the string table the
/// `DT_STRTAB` entry points at (an address, turned into the file's offset through the
/// loaded segment that holds it).
enum ELFNeeded {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static func libraries(of path: String) throws -> [String] {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func integer(_ offset: Int, _ size: Int) throws -> UInt64 {
      guard offset >= 0, offset + size <= bytes.count else {
        throw Failure(description: "\(path): cut short at \(offset)")
      }
      return (0..<size).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
    }
    guard bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46]), bytes.count > 64, bytes[4] == 2,
      bytes[5] == 1
    else { throw Failure(description: "\(path) is no 64-bit little-endian ELF file") }
    let headers = Int(try integer(0x20, 8))
    let headerSize = Int(try integer(0x36, 2))
    let headerCount = Int(try integer(0x38, 2))
    var loads: [(address: UInt64, offset: UInt64, size: UInt64)] = []
    var dynamic: (offset: Int, size: Int)?
    for index in 0..<headerCount {
      let header = headers + index * headerSize
      let kind = try integer(header, 4)
      let offset = try integer(header + 8, 8)
      let address = try integer(header + 16, 8)
      let size = try integer(header + 32, 8)
      if kind == 1 { loads.append((address, offset, size)) }  // PT_LOAD
      if kind == 2 { dynamic = (Int(offset), Int(size)) }  // PT_DYNAMIC
    }
    guard let dynamic else { throw Failure(description: "\(path) is not linked dynamically") }
    var neededOffsets: [UInt64] = []
    var table: UInt64?
    for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) {
      let tag = try integer(entry, 8)
      let value = try integer(entry + 8, 8)
      if tag == 0 { break }  // DT_NULL
      if tag == 1 { neededOffsets.append(value) }  // DT_NEEDED
      if tag == 5 { table = value }  // DT_STRTAB
    }
    guard let table,
      let segment = loads.first(where: { table >= $0.address && table < $0.address + $0.size })
    else { throw Failure(description: "\(path): no string table for its libraries") }
    let tableOffset = Int(table - segment.address + segment.offset)
    return try neededOffsets.map { nameOffset in
      let start = tableOffset + Int(nameOffset)
      guard let end = bytes[start...].firstIndex(of: 0) else {
        throw Failure(description: "\(path): a library's name runs off the end")
      }
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
  }
}
