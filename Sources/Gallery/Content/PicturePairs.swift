import Pictures
import TerminalKit

/// The files of one folder that make one picture, joined: a camera raw file and the JPEG or
/// HEIF of the same name (`IMG_1.CR3` + `IMG_1.JPG`), a Live Photo's still and its video
/// (`IMG_1.HEIC` + `IMG_1.MOV`).
///
/// Files pair when they are in the same folder, their names are the same up to the last
/// dot (case counts, as it does for the file system) and their sniffed formats make one of
/// the pairs of `PairKind`: a still (JPEG, HEIC, HEIF) with a camera raw file, or with a
/// QuickTime movie (`.mov`, what a phone writes for a Live Photo; an MP4 beside a JPEG of
/// its name is a clip and its thumbnail, shown apart). The
/// still is shown (it decodes fastest and is what the camera made of the raw) and the other
/// files ride on it as its `companions`; a file whose bytes are no format the gallery
/// reads pairs with nothing. A name with no still beside it stays as it is.
package enum PicturePairs {
  /// `pictures` with each pair shown once, where its still was; the rest untouched and in
  /// their order. O(pictures).
  package static func pair(_ pictures: [Picture]) -> [Picture] {
    // Keyed by the folder too: the pictures named one by one come from anywhere.
    var byStem: [String: [Int]] = [:]
    for (index, picture) in pictures.enumerated() where canPair(picture) {
      let key = FileName.pictureKey(ofPath: picture.path)
      byStem[key, default: []].append(index)
    }
    var joined: [Int: Picture] = [:]
    var absorbed = Set<Int>()
    for indices in byStem.values where indices.count > 1 {
      guard let still = indices.first(where: { isStill(pictures[$0]) }) else { continue }
      let companions = indices.filter { isCompanion(pictures[$0]) }.sorted {
        (pictures[$0].format == .raw ? 0 : 1, $0) < (pictures[$1].format == .raw ? 0 : 1, $1)
      }
      guard !companions.isEmpty else { continue }
      joined[still] = pictures[still].paired(with: companions.map { pictures[$0] })
      absorbed.formUnion(companions)
    }
    guard !joined.isEmpty else { return pictures }
    var result: [Picture] = []
    result.reserveCapacity(pictures.count - absorbed.count)
    for (index, picture) in pictures.enumerated() where !absorbed.contains(index) {
      result.append(joined[index] ?? picture)
    }
    return result
  }

  private static func canPair(_ picture: Picture) -> Bool {
    picture.companions.isEmpty && (isStill(picture) || isCompanion(picture))
  }

  private static func isStill(_ picture: Picture) -> Bool {
    picture.format == .jpeg || picture.format == .heic || picture.format == .heif
  }

  private static func isCompanion(_ picture: Picture) -> Bool {
    picture.format == .raw
      || (picture.format == .video && picture.fileName.lowercased().hasSuffix(".mov"))
  }
}
