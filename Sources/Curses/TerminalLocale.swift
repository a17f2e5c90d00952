import CNcursesw

/// The locale's character set, as ncurses will write it.
package enum TerminalLocale {
  /// Whether the locale's character set is UTF-8: sets the program's locale from the
  /// environment (`LC_ALL`, `LC_CTYPE`, `LANG`, as ncurses needs before it starts) and
  /// asks the C library what came of it, so a locale named in the environment but not
  /// installed counts as what it is (ASCII). When false, draw ASCII borders and cell art.
  ///
  /// The one place the program decides this, for the browser and `--print` alike.
  ///
  /// glibc sets no category when one of them names a locale that is not installed (an
  /// `LC_TIME=en_GB.UTF-8` on a machine without it): then the character type alone is
  /// taken, since that is what the drawing needs. Dates are written with the words of the
  /// locale `LC_TIME` names, read on their own (`LocaleWords.system`), when installed.
  package static func isUTF8() -> Bool {
    if setlocale(LC_ALL, "") == nil { setlocale(LC_CTYPE, "") }
    return gallery_locale_is_utf8() != 0
  }
}
