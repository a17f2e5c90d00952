import Gallery

/// The interactive browser (waits for the curses backend).
enum Interactive {
  static func run(_ options: GalleryOptions) {
    Console.fail("gallery: the interactive browser needs the curses backend", status: 1)
  }
}
