import Dispatch
import FoundationEssentials
import Gallery
import Glibc
import SystemSupport

/// Reads the state file at start and writes it after each change of order or of the last
/// folders, off the main thread, one save at a time in the order asked.
///
/// Each save merges what this run chose with what the file holds then (`StateFile.update`),
/// so that galleries open at once never lose each other's choices: the order is this
/// run's when it chose one, else the file's; the folders are this run's, the last first,
/// then the others' in their order.
package final class StateFileKeeper: Sendable {
  /// Nil when neither `XDG_STATE_HOME` nor `HOME` says where state goes: nothing is kept.
  package let file: StateFile?
  private let queue = DispatchQueue(label: "gallery.state-file")
  /// What this run chose, which its saves put in the file.
  private let chosen = Locked(Choices())

  /// The order this run set, if it did, and the folders it moved or copied to, the last
  /// first.
  private struct Choices: Sendable {
    var order: PictureOrder?
    var folders: [String] = []
  }

  package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    file = StateFile(environment: environment)
  }

  /// The events for the state at start: the order and the last folders kept by an earlier
  /// run, or why the file could not be read.
  package func load() -> [GalleryEvent] {
    do throws(StateFileError) {
      guard let contents = try file?.load() else { return [] }
      var events: [GalleryEvent] = [.orderLoaded(contents.order)]
      if !contents.recentFolders.isEmpty {
        events.append(.recentFoldersLoaded(contents.recentFolders))
      }
      return events
    } catch {
      return [.stateFileFailed(error)]
    }
  }

  /// Writes `order` in the background; a failure goes to `report`, on the keeper's queue.
  package func save(_ order: PictureOrder, report: @escaping @Sendable (StateFileError) -> Void) {
    save({ $0.order = order }, report: report)
  }

  /// Writes the prompt's last folders in the background, the one just used first (the
  /// others came from the file, where the merge keeps them); a failure goes to `report`,
  /// on the keeper's queue.
  package func save(
    recentFolders folders: [String], report: @escaping @Sendable (StateFileError) -> Void
  ) {
    guard let used = folders.first else { return }
    save(
      { choices in
        choices.folders.removeAll { $0 == used }
        choices.folders.insert(used, at: 0)
        choices.folders = Array(choices.folders.prefix(GalleryState.recentFolderLimit))
      }, report: report)
  }

  private func save(
    _ choose: @escaping @Sendable (inout Choices) -> Void,
    report: @escaping @Sendable (StateFileError) -> Void
  ) {
    guard let file else { return }
    let chosen = self.chosen
    queue.async {
      let choices = chosen.withLock {
        choose(&$0)
        return $0
      }
      do throws(StateFileError) {
        try file.update { contents in
          if let order = choices.order { contents.order = order }
          contents.recentFolders = StateFile.merged(choices.folders, contents.recentFolders)
        }
      } catch {
        report(error)
      }
    }
  }

  /// Waits for the saves asked for so far.
  package func finish() { queue.sync {} }
}
