import Testing

@Test func placeholderTerminalKit() {}
