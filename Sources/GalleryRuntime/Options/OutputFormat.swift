import Gallery

/// How `--print` writes the gallery.
package enum OutputFormat: String, Sendable, Hashable, CaseIterable {
  /// Text with ANSI colour escapes, as the terminal would show it.
  case ansi
  /// Text only, no escapes.
  case plain
  /// The solved layout's frames as JSON.
  case json
}
