#if canImport(Glibc)
  import Glibc
#endif

/// Reading and writing whole buffers on a descriptor: retried when interrupted, written
/// again from where a short write stopped.
package enum DescriptorIO {
  /// Writes every byte of `buffer`.
  package static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32)
    throws(SystemError)
  {
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, base + offset, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw .current()
      }
      offset += written
    }
  }

  /// Writes every byte of `bytes`.
  package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
    let failure = bytes.withUnsafeBytes { buffer -> SystemError? in
      do throws(SystemError) {
        try writeAll(buffer, to: descriptor)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Reads up to `buffer.count` bytes; 0 at the end of the file.
  package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemError) -> Int
  {
    while true {
      let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR { throw .current() }
    }
  }
}
