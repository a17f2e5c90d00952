import Pictures

/// Acting on what culling decided: the rejects to the Trash (`trash rejects`, `D`; `trash
/// section rejects`) and the picks to a folder (`move picks`, `move section picks`), of the
/// whole gallery shown or of the focused section.
///
/// They open the prompts of the actions on files (the Trash's confirmation, the move's
/// folder), naming how many pictures and where, so the files go the way marked ones do:
/// a pair's files together, their sidecars along, in one step that one `U` takes back.
extension GalleryState {
  /// Which pictures a culling action takes: the gallery's or the focused section's.
  package enum CulledScope: Hashable, Sendable {
    case gallery
    case focusedSection
  }

  /// Carries out `action` when it acts on the rejects or the picks; nil for another.
  mutating func actOnCulled(_ action: KeyAction) -> [AppCommand]? {
    switch action {
    case .trashRejects: return trashRejects(.gallery)
    case .trashSectionRejects: return trashRejects(.focusedSection)
    case .movePicks: return movePicks(.gallery)
    case .moveSectionPicks: return movePicks(.focusedSection)
    default: return nil
    }
  }

  /// The pictures flagged `flag` in `scope`, each as all its files (the shown one first),
  /// in the order shown. The Favourites section, which repeats pictures, counts only as
  /// the focused section. A closed stack's pictures count, each, though its cover alone
  /// shows: "keep this one, reject the rest" leaves its rejects hidden behind the pick.
  /// O(pictures of the scope).
  package func culledPictures(_ flag: CullingFlag, in scope: CulledScope) -> PictureFiles {
    let sections: [LibrarySection]
    switch scope {
    case .gallery:
      sections = self.sections.filter { $0.id != GalleryContent.favoritesSectionID }
    case .focusedSection:
      guard let focus, self.sections.indices.contains(focus.section) else {
        return PictureFiles(pictures: [])
      }
      sections = [self.sections[focus.section]]
    }
    var seen = Set<String>()
    var pictures: [[String]] = []
    for section in sections {
      let favorites = section.id == GalleryContent.favoritesSectionID
      for tile in section.pictures {
        let stack = favorites ? nil : stack(of: tile.path).flatMap { $0.isOpen ? nil : $0 }
        for picture in stack?.members ?? [tile]
        where content.decision(of: picture.path).flag == flag
          && seen.insert(picture.path).inserted
        {
          pictures.append(picture.allPaths)
        }
      }
    }
    return PictureFiles(pictures: pictures)
  }

  /// Where `scope` is, in a prompt's words: `in Office`, `in the gallery`, `shown by the
  /// filter`.
  func placeName(of scope: CulledScope) -> String {
    switch scope {
    case .gallery:
      return filter.isEmpty ? "in the gallery" : "shown by the filter"
    case .focusedSection:
      guard let focus, sections.indices.contains(focus.section) else { return "here" }
      return "in " + sections[focus.section].name
    }
  }

  private mutating func trashRejects(_ scope: CulledScope) -> [AppCommand] {
    let rejects = culledPictures(.rejected, in: scope)
    let place = placeName(of: scope)
    guard rejects.pictureCount > 0 else {
      status.say(.acted("no rejected picture \(place): nothing to trash"))
      return []
    }
    let subject = rejects.counted("rejected picture", "rejected pictures") + " " + place
    prompts.ask(ActionPrompt(.confirmTrash(rejects), subject: subject))
    return []
  }

  private mutating func movePicks(_ scope: CulledScope) -> [AppCommand] {
    let picks = culledPictures(.picked, in: scope)
    let place = placeName(of: scope)
    guard picks.pictureCount > 0 else {
      status.say(.acted("no picked picture \(place): nothing to move"))
      return []
    }
    let subject = picks.counted("picked picture", "picked pictures") + " " + place
    prompts.ask(ActionPrompt(.moveTo(picks.paths), subject: subject))
    return []
  }
}
