import Testing

@Test func placeholderCompositionalLayout() {}
