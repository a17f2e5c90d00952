import Testing

@Test func placeholderThumbnails() {}
