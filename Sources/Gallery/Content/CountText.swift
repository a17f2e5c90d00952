/// Counts as the status line and the command line write them.
package enum CountText {
  /// `48,000`: thousands grouped with commas, whatever the locale (the state reads none,
  /// and a count that changes many times a second is easier read the same way each time).
  package static func grouped(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return count < 0 ? "-" + text : text
  }
}
