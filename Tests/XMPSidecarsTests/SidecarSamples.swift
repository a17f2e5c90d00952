import Foundation
import Pictures
import TestSupport
import Testing

/// The fixtures and the small helpers the sidecar suites share.
enum SidecarSamples {
  /// darktable 4.6's sidecar of an edited raw: nine history items, masks, tags, a red label
  /// and two stars.
  static func darktable() throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/darktable-4.6.xmp")
    return Array(try Data(contentsOf: url))
  }

  /// A small sidecar another program wrote: its rating and a `note` field of its own.
  static func other(rating: Int, note: String) -> [UInt8] {
    Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <x:xmpmeta xmlns:x="adobe:ns:meta/">
       <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
          xmlns:other="http://example.org/other/1.0/" xmp:Rating="\(rating)" other:note="\(note)"/>
       </rdf:RDF>
      </x:xmpmeta>

      """.utf8)
  }

  static func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
  }

  /// Red, picked, four stars: every field written.
  static let picked = CullingDecision(
    rating: StarRating(clamping: 4), flag: .picked, labels: [.red, .blue])

  /// The path of `tool` when installed, for the tests that read back with it.
  static func tool(_ name: String) -> String? {
    ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}
