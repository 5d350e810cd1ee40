import Foundation

/// Waits for an event (a request at a server, a line of output) by polling it, with a
/// bounded deadline; never a wait for time to pass.
enum Eventually {
    /// Polls `condition` every 10 ms until it holds (true) or `timeout` seconds pass on `clock` (false).
    static func wait<C: Clock<Duration>>(timeout: Double = 10, clock: C = ContinuousClock(), _ condition: () -> Bool) -> Bool {
        let deadline = Deadline(in: timeout, clock: clock)
        while !condition() {
            if deadline.hasPassed { return false }
            usleep(10_000)
        }
        return true
    }
}
