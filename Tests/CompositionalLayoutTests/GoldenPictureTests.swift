import CompositionalLayout
import Testing

/// Golden text pictures of the seed layouts: letters per item, `#` headers, `.` empty.
@Suite struct GoldenPictureTests {
  @Test func fourColumnGrid() {
    let solved = CompositionalLayout(section: Showcase.grid(spacing: 1, inset: 1)).prepare(
      containerSize: CellSize(width: 22, height: 10), itemCounts: [7])
    let expected = """
      ......................
      .AAAA..BBB..CCCC..DDD.
      .AAAA..BBB..CCCC..DDD.
      ......................
      ......................
      ......................
      .EEEE..FFF..GGGG......
      .EEEE..FFF..GGGG......
      ......................
      """
    #expect(solved.textPicture(orthogonalOffsets: [:]) == expected)
  }

  @Test func officeKitchenMacBook() {
    let solved = Showcase.threeSections().prepare(
      containerSize: CellSize(width: 30, height: 10), itemCounts: [2, 3, 5])
    let expected = """
      .############################.
      .AAAAAAAAAAAAAAAAAAAAAAAAAAAA.
      .AAAAAAAAAAAAAAAAAAAAAAAAAAAA.
      .AAAAAAAAAAAAAAAAAAAAAAAAAAAA.
      ..............................
      .BBBBBBBBBBBBBBBBBBBBBBBBBBBB.
      .BBBBBBBBBBBBBBBBBBBBBBBBBBBB.
      .BBBBBBBBBBBBBBBBBBBBBBBBBBBB.
      ..............................
      .############################.
      .AAAAAAAAAAAAAABBBBBBBBBBBBBB.
      .AAAAAAAAAAAAAABBBBBBBBBBBBBB.
      .AAAAAAAAAAAAAABBBBBBBBBBBBBB.
      ..............................
      .CCCCCCCCCCCCCC...............
      .CCCCCCCCCCCCCC...............
      .CCCCCCCCCCCCCC...............
      ..............................
      .############################.
      .AAAAAAABBBBBBBCCCCCCCDDDDDDD.
      .AAAAAAABBBBBBBCCCCCCCDDDDDDD.
      .AAAAAAABBBBBBBCCCCCCCDDDDDDD.
      ..............................
      .EEEEEEE......................
      .EEEEEEE......................
      .EEEEEEE......................
      ..............................
      """
    #expect(solved.textPicture(orthogonalOffsets: [:]) == expected)
  }

  @Test func officeRowPagingAtRest() {
    let solved = CompositionalLayout(section: Showcase.officeRow(.paging)).prepare(
      containerSize: CellSize(width: 30, height: 10), itemCounts: [4])
    let expected = """
      .AAAAAAAAAAAAAAAAAAAAAA..BBBBB
      .AAAAAAAAAAAAAAAAAAAAAA..BBBBB
      .AAAAAAAAAAAAAAAAAAAAAA..BBBBB
      """
    #expect(solved.textPicture(orthogonalOffsets: [:]) == expected)
  }

  @Test func officeRowPagingNextPage() {
    let solved = CompositionalLayout(section: Showcase.officeRow(.paging)).prepare(
      containerSize: CellSize(width: 30, height: 10), itemCounts: [4])
    let expected = """
      BBBBBBBBBBBBBBBBB..CCCCCCCCCCC
      BBBBBBBBBBBBBBBBB..CCCCCCCCCCC
      BBBBBBBBBBBBBBBBB..CCCCCCCCCCC
      """
    #expect(solved.textPicture(orthogonalOffsets: [0: 30]) == expected)
  }

  @Test func officeRowContinuous() {
    let solved = CompositionalLayout(section: Showcase.officeRow(.continuous)).prepare(
      containerSize: CellSize(width: 30, height: 10), itemCounts: [4])
    let expected = """
      AAAAAAAAAAAAAAAAAA..BBBBBBBBBB
      AAAAAAAAAAAAAAAAAA..BBBBBBBBBB
      AAAAAAAAAAAAAAAAAA..BBBBBBBBBB
      """
    #expect(solved.textPicture(orthogonalOffsets: [0: 5]) == expected)
  }

  @Test func doodlesCompactWidthRegularHeightUsesSmallItems() {
    let solved = Showcase.doodles().prepare(
      containerSize: CellSize(width: 40, height: 40), itemCounts: [9])
    let expected = """
      AAAAAA...BBBBBB..CCCCCC...DDDDDD..EEEEEE
      AAAAAA...BBBBBB..CCCCCC...DDDDDD..EEEEEE
      AAAAAA...BBBBBB..CCCCCC...DDDDDD..EEEEEE
      ........................................
      FFFFFF...GGGGGG..HHHHHH...IIIIII........
      FFFFFF...GGGGGG..HHHHHH...IIIIII........
      FFFFFF...GGGGGG..HHHHHH...IIIIII........
      """
    #expect(solved.textPicture(orthogonalOffsets: [:]) == expected)
  }

