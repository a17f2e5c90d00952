import CFileCalls
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// What a folder's file system is, as far as the scan and the watcher care: by the
/// magic number `statfs` gives (`f_type`, from `linux/magic.h`).
///
/// The system's own file systems (processes, devices, the kernel's settings) hold no
/// pictures and are never descended into, however they are reached: a link to
/// `/proc/self` would lead through `/proc/*/root` over the whole disk, again and again.
/// A network's file system is one where a process id may be another machine's, so the
/// leftovers of a dead gallery are not told there. FUSE serves both: a disk of the
/// machine's own (NTFS or exFAT through ntfs-3g or exfat-fuse, mounted as `fuseblk`) is
/// ordinary, any other FUSE file system (sshfs, rclone, …) counts as a network's.
enum FileSystemKind: Equatable {
  /// Where pictures are kept: a disk, a memory disk, a card.
  case ordinary
  /// The system's own, named as `mount` names it (`proc`, `sysfs`, `devtmpfs`, …).
  case system(String)
  /// Shared over a network (NFS, SMB, FUSE but `fuseblk`, Ceph, …).
  case network

  /// The kind of the file system of the folder open as `descriptor`, whose device
  /// (`st_dev`) the caller's `fstat` gave; ordinary when it cannot be told.
  static func of(folder descriptor: Int32, device: dev_t) -> FileSystemKind {
    var type: UInt = 0
    guard gallery_file_system_type(descriptor, &type) == 0 else { return .ordinary }
    return kind(type: UInt32(truncatingIfNeeded: type), device: device)
  }

  /// The kind of the file system holding `path`, links followed, whose device (`st_dev`)
  /// the caller's `stat` gave; ordinary when it cannot be told. One `statfs`.
  static func of(path: String, device: dev_t) -> FileSystemKind {
    var type: UInt = 0
    let found = PathBytes.withFileSystemRepresentation(path) {
      gallery_path_file_system_type($0, &type)
    }
    guard found == 0 else { return .ordinary }
    return kind(type: UInt32(truncatingIfNeeded: type), device: device)
  }

  /// The kind of the file system holding `path`, links followed; ordinary when it cannot
  /// be told.
  static func of(path: String) -> FileSystemKind {
    var status = stat()
    guard PathBytes.withFileSystemRepresentation(path, { stat($0, &status) }) == 0 else {
      return .ordinary
    }
    return of(path: path, device: status.st_dev)
  }

  /// The file system type (`f_type`) of the file at `path`, links followed; nil when it
  /// cannot be had.
  static func type(ofPath path: String) -> UInt32? {
    var type: UInt = 0
    let found = PathBytes.withFileSystemRepresentation(path) {
      gallery_path_file_system_type($0, &type)
    }
    return found == 0 ? UInt32(truncatingIfNeeded: type) : nil
  }

  /// The kind of file system `type` (`f_type`) on `device` (`st_dev`).
  static func kind(type: UInt32, device: dev_t) -> FileSystemKind {
    if let name = systemTypes[type] { return .system(name) }
    // FUSE says the same number for a local disk and a remote one: the mount table
    // tells them apart.
    if type == fuse { return MountTable.isLocalFuse(UInt64(device)) ? .ordinary : .network }
    if networkTypes.contains(type) { return .network }
    // devtmpfs (`/dev`) says it is a tmpfs or a ramfs: told from them by its device.
    if type == tmpfs || type == ramfs, MountTable.devtmpfsDevices.contains(UInt64(device)) {
      return .system("devtmpfs")
    }
    return .ordinary
  }

  private static let tmpfs: UInt32 = 0x0102_1994
  private static let ramfs: UInt32 = 0x8584_58F6
  private static let fuse: UInt32 = 0x6573_5546

