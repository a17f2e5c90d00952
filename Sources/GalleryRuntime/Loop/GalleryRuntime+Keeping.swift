import Dispatch
import Gallery

/// The commands for the services that keep things on disk and report back later: the
/// state file, the pictures' details and their likeness.
extension GalleryRuntime {
  /// Keeps the order for the next run; a failure comes back as `stateFileFailed`.
  func save(_ order: PictureOrder) {
    let inbox = self.inbox
    services.stateFile?.save(order) { inbox.post(.stateFileFailed($0)) }
  }

  /// Keeps the folders moved or copied to; a failure comes back as `stateFileFailed`.
  func save(recentFolders folders: [String]) {
    let inbox = self.inbox
    services.stateFile?.save(recentFolders: folders) { inbox.post(.stateFileFailed($0)) }
  }

  /// Reads the pictures' details in the background; they come back as `detailsRead`
  /// batches.
  func readDetails(_ stamps: [FileStamp]) {
    let inbox = self.inbox
    services.details.read(stamps) { inbox.post(.detailsRead($0)) }
  }

  /// Reads the pictures' perceptual hashes in the background, at a lower priority than
  /// the details; they come back as `likenessRead` batches, then an empty one.
  func readLikeness(_ stamps: [FileStamp]) {
    let inbox = self.inbox
    services.likeness?.read(stamps) { inbox.post(.likenessRead($0)) }
  }

  /// Reads the content hashes of the duplicates' candidates for identical copies in the
  /// background; they come back as `contentHashesRead` batches.
  func readContentHashes(_ stamps: [FileStamp]) {
    let inbox = self.inbox
    services.contentHashes?.read(stamps) { inbox.post(.contentHashesRead($0)) }
  }

  /// After a whole scan: forgets in the background what the index keeps of files under
  /// the scanned folders that the scan did not find and that truly no longer exist. The
  /// set of paths is made off the main thread too. Not after a cancelled scan, which saw
  /// only part of the folders.
  func pruneIndex(after stats: ScanStats) {
    guard !stats.cancelled, let roots = services.scanner?.roots.map(\.path), !roots.isEmpty
    else { return }
    let sections = state.content.librarySections
    let details = services.details
    DispatchQueue.global(qos: .utility).async {
      var seen = Set<String>()
      for section in sections {
        for picture in section.pictures { seen.insert(picture.path) }
      }
      details.prune(under: roots, keeping: seen)
    }
  }
}
