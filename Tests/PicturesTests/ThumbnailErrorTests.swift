import Pictures
import Testing

/// Why a picture cannot be shown, as a user reads it.
@Suite struct ThumbnailErrorTests {
  @Test func everyErrorReadsAsASentence() {
    let errors: [ThumbnailError] = [
      .notFound("a"), .danglingLink(path: "a", target: "b"), .isDirectory("a"),
      .notRegularFile("a"), .symlinkLoop("a"),
      .unreadable(path: "a", reason: "Permission denied"), .empty,
      .fileTooLarge(bytes: 1 << 30, limit: 1 << 28),
      .tooLarge(width: 1, height: 2, cap: .side(1)),
      .tooLarge(width: 1, height: 2, cap: .pixels(1)),
      .tooLarge(
        width: 1, height: 2, cap: .memory(bytes: 8, limit: 4, decodedWidth: 1, decodedHeight: 2)),
      .unsupportedFormat, .truncated, .corrupt("x"),
    ]
    #expect(Set(errors.map(\.description)).count == errors.count)
    #expect(
      ThumbnailError.unreadable(path: "a", reason: "Permission denied").description
        == "Cannot read a: Permission denied")
    #expect(
      ThumbnailError.danglingLink(path: "/p/a.jpg", target: "../gone.jpg").description
        == "A link whose target is missing: ../gone.jpg does not exist")
  }
}
