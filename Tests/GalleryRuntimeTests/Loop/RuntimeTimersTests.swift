import Gallery
import Testing

@testable import GalleryRuntime

/// The run loop's timers: which are due, and in which order they fire.
@Suite struct RuntimeTimersTests {
  @Test func dueTimersFireTheEarliestFirst() {
    var timers = RuntimeTimers()
    // Deadlines already passed, 10 ms apart, asked for out of their order.
    timers.schedule(.animation, milliseconds: -10)
    timers.schedule(.idle, milliseconds: -30)
    timers.schedule(.slideshow, milliseconds: -20)
    #expect(timers.takeDue() == [.idle, .slideshow, .animation])
    #expect(timers.takeDue().isEmpty, "each fires once")
  }
}
