import Dispatch
import Foundation
import Gallery

/// Reads the state file at start and writes it after each change of order, off the main
/// thread, one save at a time in the order asked (the last one wins).
public final class StateFileKeeper: Sendable {
  /// Nil when neither `XDG_STATE_HOME` nor `HOME` says where state goes: nothing is kept.
  public let file: StateFile?
  private let queue = DispatchQueue(label: "gallery.state-file")

  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    file = StateFile(environment: environment)
  }

  /// The events for the state at start: the order kept by an earlier run, or why the
  /// file could not be read.
  public func load() -> [GalleryEvent] {
    do throws(StateFileError) {
      guard let contents = try file?.load() else { return [] }
      return [.orderLoaded(contents.order)]
    } catch {
      return [.stateFileFailed(error)]
    }
  }

  /// Writes `order` in the background; a failure goes to `report`, on the keeper's queue.
  public func save(_ order: PictureOrder, report: @escaping @Sendable (StateFileError) -> Void) {
    guard let file else { return }
    queue.async {
      do throws(StateFileError) {
        try file.save(StateFile.Contents(order: order))
      } catch {
        report(error)
      }
    }
  }

  /// Waits for the saves asked for so far.
  public func finish() { queue.sync {} }
}
