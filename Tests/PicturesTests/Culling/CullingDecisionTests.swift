import Testing

@testable import Pictures

@Suite struct CullingDecisionTests {
  @Test func aRejectIsMinusOneInXMPAndKeepsItsStarsApart() {
    var decision = CullingDecision(rating: StarRating(clamping: 4), flag: .rejected, labels: [])
    #expect(decision.xmpRating == -1)
    decision.flag = .none
    #expect(decision.xmpRating == 4)
    #expect(CullingDecision(xmpRating: -1).flag == .rejected)
    #expect(CullingDecision(xmpRating: 9).rating.stars == 5)
    #expect(CullingDecision(xmpRating: 0).isUndecided)
  }

  @Test func labelsKeepEachEditorsNamesAndNumbers() {
    for label in ColorLabel.allCases {
      #expect(ColorLabel(xmpLabel: label.xmpLabel) == label)
      #expect(ColorLabel(xmpLabel: label.xmpLabel.uppercased()) == label)
      #expect(ColorLabel(digiKamColorLabel: label.digiKamColorLabel) == label)
    }
    #expect(ColorLabel(digiKamColorLabel: 2) == nil, "orange has no darktable label")
    #expect(ColorLabel(xmpLabel: "Approved") == nil)
    let labels: ColorLabels = [.blue, .red]
    #expect(labels.labels == [.red, .blue])
    #expect(labels.first == .red)
  }

  @Test func flagsFollowDigiKamsPickLabel() {
    for flag in [CullingFlag.none, .picked, .rejected] {
      #expect(CullingFlag(digiKamPickLabel: flag.digiKamPickLabel) == flag)
    }
    #expect(CullingFlag(digiKamPickLabel: 2) == CullingFlag.none, "pending is no flag")
  }
}
