import CoinWatchSupport
import CoinWatchRules
import CoinWatchState
extension Delivery {
    /// Plans this pass's webhook messages and puts them all in the outbox for the write-ahead save. A message's first
    /// try gets its chart here (SPEC §12), where the sending is: in `stream` on the sink's thread, never the loop's.
    func planWebhooks(_ fresh: [String: [Alert]], backlog: inout DeliveryBacklog, now: Double, forced: Bool = false) -> OutboxPlan {
        var plan = OutboxPlan.make(outbox: backlog.outbox, fresh: fresh, sinks: rules.sinks, now: now, forced: forced)
        if let charts {
            for lane in plan.lanes.indices {
                for index in plan.lanes[lane].entries.indices {
                    let entry = plan.lanes[lane].entries[index]
                    guard entry.attempts == 0, entry.chart == nil, let config = rules.sinks[entry.sink],
                          let range = chartRange(config, alerts: entry.alerts),
                          let png = charts.png(for: entry.alerts, range: range, levels: chartLevels(entry.alerts), now: now)
                    else { continue }
                    plan.lanes[lane].entries[index].chart = png.base64
                }
            }
        }
        backlog.outbox = OutboxPlan.oldestFirst(plan.waiting + plan.dropped.map(\.entry) + plan.lanes.flatMap(\.entries))
        return plan
    }

    /// Sends the planned messages and returns the file-sink records of the alerts that never will be; a message leaves
    /// the outbox right after its 2xx, so a pass killed mid-delivery resends only what was not answered (same key).
    func sendWebhooks(_ plan: OutboxPlan, backlog: inout DeliveryBacklog, now: Double, environment: [String: String],
                      save: Save?, report: inout Report) -> [String] {
        let scrubber = self.scrubber
        let dispatcher = WebhookDispatcher(transport: transport, sleeper: sleeper, retry: retry, scrubber: scrubber,
                                           environment: environment)
        let unsent = plan.waiting + plan.dropped.map(\.entry)
        let (results, requestCount) = dispatcher.send(plan.lanes, now: now) { undelivered in
            backlog.outbox = OutboxPlan.oldestFirst(unsent + undelivered)
            // A failed save here only widens the resend window; the save at the end of the pass reports it. `stream`
            // leaves the round that delivered everything to its next save (`sendsQueued`).
            if sendsQueued || !undelivered.isEmpty { try? save?(backlog) }
        }
        report.requestCount += requestCount
        let recorded = filePaths.isEmpty ? "" : " (recorded in \(filePaths.joined(separator: ", ")))"
        var records: [String] = []
        for dropped in plan.dropped {
            let entry = dropped.entry
            let error = entry.lastError.map { scrubber.scrub($0.text) }
            records += UndeliveredRecord.json(entry, reason: dropped.reason, error: error, time: now)
            switch dropped.reason {
            case .sinkRemoved:
                report.errors.append("sink '\(entry.sink)' is no longer in rules.json: dropped \(Self.describe(entry.alerts)) "
                    + "waiting for it\(recorded)")
            default:
                report.errors.append("\(kind(entry.sink)) '\(entry.sink)': dropped \(Self.describe(entry.alerts)) still undelivered "
                    + "24 h after the first try; last error: \(error?.text ?? "none")\(recorded)")
            }
            report.failed = true
        }
        var outbox = plan.waiting
        for result in results {
            report.delivered += result.delivered.count
            for (entry, error) in result.chartsRefused {
                report.errors.append("warning: \(kind(result.sink)) '\(result.sink)': \(error); the chart was refused, so "
                    + "\(Self.describe(entry.alerts)) goes without one")
            }
            for (entry, error) in result.refused {
                report.errors.append("\(kind(result.sink)) '\(result.sink)': \(error); refused for good: \(Self.describe(entry.alerts)) "
                    + "not delivered\(recorded)")
                records += UndeliveredRecord.json(entry, reason: .refused, error: error, time: now)
                report.failed = true
            }
            if let error = result.stopError {
                let count = result.queued.count
                let later = result.queued.first?.notBefore.map { " after \(TimeText.iso($0)) (Retry-After)" } ?? ""
                report.errors.append("\(kind(result.sink)) '\(result.sink)': \(error); \(count) message\(count == 1 ? "" : "s") "
                    + "queued in the outbox, retried on the next passes\(later) for up to 24 h")
            }
            outbox += result.queued
        }
        backlog.outbox = OutboxPlan.oldestFirst(outbox)
        report.queued = backlog.outbox.count
        return records
    }

    /// `stream`'s send stage for one queued sink's `entries`, on its own thread; `progress` gets the
    /// messages not yet answered 2xx after each round that delivered some.
    func sendQueued(_ entries: [OutboxEntry], now: Double, environment: [String: String],
                    progress: @escaping ([OutboxEntry]) -> Void) -> (outbox: [OutboxEntry], records: [String], report: Report) {
        var backlog = DeliveryBacklog(outbox: entries)
        var report = Report()
        let plan = planWebhooks([:], backlog: &backlog, now: now)
        let records = sendWebhooks(plan, backlog: &backlog, now: now, environment: environment,
                                   save: { progress($0.outbox) }, report: &report)
        return (backlog.outbox, records, report)
    }

    private func kind(_ sink: String) -> String {
        rules.sinks[sink]?.typeName ?? "sink"
    }

    /// `alert btc-100k for bitcoin (id 4f9c…)`, or `3 alerts (btc-100k, eth-dip, sol-high)`.
    package static func describe(_ alerts: [Alert]) -> String {
        if alerts.count == 1, let alert = alerts.first { return "alert \(alert.rule) for \(alert.coin) (id \(alert.id))" }
        let rules = alerts.map(\.rule).uniqued()
        let shown = rules.prefix(5).joined(separator: ", ") + (rules.count > 5 ? ", …" : "")
        return "\(alerts.count) alerts (\(shown))"
    }
}
