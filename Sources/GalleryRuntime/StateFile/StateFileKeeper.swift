import Dispatch
import Foundation
import Gallery
import SystemSupport

/// Reads the state file at start and writes it after each change of order or of the last
/// folders, off the main thread, one save at a time in the order asked (the last one
/// wins). Each save writes the whole file: what it changes, and the rest as loaded or
/// saved last.
public final class StateFileKeeper: Sendable {
  /// Nil when neither `XDG_STATE_HOME` nor `HOME` says where state goes: nothing is kept.
  public let file: StateFile?
  private let queue = DispatchQueue(label: "gallery.state-file")
  /// What the file holds: as loaded, then as saved.
  private let kept = Locked(StateFile.Contents(order: .standard))

  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    file = StateFile(environment: environment)
  }

  /// The events for the state at start: the order and the last folders kept by an earlier
  /// run, or why the file could not be read.
  public func load() -> [GalleryEvent] {
    do throws(StateFileError) {
      guard let contents = try file?.load() else { return [] }
      kept.withLock { $0 = contents }
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
  public func save(_ order: PictureOrder, report: @escaping @Sendable (StateFileError) -> Void) {
    save({ $0.order = order }, report: report)
  }

  /// Writes the folders moved or copied to, the last first, in the background; a failure
  /// goes to `report`, on the keeper's queue.
  public func save(
    recentFolders folders: [String], report: @escaping @Sendable (StateFileError) -> Void
  ) {
    save({ $0.recentFolders = folders }, report: report)
  }

  private func save(
    _ change: @escaping @Sendable (inout StateFile.Contents) -> Void,
    report: @escaping @Sendable (StateFileError) -> Void
  ) {
    guard let file else { return }
    let kept = self.kept
    queue.async {
      let contents = kept.withLock {
        change(&$0)
        return $0
      }
      do throws(StateFileError) {
        try file.save(contents)
      } catch {
        report(error)
      }
    }
  }

  /// Waits for the saves asked for so far.
  public func finish() { queue.sync {} }
}