  /// The system's file systems, by magic number.
  static let systemTypes: [UInt32: String] = [
    0x9FA0: "proc",
    0x6265_6572: "sysfs",
    0x0027_E0EB: "cgroup",
    0x6367_7270: "cgroup2",
    0x6462_6720: "debugfs",
    0x7472_6163: "tracefs",
    0x7363_6673: "securityfs",
    0x6165_676C: "pstore",
    0xCAFE_4A11: "bpf",
    0x6265_6570: "configfs",
    0x6573_5543: "fusectl",
    0x1980_0202: "mqueue",
    0x9584_58F6: "hugetlbfs",
    0x1CD1: "devpts",
    0xF97C_FF8C: "selinuxfs",
    0x4341_5D53: "smackfs",
    0xDE5E_81E4: "efivarfs",
    0x4249_4E4D: "binfmt_misc",
    0x6E73_6673: "nsfs",
    0x0765_5821: "resctrl",
  ]

  /// The file systems shared over a network, by magic number.
  static let networkTypes: Set<UInt32> = [
    0x6969,  // NFS
    0x517B,  // SMB
    0xFF53_4D42,  // CIFS
    0xFE53_4D42,  // SMB2
    0x6573_5546,  // FUSE (sshfs and the like; not `fuseblk`, a local disk)
    0x00C3_6400,  // Ceph
    0x5346_414F,  // AFS
    0x6B41_4653,  // kAFS
    0x0102_1997,  // 9P
    0x7375_7245,  // Coda
    0x564C,  // NCP
    0x0116_1970,  // GFS2
    0x7461_636F,  // OCFS2
    0x0BD0_0BD0,  // Lustre
  ]
}

/// What `/proc/self/mountinfo` says.
enum MountTable {
  /// The devices (`st_dev`) of the devtmpfs mounts, read once.
  static let devtmpfsDevices: Set<UInt64> = Set(types().filter { $0.value == "devtmpfs" }.keys)

  /// What each FUSE device seen so far is: true for `fuseblk` (a local block device).
  private static let fuseDevices = Locked<[UInt64: Bool]>([:])

  /// Whether the FUSE file system on `device` is a local disk's (`fuseblk`). The table
  /// is read again for a device not seen before (a disk plugged in since), once each;
  /// one not in it is taken for a network's.
  static func isLocalFuse(_ device: UInt64) -> Bool {
    if let known = fuseDevices.withLock({ $0[device] }) { return known }
    let local = types()[device].map(isLocalFuse(type:)) ?? false
    fuseDevices.withLock { $0[device] = local }
    return local
  }

  /// Whether a FUSE mount of the type `type` (mountinfo's, `fuse.SUBTYPE` or
  /// `fuseblk[.SUBTYPE]`) is a local block device's.
  static func isLocalFuse(type: String) -> Bool {
    type == "fuseblk" || type.hasPrefix("fuseblk.")
  }

  /// Each mount's device and file system type, from `/proc/self/mountinfo`.
  private static func types() -> [UInt64: String] {
    guard let file = fopen("/proc/self/mountinfo", "re") else { return [:] }
    defer { fclose(file) }
    var types: [UInt64: String] = [:]
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    while getline(&line, &capacity, file) > 0, let line {
      if let (device, type) = mount(String(cString: line)) { types[device] = type }
    }
    return types
  }

  /// The device and file system type one line of mountinfo gives, nil for a line that
  /// is not one.
  static func mount(_ line: String) -> (device: UInt64, type: String)? {
    // `id parent major:minor root point options [optional…] - type source options`
    let fields = line.split(separator: " ")
    guard fields.count > 2, let dash = fields.firstIndex(of: "-"), dash + 1 < fields.count
    else { return nil }
    let numbers = fields[2].split(separator: ":").compactMap { UInt64($0) }
    guard numbers.count == 2 else { return nil }
    return (device(major: numbers[0], minor: numbers[1]), String(fields[dash + 1]))
  }

  /// `makedev` (a macro Swift does not see): glibc's encoding of a device number.
  static func device(major: UInt64, minor: UInt64) -> UInt64 {
    (major & 0xFFF) << 8 | (major & 0xFFFF_F000) << 32 | (minor & 0xFF) | (minor & 0xFFFF_FF00)
      << 12
  }
}
