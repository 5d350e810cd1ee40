/// The ticks of loop mode, `anchor + k × interval`: a late wake-up or a slow pass never pushes later
/// passes back, and a pass that overruns skips the ticks it missed.
struct LoopSchedule: Sendable, Equatable {
    /// When the schedule started (monotonic seconds): the first pass's start.
    var anchor: Double
    /// Seconds between ticks (> 0).
    var interval: Double

    /// The first tick strictly after `now` (monotonic seconds).
    func tick(after now: Double) -> Double {
        guard interval > 0 else { return now }
        let elapsed = max(0, now - anchor)
        let ticks = (elapsed / interval).rounded(.down) + 1
        return anchor + ticks * interval
    }
}
