import Pictures

/// The duplicates grouping (`C`, `--group-by duplicates`): a section per group of copies,
/// its best copy first, and the rest of a group, or of every group, to the Trash in one
/// confirmed step one `U` takes back (`R`, `trash all copies`).
///
/// The copies go through the Trash's prompt and action as marked pictures do: a pair's
/// files together, their sidecars along; nothing here deletes a file.
extension GalleryState {
  /// Which groups "trash the rest" takes: the focused one, or every one shown.
  package enum CopiesScope: Hashable, Sendable {
    case focusedGroup
    case everyGroup
  }

  /// Carries out `action` when it is the duplicates'; nil for another.
  mutating func handleDuplicates(_ action: KeyAction) -> [AppCommand]? {
    switch action {
    case .duplicates:
      group(by: grouping == .duplicates ? content.groupingBeforeDuplicates : .duplicates)
      return []
    case .trashCopies: return trashCopies(.focusedGroup)
    case .trashAllCopies: return trashCopies(.everyGroup)
    default: return nil
    }
  }

  /// Whether the pictures' likeness is wanted: for stacks, or for the duplicates.
  var wantsLikeness: Bool { stacks.rules.isOn || grouping == .duplicates }

  /// The files whose likeness is wanted and not yet asked for, noted as asked: every
  /// picture's, as the details are read, while `wantsLikeness`. O(pictures).
  mutating func likenessToRead() -> [FileStamp] {
    guard wantsLikeness else { return [] }
    let stamps = content.unhashedStamps.filter { !loading.likenessReading.wasAsked($0) }
    loading.noteLikenessAsked(stamps)
    return stamps
  }

  /// Whether `event` may have made a picture a candidate for an identical copy: it
  /// brought hashes, decisions or files, or was the user's (a grouping chosen).
  func mayFindExactCopies(after event: GalleryEvent) -> Bool {
    switch event {
    case .likenessRead, .key, .scan, .scanned, .foldersChanged, .rescanned, .acted,
      .detailsRead, .decisionsRead:
      true
    default: false
    }
  }

  /// The duplicates' candidates for identical copies not yet asked for, noted as
  /// asked (see `GalleryContent.exactCopyCandidates`).
  mutating func contentHashesToRead() -> [FileStamp] {
    let stamps = content.exactCopyCandidates.filter {
      !loading.contentHashesAsked.contains($0)
    }
    loading.noteContentHashesAsked(stamps)
    return stamps
  }

  /// Whether the content hashes asked for are to be dropped: the duplicates grouping,
  /// the one thing that reads them, was left. Forgets that they were asked for, so that
  /// going back asks again for those not read by then (the hashes read are kept, and the
  /// library index answers for those it kept). O(1), O(asked) when dropped.
  mutating func stopsContentHashes() -> Bool {
    guard grouping != .duplicates, loading.hasContentHashesAsked else { return false }
    loading.forgetContentHashesAsked()
    return true
  }

  /// Takes content hashes read of files as the library has them now (a stale one is
  /// dropped, and its file asked again as a candidate once its new stamp is known): the
  /// groups are titled again, the focus kept still.
  mutating func noteContentHashes(_ stamped: [FileStamp: String]) {
    let hashes = content.current(stamped)
    guard !hashes.isEmpty else { return }
    guard grouping == .duplicates else {
      content.noteContentHashes(hashes)
      return
    }
    rearrange(keepingFocusStill: true) { $0.noteContentHashes(hashes) }
  }

  /// How far finding the duplicates has come, for the status line: how many pictures'
  /// likeness is known, of how many; nil outside the grouping or once every one asked
  /// for has come (or was passed by: a file that cannot be read has none).
  package var duplicatesProgress: (known: Int, total: Int)? {
    guard grouping == .duplicates, loading.likenessReading.progress != nil else { return nil }
    return (content.likenessKnownCount, content.pictureCount)
  }

  /// The pictures after the first (the best) of the groups `scope` takes, each as all
  /// its files, in the order shown. Empty outside the duplicates grouping. O(pictures of
  /// the scope).
  package func restOfCopies(in scope: CopiesScope) -> PictureFiles {
    guard grouping == .duplicates else { return PictureFiles(pictures: []) }
    let groups = groupsTaken(by: scope)
    // The first shown is kept: under a filter that hides the best, the best stays
    // untouched too, since only what is shown is taken.
    return PictureFiles(pictures: groups.flatMap { $0.pictures.dropFirst().map(\.allPaths) })
  }

