import Testing
@testable import CoinWatchEngine

/// How long `stream` waits to reconnect a feed (SPEC §9).
@Suite struct ReconnectBackoffTests {
    @Test func reconnectWaitsDoubleFromOneSecondToAMinuteWithJitter() {
        let backoff = ReconnectBackoff()
        #expect(backoff.delay(attempt: 1, jitter: 0.5) == 1)
        #expect(backoff.delay(attempt: 1, jitter: 0) == 1, "never under 1 s")
        #expect(backoff.delay(attempt: 3, jitter: 0.5) == 4)
        #expect(backoff.delay(attempt: 3, jitter: 0) == 3)
        #expect(backoff.delay(attempt: 3, jitter: 1) == 5)
        #expect(backoff.delay(attempt: 20, jitter: 1) == 60, "at most 60 s")
        #expect(backoff.delay(attempt: 7, jitter: 0) == 45)
    }
}
