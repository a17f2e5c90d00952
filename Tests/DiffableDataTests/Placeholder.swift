import Testing

@Test func placeholderDiffableData() {}
