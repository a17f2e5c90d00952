import FoundationEssentials
import Gallery
import TerminalKit

/// The card's files an import copied and checked, moved to the Trash after the run
/// (`--trash-source`, the `import.trash-source` setting), as Photo Mechanic's "delete
/// after ingest" does, but never deleted: on a card, into its own `.Trash-UID`, which
/// file managers show and empty.
///
/// A group (a pair, its sidecars) goes only when every one of its files was copied in
/// this run to every destination, each copy read back and found identical to what was
/// read from the card, and is still the file that was read (its stamp unchanged). Files
/// imported before are left: only the index says they were, and their copies may have
/// been deleted since.
struct ImportSourceTrash {
  /// Files moved, and the sentences of those that could not be, with why.
  var trashed = 0
  var failures: [String] = []
  /// Files left on the card: not copied and checked everywhere in this run, changed
  /// since, or after the Trash refused one (which is among `failures`).
  var left = 0

  /// Moves `plan`'s groups whose files are all in `checked` and `unchanged` since they
  /// were read into `trash`, until `stopping` says to stop between two groups. The first
  /// file the Trash refuses ends it (a card's lock switch refuses them all), so a group
  /// is split only by a failure in its middle, which is said.
  static func run(
    _ plan: ImportPlan, checked: Set<String>, unchanged: (String) -> Bool, trash: Trash,
    at date: Date, stopping: () -> Bool = { false }
  ) -> ImportSourceTrash {
    var result = ImportSourceTrash()
    for (position, group) in plan.groups.enumerated() {
      guard result.failures.isEmpty, !stopping() else {
        result.left += plan.groups[position...].reduce(0) { $0 + $1.files.count }
        break
      }
      guard group.files.allSatisfy({ checked.contains($0.source) && unchanged($0.source) })
      else {
        result.left += group.files.count
        continue
      }
      for (number, file) in group.files.enumerated() {
        do throws(FileActionError) {
          _ = try trash.trash(file.source, at: date)
          result.trashed += 1
        } catch {
          result.failures.append(
            TextSanitizer.sanitize(file.source) + ": left on the card: " + error.message)
          result.left += group.files.count - number
          break
        }
      }
    }
    return result
  }

  /// `moved 12 files of the card to the Trash; 3 left on it`.
  var line: String {
    var text = "moved " + ImportSummary.counted(trashed, "file") + " of the card to the Trash"
    if left > 0 {
      text += "; " + CountText.grouped(left) + " left on it, not copied and checked everywhere"
      text += " in this run"
    }
    return text
  }
}
