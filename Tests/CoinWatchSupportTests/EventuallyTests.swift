import Foundation
import Synchronization
import Testing
@testable import TestHelpers

/// The tests' bounded waits (`Eventually`, `Deadline`) measure their deadline on a monotonic clock, never the wall
/// clock: a step of the wall clock can neither end a wait early nor stretch it. A hand-moved clock stands in for the
/// monotonic one, so the wall clock going on (or not) is seen to change nothing.
@Suite struct EventuallyTests {
    /// A clock that moves only when told.
    final class HandClock: Clock, Sendable {
        struct Instant: InstantProtocol {
            var offset: Duration
            func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
            func duration(to other: Instant) -> Duration { other.offset - offset }
            static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
        }

        private let current = Mutex(Instant(offset: .zero))
        var now: Instant { current.withLock { $0 } }
        var minimumResolution: Duration { .nanoseconds(1) }
        func sleep(until deadline: Instant, tolerance: Duration?) async throws { current.withLock { $0 = max($0, deadline) } }
        func advance(by seconds: Double) { current.withLock { $0 = $0.advanced(by: .seconds(seconds)) } }
    }

    @Test func aWaitOutlastsItsTimeoutOfWallClockTimeWhileItsClockStandsStill() {
        let clock = HandClock()
        var polls = 0
        // 0.05 s of timeout; the condition holds only after 20 polls, some 0.2 s of wall-clock time later.
        let held = Eventually.wait(timeout: 0.05, clock: clock) {
            polls += 1
            return polls == 20
        }
        #expect(held, "the wait ended after \(polls) polls, on the wall clock")
    }

    @Test func aWaitEndsOnceItsClockPassesTheDeadlineWhateverTheWallClockSays() {
        let clock = HandClock()
        var polls = 0
        let started = ContinuousClock.now
        let held = Eventually.wait(timeout: 5, clock: clock) {
            polls += 1
            clock.advance(by: 6)
            return false
        }
        #expect(!held && polls <= 2, "\(polls) polls")
        #expect(ContinuousClock.now - started < .seconds(1), "it did not wait for 5 s of wall-clock time")
    }
}
