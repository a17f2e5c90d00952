import Pictures
import Testing

/// The eight orientations as the symmetries of a rectangle, and the turns that move
/// between them. That they match the decoder's pixels: `OrientationPixelTests`.
@Suite struct OrientationAlgebraTests {
  @Test func fourQuarterTurnsComeBackToTheStart() {
    for orientation in ExifOrientation.allCases {
      for turn in [PictureTurn.left, .right] {
        var turned = orientation
        for _ in 0..<4 { turned = turned.turned(turn) }
        #expect(turned == orientation, "\(orientation) \(turn)")
      }
    }
  }

  @Test func leftAndRightUndoEachOther() {
    for orientation in ExifOrientation.allCases {
      #expect(orientation.turned(.left).turned(.right) == orientation)
      #expect(orientation.turned(.right).turned(.left) == orientation)
    }
  }

  @Test func flipsTwiceComeBackToTheStart() {
    for orientation in ExifOrientation.allCases {
      #expect(orientation.turned(.flipHorizontal).turned(.flipHorizontal) == orientation)
      #expect(orientation.turned(.flipVertical).turned(.flipVertical) == orientation)
    }
  }

  @Test func everyTurnIsUndoneByItsInverse() {
    for value in 1...8 {
      let orientation = ExifOrientation(tagValue: value)
      for turn in PictureTurn.allCases {
        #expect(orientation.turned(turn).turned(turn.inverse) == orientation, "\(value) \(turn)")
        #expect(turn.inverse.inverse == turn)
      }
    }
  }

  /// Each turn moves the eight among themselves, one to one, and from upright the turns
  /// reach all eight: they make the whole group and nothing outside it.
  @Test func theTurnsMakeTheWholeGroup() {
    for turn in PictureTurn.allCases {
      let images = Set(ExifOrientation.allCases.map { $0.turned(turn) })
      #expect(images == Set(ExifOrientation.allCases), "\(turn)")
    }
    var reached: Set<ExifOrientation> = [.normal]
    var frontier: [ExifOrientation] = [.normal]
    while let next = frontier.popLast() {
      for turn in PictureTurn.allCases where reached.insert(next.turned(turn)).inserted {
        frontier.append(next.turned(turn))
      }
    }
    #expect(reached == Set(ExifOrientation.allCases))
  }

  /// Relations of the rectangle's symmetries: two quarter turns either way are a half
  /// turn, both flips are a half turn, and a flip then a turn is the turn the other way
  /// then the flip.
  @Test func theTurnsKeepTheRectanglesRelations() {
    for orientation in ExifOrientation.allCases {
      let halfTurn = orientation.turned(.left).turned(.left)
      #expect(halfTurn == orientation.turned(.right).turned(.right))
      #expect(halfTurn == orientation.turned(.flipHorizontal).turned(.flipVertical))
      #expect(
        orientation.turned(.flipHorizontal).turned(.left)
          == orientation.turned(.right).turned(.flipHorizontal))
    }
  }

  /// From upright, each turn gives the tag a camera writes for a picture held that way.
  @Test func turnsFromUprightGiveTheEXIFValues() {
    #expect(ExifOrientation.normal.turned(.right) == .needsClockwiseTurn)
    #expect(ExifOrientation.normal.turned(.left) == .needsCounterClockwiseTurn)
    #expect(ExifOrientation.normal.turned(.flipHorizontal) == .mirrored)
    #expect(ExifOrientation.normal.turned(.flipVertical) == .flipped)
    #expect(ExifOrientation.needsClockwiseTurn.turned(.right) == .upsideDown)
    #expect(ExifOrientation.needsCounterClockwiseTurn.turned(.left) == .upsideDown)
    #expect(ExifOrientation.mirrored.turned(.left) == .transposed)
    #expect(ExifOrientation.mirrored.turned(.right) == .transversed)
    #expect(ExifOrientation.allCases.map(\.rawValue) == Array(1...8))
  }

  @Test func valuesOutsideTheEightCountAsUpright() {
    for value in [0, 9, -1, 255, 65_535] {
      #expect(ExifOrientation(tagValue: value) == .normal)
    }
    #expect(ExifOrientation(tagValue: 6) == .needsClockwiseTurn)
  }

  @Test func turnsHaveTheirNamesAndLabels() {
    #expect(
      PictureTurn.allCases.map(\.rawValue) == ["left", "right", "flip-horizontal", "flip-vertical"])
    #expect(
      PictureTurn.allCases.map(\.label) == [
        "turned left", "turned right", "flipped horizontally", "flipped vertically",
      ])
    #expect(PictureTurn.left.inverse == .right)
    #expect(PictureTurn.flipVertical.inverse == .flipVertical)
  }
}
