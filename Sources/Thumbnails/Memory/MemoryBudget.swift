/// How much memory the gallery's caches and a playing animation may hold together: one
/// number for all of them, and the largest part of it each may take.
///
/// The caches (small decoded copies, cell art, pictures encoded for the terminal, the
/// large copies zoomed pictures are cut from) share one `MemoryLedger` holding them to
/// `cachedBytes`, three quarters of the whole: past it, the entry least recently used in
/// any of them goes first. So a gallery of cell art lends the pictures' share to decoded
/// copies, and zooming in borrows from the thumbnails rather than adding to them. Each
/// cache also keeps to its own cap, so no one of them takes it all. The last quarter is
/// an animation's frames (`animationBytes`): one plays at a time, held by the detail
/// view, not by a cache.
///
/// Bytes are counted as the caches count them: pixels at four bytes, cell art by its
/// cells, encoded pictures by their payload. The process also holds what the budget does
/// not count (the program, its libraries, the state, the threads and the allocator's own
/// keeping: a fixed overhead `docs/guide.md` gives) and, for the moment a picture is decoded,
/// its pixels.
package struct MemoryBudget: Sendable, Hashable {
  /// What the caches hold together at most, in bytes.
  package var bytes: Int

  /// The default: 128 MiB, for a small machine (a Raspberry Pi's gigabyte included) and
  /// enough for a screen of thumbnails at every size, with room to zoom.
  package static let standard = MemoryBudget(bytes: 128 << 20)
  /// The least a budget may be: 16 MiB, a screen of thumbnails and one detail view.
  package static let minimum = MemoryBudget(bytes: 16 << 20)
  /// The most a budget may be: 64 GiB, past any machine the gallery runs on.
  package static let maximum = MemoryBudget(bytes: 64 << 30)

  /// A budget of `bytes`, held within `minimum` and `maximum`.
  package init(bytes: Int) {
    self.bytes = min(max(bytes, 16 << 20), 64 << 30)
  }

  /// What the caches hold together: three quarters.
  package var cachedBytes: Int { bytes - animationBytes }
  /// The small decoded copies' cap: half of the whole, so a resize re-renders from memory.
  package var decodedBytes: Int { bytes / 2 }
  /// The cell art's cap: a quarter.
  package var artBytes: Int { bytes / 4 }
  /// The encoded pictures' cap (kitty, sixel, iTerm2): half.
  package var pictureBytes: Int { bytes / 2 }
  /// The zoomed copies' cap: the caches' whole share. A zoomed picture is decoded once at
  /// its zoomed size (at most its own pixels: 96 MiB for 24 megapixels), so panning only
  /// cuts it; the thumbnails it pushes out are decoded again when they are next shown.
  package var zoomedBytes: Int { cachedBytes }
  /// An animation's frames, as cell art: a quarter.
  package var animationBytes: Int { bytes / 4 }
}
