import CExempi

/// Exempi started once for the process, with the namespaces the gallery writes
/// registered under the prefixes their editors use (else Exempi would invent `ns1:`).
enum Exempi {
  /// Lightroom's and everyone's: `xmp:Rating`, `xmp:Label`.
  static let xmpNamespace = "http://ns.adobe.com/xap/1.0/"
  /// darktable's: `darktable:colorlabels`, its history.
  static let darktableNamespace = "http://darktable.sf.net/"
  /// digiKam's: `digiKam:ColorLabel`, `digiKam:PickLabel`.
  static let digiKamNamespace = "http://www.digikam.org/ns/1.0/"

  /// Whether Exempi started; the first use starts it (a thread-safe lazy global).
  static let isReady: Bool = {
    guard xmp_init() else { return false }
    _ = xmp_register_namespace(darktableNamespace, "darktable", nil)
    _ = xmp_register_namespace(digiKamNamespace, "digiKam", nil)
    return true
  }()

  /// Exempi's last error number on this thread.
  static var lastError: Int32 { Int32(xmp_get_error()) }
}
