import Pictures
import Testing

@testable import Gallery

/// The import's plan: the files that travel together, their folders and names.
@Suite struct ImportPlanTests {
  static func picture(_ path: String, _ format: ImageFormat?, size: Int64 = 100) -> Picture {
    Picture(
      path: path, fileName: String(path.split(separator: "/").last ?? ""), byteSize: size,
      modificationDate: nil, format: format)
  }

  static func file(_ path: String, size: Int64 = 10) -> ImportFile {
    ImportFile(source: path, byteSize: size)
  }

  /// 2024-08-03 14:30:00 and 2024-08-04 09:00:00 on the camera's clock.
  static let august3: Int64 = 1_722_695_400
  static let august4: Int64 = 1_722_762_000

  @Test func pairsAndSidecarsTravelTogetherUnderOneNewStem() throws {
    let folder = ImportFolder(
      path: "/card/DCIM/100CANON",
      pictures: [
        Self.picture("/card/DCIM/100CANON/IMG_1.CR3", .raw),
        Self.picture("/card/DCIM/100CANON/IMG_1.JPG", .jpeg),
        Self.picture("/card/DCIM/100CANON/IMG_2.HEIC", .heic),
        Self.picture("/card/DCIM/100CANON/IMG_2.MOV", .video),
        Self.picture("/card/DCIM/100CANON/MVI_3.MP4", .video),
        // A video's thumbnail is a JPEG the scan takes for a picture: it rides along.
        Self.picture("/card/DCIM/100CANON/MVI_3.THM", .jpeg),
      ],
      otherFiles: [
        Self.file("/card/DCIM/100CANON/IMG_1.JPG.xmp"), Self.file("/card/DCIM/100CANON/IMG_1.WAV"),
        Self.file("/card/DCIM/100CANON/IMG_2.xmp"),
      ])
    let facts = [
      "/card/DCIM/100CANON/IMG_1.JPG": ImportPictureFacts(
        taken: Self.august3, fileClock: 0, camera: "EOS R5"),
      // The raw of a pair says when, its JPEG does not.
      "/card/DCIM/100CANON/IMG_2.MOV": ImportPictureFacts(
        taken: Self.august4, fileClock: 0, camera: nil),
      "/card/DCIM/100CANON/IMG_2.HEIC": ImportPictureFacts(taken: nil, fileClock: 5, camera: nil),
      "/card/DCIM/100CANON/MVI_3.MP4": ImportPictureFacts(
        taken: nil, fileClock: Self.august3 + 60, camera: nil),
    ]
    let plan = ImportPlan(
      [folder], facts: facts, folderTemplate: .standardFolders,
      nameTemplate: try ImportTemplate("{yyyy}{mm}{dd}-{seq}", kind: .name))
    let names = plan.groups.map { group in
      group.files.map { group.folder + "/" + group.name(of: $0, suffix: "") }
    }
    #expect(
      names == [
        [
          "2024/2024-08-03/20240803-0001.CR3", "2024/2024-08-03/20240803-0001.JPG",
          "2024/2024-08-03/20240803-0001.JPG.xmp", "2024/2024-08-03/20240803-0001.WAV",
        ],
        ["2024/2024-08-03/20240803-0002.MP4", "2024/2024-08-03/20240803-0002.THM"],
        [
          "2024/2024-08-04/20240804-0001.HEIC", "2024/2024-08-04/20240804-0001.MOV",
          "2024/2024-08-04/20240804-0001.xmp",
        ],
      ])
    #expect(plan.fileCount == 9)
    #expect(plan.byteCount == 6 * 100 + 3 * 10)
  }

  @Test func theSamePlanComesFromTheSameCard() {
    let pictures = (1...5).map { Self.picture("/card/A/IMG_\($0).JPG", .jpeg) }
    let facts = Dictionary(
      uniqueKeysWithValues: pictures.enumerated().map {
        ($1.path, ImportPictureFacts(taken: Self.august3 - Int64($0), fileClock: 0, camera: nil))
      })
    let first = ImportPlan(
      [ImportFolder(path: "/card/A", pictures: pictures)], facts: facts,
      folderTemplate: .standardFolders, nameTemplate: .standardName)
    let again = ImportPlan(
      [ImportFolder(path: "/card/A", pictures: pictures.reversed())], facts: facts,
      folderTemplate: .standardFolders, nameTemplate: .standardName)
    #expect(first == again)
    // In the order taken: IMG_5 was first.
    #expect(first.groups.map(\.stem) == ["IMG_5", "IMG_4", "IMG_3", "IMG_2", "IMG_1"])
  }

  @Test func aSidecarWithoutItsPictureStaysBehind() {
    let plan = ImportPlan(
      [
        ImportFolder(
          path: "/card/A", pictures: [Self.picture("/card/A/IMG_1.JPG", .jpeg)],
          otherFiles: [Self.file("/card/A/IMG_9.WAV"), Self.file("/card/A/notes.txt")])
      ], facts: [:], folderTemplate: .standardFolders, nameTemplate: .standardName)
    #expect(plan.groups.map { $0.files.map(\.source) } == [["/card/A/IMG_1.JPG"]])
  }
}
