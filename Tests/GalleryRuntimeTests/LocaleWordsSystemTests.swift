import Gallery
import GalleryRuntime
import Testing

/// The locale's words as the runtime reads them from the C library: none for the C and
/// POSIX locales or one that is not installed, where dates are ISO 8601. (A locale's own
/// words are read in the end-to-end tests, which bring English and German with them.)
@Suite struct LocaleWordsSystemTests {
  @Test func theCLocaleAndOneNotInstalledHaveNoWords() {
    for environment in [
      [:], ["LANG": "C.UTF-8"], ["LC_ALL": "POSIX"], ["LC_TIME": "C"],
      ["LC_ALL": "", "LC_TIME": "xx_XX.UTF-8", "LANG": "en_GB.UTF-8"],
      ["LC_TIME": "no such locale"],
    ] {
      #expect(LocaleWords.system(environment: environment) == nil, "\(environment)")
    }
  }

  @Test func allComesBeforeTimeWhichComesBeforeLang() {
    // LC_ALL's C wins over a locale LC_TIME names.
    #expect(LocaleWords.system(environment: ["LC_ALL": "C", "LC_TIME": "de_DE.UTF-8"]) == nil)
  }
}
