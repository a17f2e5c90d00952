/// Draws one asset: picks the scene for its theme, seeded by its name.
enum Renderer {
  static func draw(_ spec: AssetSpec) -> Canvas {
    var random = SplitMix64(name: spec.relativePath)
    let transparent: Bool
    if case .png(let alpha) = spec.format { transparent = alpha } else { transparent = false }
    var canvas = Canvas(
      width: spec.width, height: spec.height, background: transparent ? RGBA(0, 0, 0, 0) : .white)
    let variant = spec.number - 1
    switch spec.theme {
    case .office: OfficeScene.draw(&canvas, &random, variant: variant, cutout: transparent)
    case .kitchen: KitchenScene.draw(&canvas, &random, variant: variant, cutout: transparent)
    case .macBook: MacBookScene.draw(&canvas, &random, variant: variant, cutout: transparent)
    case .doodles: Doodles.draw(&canvas, &random, variant: variant)
    }
    return canvas
  }
}
