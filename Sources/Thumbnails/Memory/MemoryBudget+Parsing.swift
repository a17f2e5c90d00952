import FoundationEssentials
import Glibc
import TerminalKit

extension MemoryBudget {
  /// A size as a user writes it: a whole number with an optional unit, `K`, `M` or `G`
  /// (binary: KiB, MiB, GiB; `KiB`, `MB` and the like are read the same, any case), a bare
  /// number meaning MiB; nil for anything else, or outside `minimum`...`maximum`.
  package init?(parsing text: String) {
    var digits = Substring(text.trimmingSpaces())
    var unit = ""
    while let last = digits.last, last.isLetter {
      unit = String(last).lowercased() + unit
      digits = digits.dropLast()
    }
    let shifts = [
      "": 20, "k": 10, "kb": 10, "kib": 10, "m": 20, "mb": 20, "mib": 20, "g": 30,
      "gb": 30, "gib": 30,
    ]
    guard let shift = shifts[unit], !digits.isEmpty, digits.allSatisfy(\.isASCII),
      let count = Int(digits.trimmingSpaces()), count > 0,
      count <= (MemoryBudget.maximum.bytes >> shift)
    else { return nil }
    let bytes = count << shift
    guard bytes >= MemoryBudget.minimum.bytes else { return nil }
    self.init(bytes: bytes)
  }
}
