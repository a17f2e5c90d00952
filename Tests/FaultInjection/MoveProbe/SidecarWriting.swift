import Foundation
import GalleryRuntime
import Pictures
import XMPSidecars

/// `sidecar-ratings FOLDER STARS`: writes STARS stars and a green label into the sidecars
/// of every `.CR2` in FOLDER, in name order, both names each (as the gallery's default
/// for a raw); prints `wrote N` at the end. Status 1 with the message when one fails.
/// What killed runs left goes to the Trash (`$XDG_DATA_HOME/Trash`), as the gallery's does.
func writeSidecarRatings(_ folder: String, stars: Int) {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
  let pictures = names.filter { $0.hasSuffix(".CR2") }.sorted()
  let decision = CullingDecision(rating: StarRating(clamping: stars), flag: .none, labels: [.green])
  let trash = Trash.ofThisUser(environment: ProcessInfo.processInfo.environment)
  let store = SidecarStore(leftovers: trash.setsAside)
  _ = start()
  for name in pictures {
    do {
      try store.write(decision, picture: folder + "/" + name)
    } catch {
      fail(error.message, status: 1)
    }
  }
  print("wrote \(pictures.count)")
}
