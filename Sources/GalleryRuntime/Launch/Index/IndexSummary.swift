import Gallery

/// What `gallery --index` did, and the one line it ends with on standard output:
/// `indexed 48,120 pictures in 3 folders: 1,204 read, 46,916 already known, 3 broken,
/// 12 gone`, thousands grouped with commas whatever the locale (a line for scripts and
/// cron mail reads the same on every machine).
package struct IndexSummary: Hashable, Sendable {
  /// The pictures the scan found.
  package var pictures: Int
  /// The folders named.
  package var folders: Int
  /// The pictures whose heads were read this run.
  package var read: Int
  /// The pictures the index knew already.
  package var known: Int
  /// The pictures whose heads say they are broken.
  package var broken: Int
  /// The index's rows forgotten, their files gone.
  package var gone: Int

  package init(pictures: Int, folders: Int, read: Int, known: Int, broken: Int, gone: Int) {
    self.pictures = pictures
    self.folders = folders
    self.read = read
    self.known = known
    self.broken = broken
    self.gone = gone
  }

  /// The summary line, without its newline.
  package var line: String {
    "indexed " + Self.counted(pictures, "picture") + " in " + Self.counted(folders, "folder")
      + ": " + CountText.grouped(read) + " read, " + CountText.grouped(known) + " already known, "
      + CountText.grouped(broken) + " broken, " + CountText.grouped(gone) + " gone"
  }

  /// What is said when Ctrl-C stopped the run: what was read is kept.
  package var stoppedLine: String {
    "stopped: " + Self.counted(read, "picture") + " read and kept, "
      + CountText.grouped(known) + " already known; nothing forgotten"
  }

  /// `1 picture`, `48,120 pictures`.
  static func counted(_ count: Int, _ noun: String) -> String {
    CountText.grouped(count) + " " + noun + (count == 1 ? "" : "s")
  }
}
