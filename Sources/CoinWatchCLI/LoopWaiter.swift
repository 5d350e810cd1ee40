import CoinWatchEngine

/// What loop mode waits on: a monotonic clock and the signals that arrived.
package protocol LoopWaiter: Sendable {
    /// Monotonic seconds (they keep counting while the machine sleeps).
    func now() -> Double
    /// Returns at `deadline` (monotonic seconds) or as soon as a signal is pending, whichever is first.
    func wait(until deadline: Double)
    /// The signals received since the last call; clears them.
    func take() -> LoopSignals
}
