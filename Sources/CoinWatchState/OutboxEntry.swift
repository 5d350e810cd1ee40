import FoundationEssentials
import CoinWatchSupport
import CoinWatchRules
/// One webhook message waiting in the outbox: undelivered after a retryable failure, or held for
/// the sink's quiet hours. It names its sink, never the sink's URL; its alerts (and so its
/// Idempotency-Key) never change once it is queued.
package struct OutboxEntry: Codable, Sendable, Equatable, StateRecord {
    /// The sink's name in rules.json; its URL is resolved when the message is sent.
    package var sink: String
    /// The alerts the message carries: one, or a group.
    package var alerts: [Alert]
    /// When it entered the outbox, seconds since 1970 (oldest is sent first).
    package var queuedAt: Double
    /// Held for quiet hours: not yet tried; merged with the sink's other held alerts when the window ends.
    package var held: Bool
    /// Failed tries so far, across passes.
    package var attempts: Int
    /// The first try, seconds since 1970; the message is dropped 24 h after it.
    package var firstAttempt: Double?
    /// Not sent again before this instant (a long `Retry-After`), seconds since 1970.
    package var notBefore: Double?
    /// Leading parts of a split message already answered 2xx; they are never sent again.
    package var partsDelivered: Int
    /// Why the last try failed (secrets removed).
    package var lastError: ScrubbedText?
    /// The chart image the message carries (SPEC §12), PNG in base64: made once when the message
    /// is queued, so every retry sends the same bytes.
    package var chart: String?
    /// The URI the chart was uploaded to, once the upload was answered (the image
    /// event that follows names it; a retry never uploads it again).
    package var chartURI: String?

    package init(sink: String, alerts: [Alert], queuedAt: Double, held: Bool = false) {
        self.sink = sink
        self.alerts = alerts
        self.queuedAt = queuedAt
        self.held = held
        self.attempts = 0
        self.partsDelivered = 0
    }

    /// The Idempotency-Key of the message (SPEC §3): the alert's id, or one key derived from a group's ids.
    package var key: String {
        alerts.count == 1 ? alerts[0].id : StableHash.hex(["group"] + alerts.map(\.id))
    }

    /// The id `outbox list` shows and `outbox drop` takes: 12 hex digits of the sink and the key.
    package var shownID: String { String(StableHash.hex([sink, key]).prefix(12)) }

    /// `sink`, `alerts` and `queued_at` required; the counts and `held` default to 0 and false.
    package static let fields = StateFields<OutboxEntry>(blank: OutboxEntry(sink: "", alerts: [], queuedAt: 0), [
        .required("sink", \.sink, .string),
        .required("alerts", \.alerts, .array(.record)),
        .required("queued_at", \.queuedAt, .number),
        .defaulted("held", \.held, .bool, default: false),
        .defaulted("attempts", \.attempts, .integer, default: 0),
        .optional("first_attempt", \.firstAttempt, .number),
        .optional("not_before", \.notBefore, .number),
        .defaulted("parts_delivered", \.partsDelivered, .integer, default: 0),
        .optional("last_error", \.lastError, .scrubbed),
        .optional("chart", \.chart, .string),
        .optional("chart_uri", \.chartURI, .string),
    ])
}

extension OutboxEntry {
    /// The chart's PNG bytes; nil without one (or when the state holds no valid base64 there).
    package var chartBytes: [UInt8]? {
        chart.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) }
    }
}