  /// Asks to move the rest of the groups `scope` takes to the Trash, naming the copy
  /// kept and how many of the rest are identical to it; the answer goes the way of every
  /// trash (`U` takes it back whole).
  ///
  /// Not while the pictures' likeness or the groups' sizes are still being read: which
  /// pictures are copies, and which copy is best, may still change. The groups are made
  /// again first, so the best copy is the one the decisions taken so far make it.
  private mutating func trashCopies(_ scope: CopiesScope) -> [AppCommand] {
    guard grouping == .duplicates else {
      status.say(.actionFailed("only among the duplicates: C shows them"))
      return []
    }
    guard duplicatesProgress == nil else {
      status.say(.actionFailed("still finding the duplicates: R once they are all found"))
      return []
    }
    rearrange(keepingFocusStill: true) { $0.regroupDuplicates() }
    let groups = groupsTaken(by: scope)
    let unsized = groups.contains { group in
      group.pictures.contains { picture in
        ([picture] + picture.companions).allSatisfy { content.details(for: $0.path) == nil }
      }
    }
    guard !unsized else {
      status.say(.actionFailed("still reading the copies' sizes: R once they are read"))
      return []
    }
    let rest = restOfCopies(in: scope)
    guard rest.pictureCount > 0, let kept = groups.first?.pictures.first else {
      status.say(.acted("no copies here: nothing to trash"))
      return []
    }
    let identical = groups.reduce(0) { count, group in
      guard let best = group.pictures.first, let content = content.contentHashes[best.path]
      else { return count }
      return count
        + group.pictures.dropFirst().count { self.content.contentHashes[$0.path] == content }
    }
    let alike = identical == rest.pictureCount ? "" : " alike"
    let same = identical > 0 && identical < rest.pictureCount ? ", \(identical) identical" : ""
    let subject: String
    switch scope {
    case .focusedGroup:
      subject =
        rest.counted("copy", "copies") + alike + " of " + kept.fileName + same + " (it stays)"
    case .everyGroup:
      let count = groups.count
      subject =
        rest.counted("copy", "copies") + alike + same
        + " (\(count) \(count == 1 ? "group" : "groups"), the first of each stays)"
    }
    prompts.ask(ActionPrompt(.confirmTrash(rest), subject: subject))
    return []
  }

  /// The groups of copies shown: every section but the Favourites. O(sections).
  package var duplicateGroups: [LibrarySection] {
    sections.filter { $0.id != GalleryContent.favoritesSectionID }
  }

  /// The sections `scope` takes: the focused group, or every group shown (the
  /// Favourites section never).
  private func groupsTaken(by scope: CopiesScope) -> [LibrarySection] {
    switch scope {
    case .everyGroup:
      return duplicateGroups
    case .focusedGroup:
      guard let focus, sections.indices.contains(focus.section),
        sections[focus.section].id != GalleryContent.favoritesSectionID
      else { return [] }
      return [sections[focus.section]]
    }
  }

  /// Takes the perceptual hashes streamed in: while stacks are on, the pictures they make
  /// alike are stacked as they come; in the duplicates grouping the groups are made
  /// again (past a few thousand hashes, when they have grown by a quarter, and when the
  /// reader is through: `GalleryContent.regroupsDuplicates`); either way the focused
  /// picture is kept still on the screen. A batch that
  /// changes nothing shown is only kept. An empty batch says every file asked for has
  /// been answered or passed by.
  ///
  /// A hash made of a file as it was before a change the library has seen (another
  /// stamp) is dropped, and does not count as the file's answer: its file is asked
  /// again under its new stamp.
  mutating func noteLikeness(_ stamped: [FileStamp: PerceptualHash]) {
    if stamped.isEmpty {
      loading.finishLikenessReading()
      // The hashes kept since the last grouping are grouped now.
      if grouping == .duplicates {
        rearrange(keepingFocusStill: true) { _ = $0.groupLatestLikeness() }
      }
      return
    }
    let hashes = content.current(stamped)
    guard !hashes.isEmpty else { return }
    loading.noteLikenessRead(hashes.keys)
    let regroups =
      grouping == .duplicates
      ? content.regroupsDuplicates(adding: hashes.count) : content.likenessMayRestack(hashes)
    guard regroups else {
      content.noteLikeness(hashes)
      return
    }
    rearrange(keepingFocusStill: true) { $0.noteLikeness(hashes) }
    if focus == nil { browsing.moveFocus(to: startPath) }
  }
}
