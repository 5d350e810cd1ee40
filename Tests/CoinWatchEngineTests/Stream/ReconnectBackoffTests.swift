import Testing
@testable import CoinWatchEngine

/// How long `stream` waits to reconnect a feed (SPEC §9).
@Suite struct ReconnectBackoffTests {
    @Test func reconnectWaitsDoubleFromOneSecondToAMinuteWithJitter() {
        #expect(ReconnectBackoff.delay(attempt: 1, jitter: 0.5) == 1)
        #expect(ReconnectBackoff.delay(attempt: 1, jitter: 0) == 1, "never under 1 s")
        #expect(ReconnectBackoff.delay(attempt: 3, jitter: 0.5) == 4)
        #expect(ReconnectBackoff.delay(attempt: 3, jitter: 0) == 3)
        #expect(ReconnectBackoff.delay(attempt: 3, jitter: 1) == 5)
        #expect(ReconnectBackoff.delay(attempt: 20, jitter: 1) == 60, "at most 60 s")
        #expect(ReconnectBackoff.delay(attempt: 7, jitter: 0) == 45)
    }
}
