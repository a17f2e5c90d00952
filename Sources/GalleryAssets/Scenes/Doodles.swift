enum Doodles {
  static func draw(_ canvas: inout Canvas, _ random: inout SplitMix64, variant: Int) {
    canvas.fill(.star(Point(canvas.size.x / 2, canvas.size.y / 2), points: 5, outer: 100, inner: 40), RGBA(hex: 0xFFC107))
  }
}
