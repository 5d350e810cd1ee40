/// What loop mode waits on: a monotonic clock and the signals that arrived.
protocol LoopWaiter: Sendable {
    /// Monotonic seconds (they keep counting while the machine sleeps).
    func now() -> Double
    /// Returns at `deadline` (monotonic seconds) or as soon as a signal is pending, whichever is first.
    func wait(until deadline: Double)
    /// The signals received since the last call; clears them.
    func take() -> LoopSignals
}

/// The signals loop mode acts on.
struct LoopSignals: OptionSet, Sendable {
    let rawValue: Int32

    /// SIGINT or SIGTERM: finish the pass in progress, then exit 0.
    static let stop = LoopSignals(rawValue: 1)
    /// SIGHUP: re-read rules.json before the next pass.
    static let reload = LoopSignals(rawValue: 2)
    /// SIGWINCH (`watch` only): the terminal changed size; draw again.
    static let resize = LoopSignals(rawValue: 4)
}
