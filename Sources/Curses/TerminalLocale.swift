import CNcursesw

/// The locale's character set, as ncurses will write it.
public enum TerminalLocale {
  /// Whether the locale's character set is UTF-8: sets the program's locale from the
  /// environment (`LC_ALL`, `LC_CTYPE`, `LANG`, as ncurses needs before it starts) and
  /// asks the C library what came of it, so a locale named in the environment but not
  /// installed counts as what it is (ASCII). When false, draw ASCII borders and cell art.
  ///
  /// The one place the program decides this, for the browser and `--print` alike.
  public static func isUTF8() -> Bool {
    setlocale(LC_ALL, "")
    return gallery_locale_is_utf8() != 0
  }
}
