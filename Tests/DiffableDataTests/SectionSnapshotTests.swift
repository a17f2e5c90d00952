import DiffableData
import Testing

@Suite("Section snapshots")
struct SectionSnapshotTests {
  /// Animals › (Cats › (Tabby, Siamese), Dogs › (Pug)), Plants › (Fern).
  func categories() throws -> SectionSnapshot<String> {
    var snapshot = SectionSnapshot<String>()
    try snapshot.append(["Animals", "Plants"])
    try snapshot.append(["Cats", "Dogs"], to: "Animals")
    try snapshot.append(["Tabby", "Siamese"], to: "Cats")
    try snapshot.append(["Pug"], to: "Dogs")
    try snapshot.append(["Fern"], to: "Plants")
    return snapshot
  }

  @Test func hierarchyIsDepthFirstWithLevelsAndParents() throws {
    let snapshot = try categories()
    #expect(
      snapshot.items == ["Animals", "Cats", "Tabby", "Siamese", "Dogs", "Pug", "Plants", "Fern"])
    #expect(snapshot.rootItems == ["Animals", "Plants"])
    #expect(snapshot.level(of: "Animals") == 0)
    #expect(snapshot.level(of: "Siamese") == 2)
    #expect(snapshot.level(of: "Nope") == nil)
    #expect(snapshot.parent(of: "Pug") == "Dogs")
    #expect(snapshot.parent(of: "Animals") == nil)
    #expect(snapshot.children(of: "Animals") == ["Cats", "Dogs"])
    #expect(snapshot.children(of: "Pug").isEmpty)
    #expect(snapshot.index(of: "Dogs") == 4)
    #expect(snapshot.contains("Fern") && !snapshot.contains("Oak"))
  }

  @Test func parentsStartCollapsedAndExpandShowsChildren() throws {
    var snapshot = try categories()
    #expect(snapshot.visibleItems == ["Animals", "Plants"])
    #expect(!snapshot.isExpanded("Animals"))
    try snapshot.expand(["Animals"])
    #expect(snapshot.visibleItems == ["Animals", "Cats", "Dogs", "Plants"])
    // A child expanded under a collapsed parent stays hidden.
    try snapshot.expand(["Cats"])
    try snapshot.collapse(["Animals"])
    #expect(snapshot.visibleItems == ["Animals", "Plants"])
    #expect(!snapshot.isVisible("Tabby"))
    try snapshot.expand(["Animals"])
    #expect(snapshot.visibleItems == ["Animals", "Cats", "Tabby", "Siamese", "Dogs", "Plants"])
    #expect(snapshot.isVisible("Tabby") && !snapshot.isVisible("Pug") && !snapshot.isVisible("x"))
    // Expanding twice and collapsing a collapsed item change nothing.
    let before = snapshot
    try snapshot.expand(["Animals"])
    try snapshot.collapse(["Dogs"])
    #expect(snapshot == before)
    #expect(
      snapshot.visualDescription() == """
        v Animals
          v Cats
            - Tabby
            - Siamese
          > Dogs
            - Pug
        > Plants
          - Fern
        """)
  }

  @Test func expandOrCollapseAbsentItemThrows() throws {
    var snapshot = try categories()
    #expect(throws: SectionSnapshotError<String>.itemNotFound("Oak")) {
      try snapshot.expand(["Animals", "Oak"])
    }
    #expect(!snapshot.isExpanded("Animals"))
    #expect(throws: SectionSnapshotError<String>.itemNotFound("Oak")) {
      try snapshot.collapse(["Oak"])
    }
    #expect("\(SectionSnapshotError<String>.itemNotFound("Oak"))".contains("Oak"))
  }

  @Test func insertBeforeAndAfterAreSiblings() throws {
    var snapshot = try categories()
    try snapshot.insert(["Birds"], before: "Dogs")
    try snapshot.insert(["Fish"], after: "Dogs")
    try snapshot.insert(["Minerals"], after: "Plants")
    try snapshot.insert(["Fungi"], before: "Animals")
    #expect(snapshot.parent(of: "Birds") == "Animals" && snapshot.parent(of: "Fish") == "Animals")
    #expect(snapshot.children(of: "Animals") == ["Cats", "Birds", "Dogs", "Fish"])
    #expect(snapshot.rootItems == ["Fungi", "Animals", "Plants", "Minerals"])
    #expect(snapshot.items.last == "Minerals")
    #expect(snapshot.index(of: "Fish") == snapshot.index(of: "Pug").map { $0 + 1 })
  }

  @Test func duplicateOrAbsentAnchorThrowsAndChangesNothing() throws {
    var snapshot = try categories()
    let before = snapshot
    #expect(throws: SectionSnapshotError<String>.duplicateItem("Pug")) {
      try snapshot.append(["Beagle", "Pug"], to: "Dogs")
    }
    #expect(throws: SectionSnapshotError<String>.duplicateItem("Oak")) {
      try snapshot.append(["Oak", "Oak"], to: "Plants")
    }
    #expect(throws: SectionSnapshotError<String>.itemNotFound("Trees")) {
      try snapshot.append(["Oak"], to: "Trees")
    }
    #expect(throws: SectionSnapshotError<String>.itemNotFound("Trees")) {
      try snapshot.insert(["Oak"], before: "Trees")
    }
    #expect(throws: SectionSnapshotError<String>.itemNotFound("Trees")) {
      try snapshot.insert(["Oak"], after: "Trees")
    }
    #expect(snapshot == before)
  }

  @Test func deleteRemovesSubtreesAndIgnoresAbsent() throws {
    var snapshot = try categories()
    try snapshot.expand(["Cats"])
    snapshot.delete(["Cats", "Oak", "Tabby"])
    #expect(snapshot.items == ["Animals", "Dogs", "Pug", "Plants", "Fern"])
    #expect(!snapshot.contains("Tabby") && snapshot.parent(of: "Tabby") == nil)
    #expect(!snapshot.isExpanded("Cats"))
    #expect(snapshot.index(of: "Fern") == 4)
    snapshot.delete([])
    try snapshot.append(["Cats"], to: "Animals")
    #expect(snapshot.children(of: "Animals") == ["Dogs", "Cats"])
    snapshot.deleteAll()
    #expect(snapshot.items.isEmpty && snapshot.visibleItems.isEmpty)
  }

  @Test func subSnapshotOfAParent() throws {
    var snapshot = try categories()
    try snapshot.expand(["Cats"])
    let animals = try snapshot.snapshot(of: "Animals")
    #expect(animals.rootItems == ["Cats", "Dogs"])
    #expect(animals.level(of: "Tabby") == 1)
    #expect(animals.parent(of: "Cats") == nil && animals.parent(of: "Tabby") == "Cats")
    #expect(animals.isExpanded("Cats"))
    #expect(animals.visibleItems == ["Cats", "Tabby", "Siamese", "Dogs"])
    let withParent = try snapshot.snapshot(of: "Dogs", includingParent: true)
    #expect(withParent.items == ["Dogs", "Pug"] && withParent.level(of: "Pug") == 1)
    #expect(try snapshot.snapshot(of: "Pug").items.isEmpty)
    #expect(throws: SectionSnapshotError<String>.itemNotFound("Oak")) {
      try snapshot.snapshot(of: "Oak")
    }
  }

  @Test func replacingChildrenKeepsTheParent() throws {
    var snapshot = try categories()
    try snapshot.expand(["Animals"])
    var replacement = SectionSnapshot<String>()
    try replacement.append(["Dogs", "Horses"])
    try replacement.append(["Arabian"], to: "Horses")
    try snapshot.replace(childrenOf: "Animals", using: replacement)
    #expect(snapshot.items == ["Animals", "Dogs", "Horses", "Arabian", "Plants", "Fern"])
    #expect(
      snapshot.parent(of: "Horses") == "Animals" && snapshot.parent(of: "Arabian") == "Horses")
    #expect(snapshot.level(of: "Arabian") == 2)
    #expect(snapshot.isExpanded("Animals"))
    #expect(!snapshot.contains("Tabby") && !snapshot.contains("Pug"))
    var clash = SectionSnapshot<String>()
    try clash.append(["Fern"])
    let before = snapshot
    #expect(throws: SectionSnapshotError<String>.duplicateItem("Fern")) {
      try snapshot.replace(childrenOf: "Animals", using: clash)
    }
    #expect(throws: SectionSnapshotError<String>.itemNotFound("Trees")) {
      try snapshot.replace(childrenOf: "Trees", using: clash)
    }
    #expect(snapshot == before)
    try snapshot.replace(childrenOf: "Plants", using: SectionSnapshot())
    #expect(snapshot.children(of: "Plants").isEmpty)
  }

  @Test func appendAndInsertWholeSnapshots() throws {
    var snapshot = try categories()
    let dogs = try snapshot.snapshot(of: "Dogs", includingParent: true)
    snapshot.delete(["Dogs"])
    try snapshot.append(dogs, to: "Plants")
    #expect(snapshot.parent(of: "Dogs") == "Plants" && snapshot.level(of: "Pug") == 2)
    var more = SectionSnapshot<String>()
    try more.append(["Rocks"])
    try more.append(["Granite"], to: "Rocks")
    try snapshot.insert(more, before: "Plants")
    #expect(snapshot.rootItems == ["Animals", "Rocks", "Plants"])
    var extra = SectionSnapshot<String>()
    try extra.append(["Sky"])
    try snapshot.insert(extra, after: "Plants")
    try snapshot.append(SectionSnapshot<String>())
    #expect(snapshot.rootItems == ["Animals", "Rocks", "Plants", "Sky"])
    #expect(throws: SectionSnapshotError<String>.duplicateItem("Rocks")) {
      try snapshot.append(more)
    }
  }
}
