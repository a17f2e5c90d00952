import Testing

@Test func placeholderGallery() {}
