/// What each queued sink (webhook, email, command) does in this pass, decided before anything is sent: the outbox's
/// entries and the pass's new alerts, in order (queued first, oldest first), the ones that keep
/// waiting (quiet hours, a long `Retry-After`) and the ones dropped (24 h old, sink removed).
struct OutboxPlan {
    /// One sink's messages to send now, in order.
    struct Lane {
        var sink: String
        var config: SinkConfig
        var entries: [OutboxEntry]
    }

    /// An entry that leaves the outbox unsent.
    struct Dropped {
        var entry: OutboxEntry
        var reason: UndeliveredRecord.Reason
    }

    /// Sinks with something to send, by name.
    var lanes: [Lane] = []
    /// Entries that stay in the outbox untouched this pass.
    var waiting: [OutboxEntry] = []
    var dropped: [Dropped] = []

    /// The plan at `now` (seconds since 1970) for `outbox` plus `fresh` alerts (sink name → alerts in order).
    /// An entry that is not held is dropped `lifetime` seconds after its first try. With `now`
    /// forced (`outbox retry`), quiet hours and `Retry-After` waits hold nothing back.
    static func make(outbox: [OutboxEntry], fresh: [String: [Alert]], sinks: [String: SinkConfig],
                     now: Double, lifetime: Double, forced: Bool = false) -> OutboxPlan {
        var plan = OutboxPlan()
        var bySink: [String: [OutboxEntry]] = [:]
        for entry in outbox where !entry.alerts.isEmpty {
            guard sinks[entry.sink]?.isQueued == true else {
                plan.dropped.append(Dropped(entry: entry, reason: .sinkRemoved))
                continue
            }
            if !entry.held, now - (entry.firstAttempt ?? entry.queuedAt) > lifetime {
                plan.dropped.append(Dropped(entry: entry, reason: .expired))
                continue
            }
            bySink[entry.sink, default: []].append(entry)
        }
        for entry in entries(for: fresh, sinks: sinks, now: now) { bySink[entry.sink, default: []].append(entry) }
        for sink in bySink.keys.sorted() {
            guard let config = sinks[sink], config.isQueued, var entries = bySink[sink] else { continue }
            if case .unavailable = config {
                plan.waiting += entries
                continue
            }
            if !forced, config.quietHours?.contains(instant: now) == true {
                plan.waiting += entries
                continue
            }
            entries = releaseHeld(entries)
            if !forced, entries.contains(where: { ($0.notBefore ?? 0) > now }) {
                plan.waiting += entries
                continue
            }
            plan.lanes.append(Lane(sink: sink, config: config, entries: entries))
        }
        return plan
    }

    /// `fresh` alerts (sink name → alerts in order) as outbox messages queued at `now`, by sink name:
    /// held for the sink's quiet hours, one message for a `group` sink, else one message each.
    static func entries(for fresh: [String: [Alert]], sinks: [String: SinkConfig], now: Double) -> [OutboxEntry] {
        var made: [OutboxEntry] = []
        for (sink, alerts) in fresh.sorted(by: { $0.key < $1.key }) where !alerts.isEmpty {
            guard let config = sinks[sink], config.isQueued else { continue }
            if config.quietHours?.contains(instant: now) == true {
                made += alerts.map { OutboxEntry(sink: sink, alerts: [$0], queuedAt: now, held: true) }
            } else if config.group {
                made.append(OutboxEntry(sink: sink, alerts: alerts, queuedAt: now))
            } else {
                made += alerts.map { OutboxEntry(sink: sink, alerts: [$0], queuedAt: now) }
            }
        }
        return made
    }

    /// The entries with every held alert merged into one message, all ordered oldest first (stable).
    static func releaseHeld(_ entries: [OutboxEntry]) -> [OutboxEntry] {
        let held = entries.filter(\.held)
        var result = entries.filter { !$0.held }
        if let first = held.first {
            var digest = OutboxEntry(sink: first.sink, alerts: held.flatMap(\.alerts),
                                     queuedAt: held.map(\.queuedAt).min() ?? first.queuedAt)
            digest.held = false
            // The chart of the newest held message, when the digest is about one coin.
            if Set(held.flatMap(\.alerts).map(\.coin)).count == 1 { digest.chart = held.last(where: { $0.chart != nil })?.chart }
            result.append(digest)
        }
        return oldestFirst(result)
    }

    /// `entries` ordered by `queuedAt`, keeping the given order among equal times.
    static func oldestFirst(_ entries: [OutboxEntry]) -> [OutboxEntry] {
        entries.enumerated().sorted { ($0.element.queuedAt, $0.offset) < ($1.element.queuedAt, $1.offset) }.map(\.element)
    }
}