  @Test func doodlesCompactCompactUsesLargeItems() {
    let solved = Showcase.doodles().prepare(
      containerSize: CellSize(width: 40, height: 20), itemCounts: [9])
    let expected = """
      AAAAAAAA...BBBBBBBB..CCCCCCCC...DDDDDDDD
      AAAAAAAA...BBBBBBBB..CCCCCCCC...DDDDDDDD
      AAAAAAAA...BBBBBBBB..CCCCCCCC...DDDDDDDD
      AAAAAAAA...BBBBBBBB..CCCCCCCC...DDDDDDDD
      ........................................
      EEEEEEEE...FFFFFFFF..GGGGGGGG...HHHHHHHH
      EEEEEEEE...FFFFFFFF..GGGGGGGG...HHHHHHHH
      EEEEEEEE...FFFFFFFF..GGGGGGGG...HHHHHHHH
      EEEEEEEE...FFFFFFFF..GGGGGGGG...HHHHHHHH
      ........................................
      IIIIIIII................................
      IIIIIIII................................
      IIIIIIII................................
      IIIIIIII................................
      """
    #expect(solved.textPicture(orthogonalOffsets: [:]) == expected)
  }

  @Test func doodlesRegularWidthFitsMoreColumns() {
    let solved = Showcase.doodles().prepare(
      containerSize: CellSize(width: 130, height: 40), itemCounts: [9])
    let expected = """
      AAAAAAAA.BBBBBBBB..CCCCCCCC.DDDDDDDD..EEEEEEEE.FFFFFFFF.GGGGGGGG..HHHHHHHH.IIIIIIII...............................................
      AAAAAAAA.BBBBBBBB..CCCCCCCC.DDDDDDDD..EEEEEEEE.FFFFFFFF.GGGGGGGG..HHHHHHHH.IIIIIIII...............................................
      AAAAAAAA.BBBBBBBB..CCCCCCCC.DDDDDDDD..EEEEEEEE.FFFFFFFF.GGGGGGGG..HHHHHHHH.IIIIIIII...............................................
      AAAAAAAA.BBBBBBBB..CCCCCCCC.DDDDDDDD..EEEEEEEE.FFFFFFFF.GGGGGGGG..HHHHHHHH.IIIIIIII...............................................
      """
    #expect(solved.textPicture(orthogonalOffsets: [:]) == expected)
  }

  @Test func musicBrowse() {
    let solved = Showcase.musicBrowse().prepare(
      containerSize: CellSize(width: 30, height: 20), itemCounts: [5, 5, 3])
    let expected = """
      AAAAAAAAAAAAAAAAAAAAAAAAAA.DDD
      AAAAAAAAAAAAAAAAAAAAAAAAAA.DDD
      BBBBBBBBBBBBBBBBBBBBBBBBBB.EEE
      BBBBBBBBBBBBBBBBBBBBBBBBBB.EEE
      CCCCCCCCCCCCCCCCCCCCCCCCCC....
      CCCCCCCCCCCCCCCCCCCCCCCCCC....
      .############################.
      ..............................
      .AAAAAAAA.CCCCCCCC.EEEEEEEE...
      .AAAAAAAA.CCCCCCCC.EEEEEEEE...
      ..............................
      .BBBBBBBB.DDDDDDDD............
      .BBBBBBBB.DDDDDDDD............
      ..............................
      ##############################
      AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
      BBBBBBBBBBBBBBBBBBBBBBBBBBBBBB
      CCCCCCCCCCCCCCCCCCCCCCCCCCCCCC
      """
    #expect(solved.textPicture(orthogonalOffsets: [:]) == expected)
  }

  @Test func groupedListWithHeaders() {
    let solved = Showcase.groupedList().prepare(
      containerSize: CellSize(width: 20, height: 10), itemCounts: [2, 3])
    let expected = """
      ####################
      ....................
      AAAAAAAAAAAAAAAAAAAA
      BBBBBBBBBBBBBBBBBBBB
      ....................
      ####################
      ....................
      AAAAAAAAAAAAAAAAAAAA
      BBBBBBBBBBBBBBBBBBBB
      CCCCCCCCCCCCCCCCCCCC
      ....................
      """
    #expect(solved.textPicture(orthogonalOffsets: [:]) == expected)
  }

}
