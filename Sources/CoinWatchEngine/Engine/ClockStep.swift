import CoinWatchSupport
import CoinWatchState
/// A wall clock that went back since the last pass (an NTP step, a VM restored from a snapshot, a
/// pass dated in 2100 by mistake). SPEC §2: such a pass treats the time since the last pass as zero.
/// Every time the state holds is moved back by the step, so each age, cooldown, backoff and cache
/// lifetime is what it was at the last pass (nothing fires twice, no backoff is stretched), and the
/// last recorded price stays the newest one (the "previous price" of the next crossing).
enum ClockStep {
    /// Moves the times in `state` back when `now` (seconds since 1970) is earlier than its last pass;
    /// returns the step in seconds, nil when the clock did not go back. Times never go below 0.
    static func absorb(_ state: inout StateDocument, now: Double) -> Double? {
        guard let last = state.lastPass, now < last else { return nil }
        // Whole seconds, rounded up: a shifted point never lands after this pass's (rounded) time.
        let step = (last - now).rounded(.up)
        func shift(_ time: inout Double) { time = max(0, time - step) }
        func shift(_ time: inout Double?) { time = time.map { max(0, $0 - step) } }
        for index in state.prices.values.indices {
            shift(&state.prices.values[index].firstSeen)
            shift(&state.prices.values[index].coveredFrom)
            for point in state.prices.values[index].points.indices { shift(&state.prices.values[index].points[point].time) }
        }
        for slot in state.pairs.values.indices {
            shift(&state.pairs.values[slot].trueSince)
            shift(&state.pairs.values[slot].lastNotified)
            shift(&state.pairs.values[slot].lastFired)
        }
        for index in state.outbox.indices {
            shift(&state.outbox[index].queuedAt)
            shift(&state.outbox[index].firstAttempt)
            shift(&state.outbox[index].notBefore)
        }
        for index in state.memory.quoteCache.values.indices { shift(&state.memory.quoteCache.values[index].fetchedAt) }
        for index in state.memory.charts.values.indices { shift(&state.memory.charts.values[index].fetchedAt) }
        for index in state.memory.listings.values.indices { shift(&state.memory.listings.values[index].fetchedAt) }
        for index in state.memory.backoff.values.indices { shift(&state.memory.backoff.values[index]) }
        for index in state.memory.unresolved.values.indices { shift(&state.memory.unresolved.values[index]) }
        state.lastPass = now
        return step
    }

    /// The one stderr line for a step of `step` seconds back from the last pass at `last`.
    static func warning(step: Double, last: Double) -> String {
        "the clock went back \(TimeText.duration(step)) since the last pass (\(TimeText.iso(last))); "
            + "counting the time in between as zero (no alert repeats, backoffs and cooldowns keep their length)"
    }
}
