import Foundation

/// Waits for an event (a request at a server, a line of output) by polling it, with a
/// bounded deadline; never a wait for time to pass.
enum Eventually {
    /// Polls `condition` every 10 ms until it holds (true) or `timeout` seconds pass (false).
    static func wait(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() >= deadline { return false }
            usleep(10_000)
        }
        return true
    }
}
