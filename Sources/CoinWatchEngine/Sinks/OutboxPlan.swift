import CoinWatchRules
import CoinWatchState
/// What each queued sink does in this pass, decided before anything is sent: the messages to send (outbox first, oldest
/// first), those that keep waiting (quiet hours, a long `Retry-After`) and those dropped (24 h old, sink removed).
package struct OutboxPlan {
    /// One sink's messages to send now, in order.
    package struct Lane {
        var sink: String
        var config: SinkConfig
        var entries: [OutboxEntry]

        package init(sink: String, config: SinkConfig, entries: [OutboxEntry]) {
            self.sink = sink
            self.config = config
            self.entries = entries
        }
    }

    /// An entry that leaves the outbox unsent.
    struct Dropped {
        var entry: OutboxEntry
        var reason: UndeliveredRecord.Reason
    }

    /// Messages one sink may have waiting before a pass's further alerts for it are folded into one
    /// grouped message (SPEC §3: the outbox is bounded; nothing is dropped).
    static let maxWaiting = 500
    /// How long after its first try an undelivered message is dropped, in seconds.
    static let lifetime: Double = 24 * 3600

    var lanes: [Lane] = []
    /// Entries that stay in the outbox untouched this pass.
    var waiting: [OutboxEntry] = []
    var dropped: [Dropped] = []

    /// The plan at `now` (seconds since 1970) for `outbox` plus `fresh` alerts (sink name → alerts in order); `forced`
    /// (`outbox retry`): quiet hours and `Retry-After` waits hold nothing back.
    static func make(outbox: [OutboxEntry], fresh: [String: [Alert]], sinks: [String: SinkConfig],
                     now: Double, forced: Bool = false) -> OutboxPlan {
        var plan = OutboxPlan()
        var bySink: [String: [OutboxEntry]] = [:]
        for entry in outbox where !entry.alerts.isEmpty {
            if case .file? = sinks[entry.sink] {
                plan.waiting.append(entry)  // for `Delivery.spoolWaiting`
                continue
            }
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
        var queued = bySink.values.flatMap { $0 }
        queue(fresh, into: &queued, sinks: sinks, now: now)
        bySink = Dictionary(grouping: queued, by: \.sink)
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

    /// Appends `fresh` alerts to `outbox` as messages queued at `now`: one each (one for a `group` sink) up to
    /// `maxWaiting` for the sink, the rest one grouped message, so the outbox stays bounded and drops nothing (SPEC §3).
    static func queue(_ fresh: [String: [Alert]], into outbox: inout [OutboxEntry], sinks: [String: SinkConfig], now: Double) {
        for (sink, alerts) in fresh.sorted(by: { $0.key < $1.key }) where !alerts.isEmpty {
            guard let config = sinks[sink], config.isQueued else { continue }
            let held = config.quietHours?.contains(instant: now) == true
            let waiting = outbox.count { $0.sink == sink }
            let room = config.group && !held ? 0 : max(0, maxWaiting - waiting)
            outbox += alerts.prefix(room).map { OutboxEntry(sink: sink, alerts: [$0], queuedAt: now, held: held) }
            let folded = Array(alerts.dropFirst(room))
            guard !folded.isEmpty else { continue }
            if held, waiting + room >= maxWaiting, let last = outbox.lastIndex(where: { $0.sink == sink && $0.held }) {
                // Held alerts are merged into one message when the quiet hours end, so folding them into
                // the last held one now changes nothing that is sent, and adds no message.
                outbox[last].alerts += folded
            } else {
                outbox.append(OutboxEntry(sink: sink, alerts: folded, queuedAt: now, held: held))
            }
        }
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
    package static func oldestFirst(_ entries: [OutboxEntry]) -> [OutboxEntry] {
        entries.enumerated().sorted { ($0.element.queuedAt, $0.offset) < ($1.element.queuedAt, $1.offset) }.map(\.element)
    }
}
