import FoundationEssentials
import Glibc
import TerminalKit

/// A fixed-size C string field of an imported struct (`char name[64]`, a tuple in Swift)
/// as text, trimmed of spaces; nil when empty. Up to the first NUL, decoded as UTF-8.
func cFieldText<Field>(_ field: Field) -> String? {
  let value = withUnsafeBytes(of: field) { raw in
    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
  }
  .trimmingSpaces()
  return value.isEmpty ? nil : value
}
