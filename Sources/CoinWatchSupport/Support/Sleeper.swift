import Glibc

/// Waits between delivery retries; injected so tests never sleep for real.
package protocol Sleeper: Sendable {
    /// Blocks the calling thread for `seconds` (nothing happens when it is zero or less).
    func sleep(seconds: Double)
}

/// The real sleeper: `nanosleep`, resumed after signals until the time has passed.
package struct ThreadSleeper: Sleeper {
    package init() {}

    package func sleep(seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        let whole = seconds.rounded(.down)
        var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR {
            request = remaining
        }
    }
}
