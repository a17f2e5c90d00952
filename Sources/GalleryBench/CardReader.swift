import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// A card as a card reader gives it: the camera's card copied once into an ext4 image,
/// attached read-only to a loop device, mounted read-only, and read no faster than a card
/// reader (`IMPORT_BENCH_CARD_MBS`, default 90 MB/s, a UHS-I card's real reading speed)
/// through cgroup v1's `blkio.throttle.read_bps_device` on the root group.
///
/// A card on the machine's own disk is read as fast as the disk writes, so copying it
/// twice costs no more reading than copying it once; a card is read several times more
/// slowly than a disk is written, which is what an import to two destinations at once
/// saves. Needs root, `losetup`, `mkfs.ext4` and the blkio controller; nil, with the
/// reason printed, without them.
final class CardReader {
  /// Where the card is mounted.
  let path: String
  private let device: String
  private let deviceNumber: String
  private let throttle = "/sys/fs/cgroup/blkio/blkio.throttle.read_bps_device"

  private init(path: String, device: String, deviceNumber: String) {
    self.path = path
    self.device = device
    self.deviceNumber = deviceNumber
  }

  /// The card of `folder` behind a reader of `bytesPerSecond`; nil when it cannot be made.
  static func attach(copying folder: String, bytesPerSecond: Int, scratch: String)
    -> CardReader?
  {
    guard geteuid() == 0 else { return skipped("needs root") }
    guard access("/sys/fs/cgroup/blkio/blkio.throttle.read_bps_device", W_OK) == 0 else {
      return skipped("needs cgroup v1's blkio throttle")
    }
    guard let image = image(of: folder, scratch: scratch) else {
      return skipped("the card's image cannot be made (mkfs.ext4, losetup, mount)")
    }
    let listing = scratch + "/losetup.txt"
    guard
      spawnAndWait(
        "/usr/sbin/losetup", ["--find", "--show", "--read-only", image], environment: [:],
        output: listing) != nil,
      let device = (try? String(contentsOfFile: listing, encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines), device.hasPrefix("/dev/loop")
    else { return skipped("no loop device") }
    let name = String(device.dropFirst("/dev/".count))
    let mountPoint = scratch + "/reader"
    try? FileManager.default.createDirectory(
      atPath: mountPoint, withIntermediateDirectories: true)
    guard
      let number = (try? String(contentsOfFile: "/sys/class/block/\(name)/dev", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines),
      runTool("/usr/bin/mount", ["-o", "ro", device, mountPoint]) == 0
    else {
      _ = runTool("/usr/sbin/losetup", ["-d", device])
      return skipped("the card's image cannot be mounted")
    }
    let reader = CardReader(path: mountPoint, device: device, deviceNumber: number)
    guard reader.limit("\(number) \(bytesPerSecond)") else {
      reader.detach()
      return skipped("the reading speed cannot be limited")
    }
    return reader
  }

  /// Lifts the limit, unmounts the card and frees the loop device.
  func detach() {
    _ = limit("\(deviceNumber) 0")
    _ = runTool("/usr/bin/umount", [path])
    _ = runTool("/usr/sbin/losetup", ["-d", device])
  }

  private func limit(_ rule: String) -> Bool {
    guard let file = fopen(throttle, "w") else { return false }
    defer { fclose(file) }
    return fputs(rule + "\n", file) >= 0 && fflush(file) == 0
  }

  /// The ext4 image holding `folder`'s files, made once beside it and kept.
  private static func image(of folder: String, scratch: String) -> String? {
    let image = folder + ".ext4"
    let done = image + ".made"
    if FileManager.default.fileExists(atPath: done) { return image }
    let megabytes = folderBytes(folder) / 1_000_000 * 5 / 4 + 64
    let mountPoint = scratch + "/image"
    try? FileManager.default.createDirectory(
      atPath: mountPoint, withIntermediateDirectories: true)
    guard runTool("/usr/bin/truncate", ["-s", "\(megabytes)M", image]) == 0,
      runTool("/usr/sbin/mkfs.ext4", ["-q", "-F", image]) == 0,
      runTool("/usr/bin/mount", ["-o", "loop", image, mountPoint]) == 0
    else { return nil }
    let copied = runTool("/bin/cp", ["-r", folder + "/DCIM", mountPoint + "/DCIM"]) == 0
    guard runTool("/usr/bin/umount", [mountPoint]) == 0, copied else { return nil }
    FileManager.default.createFile(atPath: done, contents: Data())
    return image
  }

  private static func folderBytes(_ folder: String) -> Int {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var total = 0
    while let name = enumerator?.nextObject() as? String {
      let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
      total += (attributes?[.size] as? Int) ?? 0
    }
    return total
  }

  private static func skipped(_ reason: String) -> CardReader? {
    print("# import: the card reader's figures are skipped: \(reason)")
    return nil
  }
}
