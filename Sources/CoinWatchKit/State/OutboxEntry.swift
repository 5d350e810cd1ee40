/// One webhook message waiting in the outbox: undelivered after a retryable failure, or held for
/// the sink's quiet hours. It names its sink, never the sink's URL; its alerts (and so its
/// Idempotency-Key) never change once it is queued.
public struct OutboxEntry: Codable, Sendable, Equatable {
    /// The sink's name in rules.json; its URL is resolved when the message is sent.
    public var sink: String
    /// The alerts the message carries: one, or a group.
    public var alerts: [Alert]
    /// When it entered the outbox, seconds since 1970 (oldest is sent first).
    public var queuedAt: Double
    /// Held for quiet hours: not yet tried; merged with the sink's other held alerts when the window ends.
    public var held: Bool
    /// Failed tries so far, across passes.
    public var attempts: Int
    /// The first try, seconds since 1970; the message is dropped 24 h after it.
    public var firstAttempt: Double?
    /// Not sent again before this instant (a long `Retry-After`), seconds since 1970.
    public var notBefore: Double?
    /// Leading parts of a split message already answered 2xx; they are never sent again.
    public var partsDelivered: Int
    /// Why the last try failed (secrets removed).
    public var lastError: String?

    public init(sink: String, alerts: [Alert], queuedAt: Double, held: Bool = false) {
        self.sink = sink
        self.alerts = alerts
        self.queuedAt = queuedAt
        self.held = held
        self.attempts = 0
        self.partsDelivered = 0
    }

    /// The Idempotency-Key of the message (SPEC §3): the alert's id, or one key derived from a group's ids.
    public var key: String {
        alerts.count == 1 ? alerts[0].id : StableHash.hex(["group"] + alerts.map(\.id))
    }

    private enum CodingKeys: String, CodingKey {
        case sink, alerts, queuedAt = "queued_at", held, attempts, firstAttempt = "first_attempt"
        case notBefore = "not_before", partsDelivered = "parts_delivered", lastError = "last_error"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sink = try c.decode(String.self, forKey: .sink)
        alerts = try c.decode([Alert].self, forKey: .alerts)
        queuedAt = try c.decode(Double.self, forKey: .queuedAt)
        held = try c.decodeIfPresent(Bool.self, forKey: .held) ?? false
        attempts = try c.decodeIfPresent(Int.self, forKey: .attempts) ?? 0
        firstAttempt = try c.decodeIfPresent(Double.self, forKey: .firstAttempt)
        notBefore = try c.decodeIfPresent(Double.self, forKey: .notBefore)
        partsDelivered = try c.decodeIfPresent(Int.self, forKey: .partsDelivered) ?? 0
        lastError = try c.decodeIfPresent(String.self, forKey: .lastError)
    }
}
