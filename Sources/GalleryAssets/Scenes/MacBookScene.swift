enum MacBookScene {
  static func draw(_ canvas: inout Canvas, _ random: inout SplitMix64, variant: Int, cutout: Bool) {
    canvas.fillAll(.solid(.hsv(random.unit(), 0.6, 0.8)))
  }
}
