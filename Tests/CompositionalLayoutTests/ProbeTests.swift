import CompositionalLayout
import Testing

@Test func probe() {
  let solved = Showcase.gallery().prepare(
    containerSize: CellSize(width: 40, height: 24), itemCounts: [5, 5, 9])
  print(solved.textPicture())
  var list0 = ListConfiguration(appearance: .insetGrouped)
  list0.headerMode = .supplementary
  list0.footerMode = .supplementary
  let list = list0
  let env = LayoutEnvironment(containerSize: CellSize(width: 20, height: 10))
  let l = CompositionalLayout { _, e in LayoutSection.list(using: list, layoutEnvironment: e) }
    .prepare(environment: env, itemCounts: [3, 2])
  print(l.textPicture())
}
