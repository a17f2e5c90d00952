import Foundation

/// Locales the C library can load whatever the machine has installed: compiled from
/// glibc's sources (`/usr/share/i18n/locales`) with `localedef` into a folder of the
/// test run's own, for `LOCPATH`. The gallery writes dates with the C library's words
/// (`LC_TIME`), so a test of English or German dates needs the locale there; a machine
/// often has only `C.UTF-8` (which glibc keeps built in, so it loads from any `LOCPATH`).
package enum TestLocales {
  /// The folder holding `names` (`en_GB.UTF-8`, `de_DE.UTF-8`), each compiled once per
  /// user and kept for the next runs; set `LOCPATH` to it.
  ///
  /// - Throws: `Subprocess.Failure` when `localedef` or the locale's sources are missing.
  package static func folder(_ names: [String]) async throws -> String {
    let folder = NSTemporaryDirectory() + "gallery-test-locales-\(getuid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for name in names where !FileManager.default.fileExists(atPath: "\(folder)/\(name)/LC_TIME") {
      let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
      let charmap = parts.count == 2 ? parts[1] : "UTF-8"
      // Compiled beside, then renamed into place: tests running at once never read half.
      let partial = "\(folder)/.\(name)-\(getpid())-\(UUID().uuidString.prefix(8))"
      let made = try await Subprocess.run([
        "localedef", "--no-archive", "-i", parts[0], "-f", charmap, partial,
      ])
      guard FileManager.default.fileExists(atPath: "\(partial)/LC_TIME") else {
        try? FileManager.default.removeItem(atPath: partial)
        throw Subprocess.Failure(
          description: "localedef could not make \(name) (status \(made.status)): "
            + "\(made.errors) — install glibc's locale sources (Debian: `locales`)")
      }
      if rename(partial, "\(folder)/\(name)") != 0 {
        // Another test made it meanwhile: theirs is as good.
        try? FileManager.default.removeItem(atPath: partial)
      }
    }
    return folder
  }
}
