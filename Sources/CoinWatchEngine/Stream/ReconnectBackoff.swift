/// The wait before reconnecting a feed (SPEC §9), in seconds: doubling from 1 to at most 60 with the
/// attempt count, jittered by ±25 % (never under 1).
enum ReconnectBackoff {
    /// The shortest and longest wait, in seconds.
    static let minimum: Double = 1
    static let maximum: Double = 60

    /// Seconds to wait before attempt `attempt` (1 after the first failure); `jitter` in 0...1.
    static func delay(attempt: Int, jitter: Double) -> Double {
        let base = min(maximum, minimum * Double(1 << min(max(attempt - 1, 0), 16)))
        return min(maximum, max(minimum, base * (0.75 + 0.5 * min(max(jitter, 0), 1))))
    }
}
