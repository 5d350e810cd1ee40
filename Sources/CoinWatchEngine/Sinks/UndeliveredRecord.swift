import CoinWatchSupport
import CoinWatchRules
import CoinWatchState
/// The file-sink record of an alert a webhook will never get: the alert record of SPEC §4 with an
/// `undelivered` object.
package enum UndeliveredRecord {
    /// Why a webhook never got an alert.
    package enum Reason: String, Sendable {
        /// Still undelivered 24 h after the first try.
        case expired
        /// Answered with a 4xx other than 429 (or another error that no retry can fix).
        case refused
        /// The sink is no longer a webhook in rules.json.
        case sinkRemoved = "sink_removed"
        /// Dropped by hand (`coinwatch outbox drop`).
        case dropped
    }

    /// One JSON line: `{…alert record…,"undelivered":{"sink":…,"reason":…,"time":…,"error":…}}`.
    package static func json(_ alert: Alert, sink: String, reason: Reason, error: ScrubbedText?, time: Double) -> String {
        var detail = JSONOut()
        detail.add("sink", sink)
        detail.add("reason", reason.rawValue)
        detail.add("time", TimeText.iso(time))
        detail.add("error", error?.text)
        let record = AlertRecord.json(alert)
        return String(record.dropLast()) + ",\"undelivered\":" + detail.text + "}"
    }

    /// One line per alert of `entry`, given up at `time`.
    static func json(_ entry: OutboxEntry, reason: Reason, error: ScrubbedText?, time: Double) -> [String] {
        entry.alerts.map { json($0, sink: entry.sink, reason: reason, error: error, time: time) }
    }
}
