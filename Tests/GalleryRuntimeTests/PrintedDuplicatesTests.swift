import Foundation
import Gallery
import Pictures
import TestSupport
import Testing
import Thumbnails

@testable import GalleryRuntime

/// What `--print --group-by duplicates` reads before drawing: every picture's likeness,
/// decoded by the decoder the print was configured with.
@Suite struct PrintedDuplicatesTests {
  /// The groups a print of a small set of copies shows, its pictures decoded by
  /// `decoder`, off the cooperative pool.
  static func groups(decodedBy decoder: ImageDecoder) async throws -> [[String]] {
    let files = FolderFixture()
    _ = files.folder("Pictures")
    _ = try LikenessSet.write(
      into: files.path("Pictures"), bases: 1, burst: 2, unrelated: 1, width: 160, height: 120)
    let library = try LibraryScanner(folders: [files.path("Pictures")]).library()
    return await Waiting.onOwnThread {
      var state = GalleryState(
        library: library, width: 100, height: 30,
        configuration: .init(grouping: .duplicates, stackRules: .off))
      PrintedDuplicates.read(into: &state, index: nil, decoder: decoder)
      return state.duplicateGroups.map { $0.pictures.map(\.path) }
    }
  }

  @Test func thePicturesAreDecodedByTheConfiguredDecoder() async throws {
    #expect(try await !Self.groups(decodedBy: ImageDecoder()).isEmpty)
    // A decoder that takes no file: no likeness, no group.
    let refusing = ImageDecoder(limits: DecodeLimits(maxFileBytes: 1))
    #expect(try await Self.groups(decodedBy: refusing).isEmpty)
  }
}
