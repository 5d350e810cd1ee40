import CoinWatchSupport
import CoinWatchRules
/// When a message goes out, so an alert sent late (from the outbox, after quiet hours) can say
/// when it happened (SPEC §3): in UTC, or in local time (`TZ`) for a sink with quiet hours.
package struct SendTime: Sendable, Equatable {
    /// An alert older than this when sent gets its time, in seconds.
    package static let lateAfter: Double = 120

    /// Seconds since 1970.
    package var now: Double
    /// Local time (the sink's quiet hours are local) instead of UTC.
    package var local = false

    /// `at 16:39 UTC` (`at 2026-11-29 16:39 UTC` once a day has passed), or nil when the alert is not late.
    package func lateNote(for alert: Alert) -> String? {
        guard now - alert.time > Self.lateAfter else { return nil }
        return "at " + TimeText.clock(alert.time, local: local, withDate: now - alert.time >= 86_400)
    }
}
