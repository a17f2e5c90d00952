import Pictures

#if canImport(Glibc)
  import Glibc
#endif

extension LocalTimeZone {
  /// The machine's time zone as the C library keeps it: `TZ` when set (`Europe/Berlin`,
  /// `UTC`, a POSIX rule such as `CET-1CEST,M3.5.0,M10.5.0/3`), else the system's
  /// (`/etc/localtime`). Each moment's offset is `localtime_r`'s `tm_gmtoff`, so summer
  /// time and the zone's history are the C library's, read from its zone files when
  /// asked (nothing of them at start).
  ///
  /// Named by `TZ`'s value (`localtime` without one), so the same setting gives an equal
  /// zone.
  package static func system() -> LocalTimeZone {
    tzset()
    let setting = getenv("TZ").map { String(cString: $0) }
    return LocalTimeZone(name: setting.map { "TZ=\($0)" } ?? "localtime") {
      secondsSince1970 in
      var time = time_t(secondsSince1970)
      var fields = tm()
      guard localtime_r(&time, &fields) != nil else { return 0 }
      return Int(fields.tm_gmtoff)
    }
  }
}
