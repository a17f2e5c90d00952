import Foundation
import Pictures
import SystemSupport
import TestSupport
import Testing
import XMPSidecars

/// Another program's saves the sidecar writer must tell apart from the file it read, from
/// its own file and from each other, when saves keep landing while it swaps one back.
@Suite struct SaveIdentityTests {
  /// A save lands before the exchange (swapped out), one during it (over the gallery's
  /// file), and two more while the first is given back, each over the one the last swap
  /// put on the name: the newest stays under the name, nothing under the temporary name,
  /// and the decision lands on it.
  @Test func savesLandingDuringTheSwapBackLeaveTheNewestUnderTheName() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.CR2", [0])
    let sidecar = files.file("IMG_1.CR2.xmp", SidecarSamples.other(rating: 1, note: "0"))
    // One save at each of these moments, numbered 1 to 4.
    let plan: [SidecarTestSeam.Step] = [.looked, .exchanged, .givingBack, .givingBack]
    let saves = Locked(0)
    let seam = SidecarTestSeam { at, path in
      let number = saves.withLock { count -> Int in
        guard count < plan.count, plan[count] == at else { return 0 }
        count += 1
        return count
      }
      if number > 0 { RaceTests.save(path, SidecarSamples.other(rating: 1, note: String(number))) }
    }
    try SidecarStore(naming: .pictureName, seam: seam).write(
      SidecarSamples.picked, picture: picture)
    #expect(saves.withLock { $0 } == plan.count)
    #expect(RaceTests.note(sidecar) == 4, "\(RaceTests.text(sidecar))")
    #expect(try SidecarStore().read(picture: picture)?.decision == SidecarSamples.picked)
    let names = try FileManager.default.contentsOfDirectory(atPath: files.root).sorted()
    #expect(names == ["IMG_1.CR2", "IMG_1.CR2.xmp"])
  }

  /// A program that keeps a file's modification time when it saves (`exiftool -P`,
  /// `rsync -t`) saves twice between the read and the last look, the second time with the
  /// same size. Where the file system gives a freed inode's number to the next new file
  /// (ext4 does at once), that save shows the device, inode, size and time of the file
  /// read, unless the file read is still held open; it must be found all the same.
  @Test func aSaveShowingTheNumberAndTimeOfTheFileReadIsFound() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.CR2", [0])
    let sidecar = files.file("IMG_1.CR2.xmp", SidecarSamples.other(rating: 1, note: "0"))
    var status = stat()
    #expect(lstat(sidecar, &status) == 0)
    let read = status
    let lookalike = SidecarSamples.other(rating: 2, note: "2")
    #expect(lookalike.count == Int(read.st_size))
    let once = Locked(false)
    let seam = SidecarTestSeam { at, path in
      guard at == .read,
        once.withLock({ done in
          defer { done = true }
          return !done
        })
      else { return }
      // The first save frees the file read (unless held); the second may get its number.
      RaceTests.save(path, SidecarSamples.other(rating: 3, note: "first"))
      LookalikeSave.save(path, lookalike, like: read)
    }
    try SidecarStore(naming: .pictureName, seam: seam).write(
      SidecarSamples.picked, picture: picture)
    #expect(RaceTests.note(sidecar) == 2, "\(RaceTests.text(sidecar))")
    #expect(try SidecarStore().read(picture: picture)?.decision == SidecarSamples.picked)
  }

  /// A program writes into the sidecar in place just before the exchange, the same size,
  /// and puts its modification time back: the file swapped out is the one read, with its
  /// size and time, but not its bytes; it takes the name back and the decision lands on it.
  @Test func aWriteInPlaceKeepingSizeAndTimeIsFound() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.CR2", [0])
    let sidecar = files.file("IMG_1.CR2.xmp", SidecarSamples.other(rating: 1, note: "0"))
    let once = Locked(false)
    let seam = SidecarTestSeam { at, path in
      guard at == .looked,
        once.withLock({ done in
          defer { done = true }
          return !done
        })
      else { return }
      var status = stat()
      let descriptor = open(path, O_WRONLY)
      fstat(descriptor, &status)
      let bytes = SidecarSamples.other(rating: 1, note: "7")
      _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
      var times = [status.st_atim, status.st_mtim]
      futimens(descriptor, &times)
      close(descriptor)
    }
    try SidecarStore(naming: .pictureName, seam: seam).write(
      SidecarSamples.picked, picture: picture)
    #expect(RaceTests.note(sidecar) == 7, "\(RaceTests.text(sidecar))")
    #expect(try SidecarStore().read(picture: picture)?.decision == SidecarSamples.picked)
    let names = try FileManager.default.contentsOfDirectory(atPath: files.root).sorted()
    #expect(names == ["IMG_1.CR2", "IMG_1.CR2.xmp"])
  }
}
