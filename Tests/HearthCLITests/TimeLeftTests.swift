@testable import HearthCLI
import Testing

/// How `hearth reindex`'s progress line says the time still to wait.
@Suite struct TimeLeftTests {
    @Test func minutesAndHoursAreRoundedAndShortWaitsAreNotCounted() {
        #expect(TextRendering.timeLeft(0) == "under a minute")
        #expect(TextRendering.timeLeft(59) == "under a minute")
        #expect(TextRendering.timeLeft(2_400) == "about 40 min")
        #expect(TextRendering.timeLeft(3_900) == "about 1 h 05 min")
        #expect(TextRendering.timeLeft(.infinity) == "under a minute")
    }
}
