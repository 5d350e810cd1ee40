import Glibc

/// A clock that never goes back and keeps counting while the machine sleeps (`CLOCK_BOOTTIME`).
package enum Monotonic {
    /// Seconds since boot.
    package static func now() -> Double {
        var time = timespec()
        _ = clock_gettime(CLOCK_BOOTTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
