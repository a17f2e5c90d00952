import Dispatch
import Gallery

/// Keeps the card's next files asked for (`ReadAhead`) while the file before is hashed,
/// written and settled, so the card always has a reading under way: one file at a time,
/// the card stands idle between the end of one file's reading and the start of the
/// next's. At most `window` bytes are asked for ahead of the copy, so memory holds little
/// more than that of the card; what the index says is imported already is never asked
/// for.
struct ImportReadAhead {
  /// How many bytes of files to be copied are asked for ahead of the one being copied.
  let window: Int64
  /// The groups asked for and not yet reached, with their bytes.
  private var ahead: [(position: Int, bytes: Int64)] = []
  /// The first group not yet looked at.
  private var next = 0
  private let asker = DispatchQueue(label: "gallery.import.read-ahead", qos: .utility)

  init(window: Int64 = 32 << 20) { self.window = window }

  /// Called before `groups[position]` is copied: asks for the groups after it that
  /// `copies` says will be read, until `window` bytes are asked for ahead.
  mutating func reach(_ position: Int, of groups: [ImportGroup], copies: (ImportGroup) -> Bool) {
    ReadAhead.ask(following(position, of: groups, copies: copies), on: asker)
  }

  /// What to ask for before `groups[position]` is copied: the files of the groups after
  /// it that `copies` says will be read, each group once over the run, until `window`
  /// bytes are asked for ahead; the last file only as far as the window reaches (the
  /// copy's own sequential reading takes the rest).
  mutating func following(
    _ position: Int, of groups: [ImportGroup], copies: (ImportGroup) -> Bool
  ) -> [(path: String, bytes: Int64?)] {
    ahead.removeAll { $0.position <= position }
    next = max(next, position + 1)
    var bytes = ahead.reduce(0) { $0 + $1.bytes }
    var asked: [(path: String, bytes: Int64?)] = []
    while bytes < window, next < groups.count {
      let group = groups[next]
      if copies(group) {
        var groupBytes: Int64 = 0
        for file in group.files where bytes + groupBytes < window {
          let room = window - bytes - groupBytes
          asked.append((file.source, file.byteSize <= room ? nil : room))
          groupBytes += min(file.byteSize, room)
        }
        ahead.append((next, groupBytes))
        bytes += groupBytes
      }
      next += 1
    }
    return asked
  }
}
