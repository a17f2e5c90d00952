#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The start of an open file, read with one `pread` and grown only when a structure in it
/// says it goes on (an EXIF block longer than the first read, a directory further in).
///
/// Reading a picture's details costs a few microseconds a file when its head fits the
/// first read: no pixels, no copy of the file. Bytes past `growthLimit` are not kept:
/// a read there goes into a small scratch buffer (a WebP's EXIF chunk after its
/// pixels, a PNG's chunk headers past its data), valid until the next read. One thread;
/// lives for one file.
final class FileHead {
  let descriptor: Int32
  /// The file's size in bytes.
  let fileSize: Int
  private var storage: UnsafeMutableRawPointer
  private var capacity: Int
  /// Bytes of the file from offset 0 held in `storage`.
  private(set) var loaded: Int
  private var scratch: UnsafeMutableRawPointer?
  /// Where a library reading the file through this head has got to (libheif's reader).
  var position = 0
  private var scratchCapacity = 0

  /// The first read: a phone's JPEG has its whole EXIF directory tree (not its preview)
  /// in the first 16 KiB; a TIFF-based raw file its first directories.
  static let firstRead = 16 << 10
  /// The most the contiguous head grows to: a JPEG's EXIF block is at most 64 KiB, a
  /// raw file's directories are within its first few hundred kilobytes.
  static let growthLimit = 1 << 20

  init(descriptor: Int32, fileSize: Int) {
    self.descriptor = descriptor
    self.fileSize = fileSize
    capacity = min(max(fileSize, 0), Self.firstRead)
    storage = .allocate(byteCount: max(capacity, 1), alignment: 8)
    loaded = Self.readFully(descriptor, into: storage, count: capacity, at: 0)
  }

  /// A head over bytes in memory (a HEIF's EXIF item, a JPEG XL's box): all of it held,
  /// nothing read.
  convenience init(memory: [UInt8]) { self.init(memory: memory[...]) }

  /// A head over bytes in memory (an EXIF block a decoder has found), copied.
  init(memory: ArraySlice<UInt8>) {
    descriptor = -1
    fileSize = memory.count
    capacity = memory.count
    let storage = UnsafeMutableRawPointer.allocate(byteCount: max(memory.count, 1), alignment: 8)
    memory.withUnsafeBytes { raw in
      if let base = raw.baseAddress { storage.copyMemory(from: base, byteCount: raw.count) }
    }
    self.storage = storage
    loaded = memory.count
  }

  deinit {
    storage.deallocate()
    scratch?.deallocate()
  }

  /// Whether the file's bytes up to `end` are held, reading more when they are within the
  /// growth limit; false past the end of the file (or past the limit).
  @discardableResult func ensure(_ end: Int) -> Bool {
    if end <= loaded { return true }
    guard end <= fileSize, end <= Self.growthLimit, loaded == capacity else { return false }
    let wanted = min(fileSize, Self.growthLimit, max(end, capacity * 2))
    let grown = UnsafeMutableRawPointer.allocate(byteCount: wanted, alignment: 8)
    grown.copyMemory(from: storage, byteCount: loaded)
    storage.deallocate()
    storage = grown
    capacity = wanted
    loaded += Self.readFully(descriptor, into: storage + loaded, count: wanted - loaded, at: loaded)
    return end <= loaded
  }

  /// `count` bytes at `offset`, from the head (grown if need be) or, past its limit, read
  /// into the scratch buffer (valid until the next call); nil when the file ends first.
  func bytes(at offset: Int, count: Int) -> UnsafeRawBufferPointer? {
    guard offset >= 0, count >= 0, offset <= fileSize - count else { return nil }
    if ensure(offset + count) {
      return UnsafeRawBufferPointer(start: storage + offset, count: count)
    }
    guard count <= 1 << 20 else { return nil }
    if scratchCapacity < count {
      scratch?.deallocate()
      scratchCapacity = max(count, 256)
      scratch = .allocate(byteCount: scratchCapacity, alignment: 8)
    }
    guard let scratch,
      Self.readFully(descriptor, into: scratch, count: count, at: offset) == count
    else { return nil }
    return UnsafeRawBufferPointer(start: scratch, count: count)
  }

  /// Copies `count` bytes at `offset` into `buffer`, from the head or read straight from
  /// the file (for a library reading through us, which may ask for large parts); false
  /// when the file ends first.
  func copy(at offset: Int, count: Int, into buffer: UnsafeMutableRawPointer) -> Bool {
    guard offset >= 0, count >= 0, offset <= fileSize - count else { return false }
    if offset + count <= loaded || ensure(offset + count) {
      buffer.copyMemory(from: storage + offset, byteCount: count)
      return true
    }
    guard descriptor >= 0 else { return false }
    return Self.readFully(descriptor, into: buffer, count: count, at: offset) == count
  }

  /// The byte at `offset`, nil past the end.
  func byte(_ offset: Int) -> UInt8? {
    if offset >= 0, offset < loaded { return storage.load(fromByteOffset: offset, as: UInt8.self) }
    return bytes(at: offset, count: 1)?[0]
  }

  /// A big- or little-endian unsigned integer of `width` bytes (1…8) at `offset`.
  func integer(at offset: Int, width: Int, littleEndian: Bool) -> Int? {
    guard let raw = bytes(at: offset, count: width) else { return nil }
    var value = 0
    for index in 0..<width {
      value = value << 8 | Int(raw[littleEndian ? width - 1 - index : index])
    }
    return value
  }

  /// Whether the bytes at `offset` are `signature`.
  func matches(_ signature: [UInt8], at offset: Int) -> Bool {
    guard let raw = bytes(at: offset, count: signature.count) else { return false }
    return raw.elementsEqual(signature)
  }

  /// The first `count` bytes held (at most `loaded`), as an array: for the format sniffers,
  /// which take collections.
  func prefix(_ count: Int) -> [UInt8] {
    _ = ensure(min(count, fileSize))
    return Array(UnsafeRawBufferPointer(start: storage, count: min(count, loaded)))
  }

  /// Bytes `range` of the file as an array (for the libraries that parse an EXIF block
  /// or a box of their own); nil when the file ends first.
  func array(at offset: Int, count: Int) -> [UInt8]? {
    guard offset >= 0, count >= 0, offset <= fileSize - count else { return nil }
    var copied = false
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let base = buffer.baseAddress {
        copied = copy(at: offset, count: count, into: UnsafeMutableRawPointer(base))
      } else {
        copied = count == 0
      }
      initialized = copied ? count : 0
    }
    return copied ? bytes : nil
  }

  private static func readFully(
    _ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int
  ) -> Int {
    var done = 0
    while done < count {
      let got = pread(descriptor, buffer + done, count - done, off_t(offset + done))
      if got > 0 {
        done += got
      } else if got < 0, errno == EINTR {
        continue
      } else {
        break
      }
    }
    return done
  }
}
