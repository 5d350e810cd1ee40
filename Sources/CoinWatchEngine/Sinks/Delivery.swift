import CoinWatchSupport
import CoinWatchTransport
import CoinWatchRules
import CoinWatchState
/// Delivers a pass's alerts to their sinks, write-ahead (SPEC §3): the state that records them is
/// saved first (nothing is sent when that fails), then stdout, the files and every queued sink.
package struct Delivery: Sendable {
    package var rules: RulesFile
    package var transport: any HTTPTransport
    /// Alerts on stdout as JSON Lines instead of text.
    package var json: Bool
    /// `-q`: nothing on stdout.
    package var quiet: Bool
    package var sleeper: any Sleeper
    package var retry: RetryPolicy
    /// Color for the stdout text lines (a terminal only; never in JSON).
    package var color: ColorPolicy
    /// Persists the state before anything is sent, after the files and after each webhook round with a 2xx; nil: never.
    package var checkpoint: (@Sendable (StateDocument) throws(StateError) -> Void)?
    /// Makes the chart images of the messages whose sink or rule asks for one (SPEC §12); nil: no charts.
    package var charts: AlertCharts?
    /// Whether `deliver` sends the queued sinks' messages itself; `stream` only queues them and sends them off its
    /// event loop (`StreamDelivery`), so a slow sink never holds up the feeds, and leaves the webhook round that leaves
    /// nothing undelivered to its next save, so an alert waits for one state write, not two (a kill in between resends
    /// that round, same keys).
    package var sendsQueued = true

    package init(rules: RulesFile, transport: any HTTPTransport, json: Bool, quiet: Bool,
                color: ColorPolicy = ColorPolicy(enabled: false),
                sleeper: any Sleeper = ThreadSleeper(), retry: RetryPolicy = RetryPolicy()) {
        self.rules = rules
        self.transport = transport
        self.json = json
        self.quiet = quiet
        self.sleeper = sleeper
        self.retry = retry
        self.color = color
    }

    /// How `alert` reads on stdout: a JSON Lines record with `--json`, else the text line.
    package func stdoutLine(_ alert: Alert) -> String {
        (json ? AlertRecord.json(alert) : AlertRecord.line(alert, color: color)) + "\n"
    }

    /// A dry run's delivery: every alert on stdout (unless `-q`), whatever its sinks; nothing sent.
    package func print(_ alerts: [Alert], io: IO) {
        guard !quiet else { return }
        for alert in alerts { io.out(stdoutLine(alert)) }
    }

    /// Removes the secrets of rules.json (its sinks', its API keys and the `${…}` values) from text.
    var scrubber: SecretScrubber { SecretScrubber(rules: rules) }

    /// Saves the state with the backlog as it is now (the write-ahead save and the mid-delivery checkpoints).
    package typealias Save = (DeliveryBacklog) throws(StateError) -> Void

    /// `checkpoint` for a backlog inside `state` (the rest of the document as the pass left it).
    package func save(around state: StateDocument) -> Save? {
        guard let checkpoint else { return nil }
        return { (backlog: DeliveryBacklog) throws(StateError) in
            var document = state
            document.backlog = backlog
            try checkpoint(document)
        }
    }

    /// `deliver(_:backlog:now:io:save:)` on the backlog of `state`, saved around it (`save(around:)`).
    package func deliver(_ pending: [RuleRunner.Pending], state: inout StateDocument, now: Double, io: IO) -> Report {
        var backlog = state.backlog
        let report = deliver(pending, backlog: &backlog, now: now, io: io, save: save(around: state))
        state.backlog = backlog
        return report
    }

    /// The deliver stage: sends `pending`, the file spool and the outbox at `now` (seconds since 1970), changing only
    /// `backlog`; when the first `save` throws, nothing is sent.
    package func deliver(_ pending: [RuleRunner.Pending], backlog: inout DeliveryBacklog, now: Double, io: IO,
                        save: Save?) -> Report {
        var report = Report()
        var lines: [String] = []
        var webhookAlerts: [String: [Alert]] = [:]
        spoolWaiting(&backlog)
        for item in pending {
            for sink in item.sinks {
                switch rules.sinks[sink] {
                case .stdout?:
                    if !quiet { lines.append(stdoutLine(item.alert)) }
                case .file(let path)?:
                    backlog.fileSpool[path, default: []].append(AlertRecord.json(item.alert))
                case .webhook?, .command?, .email?, .unavailable?:
                    webhookAlerts[sink, default: []].append(item.alert)
                case nil:
                    report.errors.append("alert \(item.alert.rule) names sink '\(sink)', which rules.json does not define")
                }
            }
        }
        let hasWebhooks = !webhookAlerts.isEmpty || sendsQueued && !backlog.outbox.isEmpty
        var plan: OutboxPlan?
        if sendsQueued, hasWebhooks {
            plan = planWebhooks(webhookAlerts, backlog: &backlog, now: now)
        } else if hasWebhooks {
            OutboxPlan.queue(webhookAlerts, into: &backlog.outbox, sinks: rules.sinks, now: now)
        }
        // Write-ahead: nothing leaves before the state that records it is on disk.
        if !pending.isEmpty || !backlog.fileSpool.isEmpty || hasWebhooks {
            do {
                try save?(backlog)
            } catch {
                report.errors.append("\(error.message); nothing was sent, so no alert can repeat: "
                    + "the next pass that can write the state evaluates the rules again")
                report.failed = true
                report.stateUnwritten = true
                return report
            }
        }
        for line in lines { io.out(line) }
        if writeSpool(&backlog, report: &report) { try? save?(backlog) }
        guard let plan else { return report }
        let undelivered = sendWebhooks(plan, backlog: &backlog, now: now, environment: io.environment, save: save, report: &report)
        recordUndelivered(undelivered, backlog: &backlog, report: &report)
        return report
    }

    /// One line per sink that is unavailable (a `${…}` it cannot expand, SPEC §2) naming it and why, with how many of
    /// `outbox`'s alerts wait for it; `scope` says for how long ("in this pass"). A pass says them after delivering, `stream`
    /// once per load of the rules, `outbox retry` (`waitedFor`) those its messages wait for.
    package func unavailableSinks(outbox: [OutboxEntry], scope: String, waitedFor: Bool = false) -> [String] {
        rules.sinks.sorted { $0.key < $1.key }.compactMap { name, sink in
            guard case .unavailable(let type, let reason) = sink else { return nil }
            let waiting = outbox.filter { $0.sink == name }.reduce(0) { $0 + $1.alerts.count }
            if waitedFor && waiting == 0 { return nil }
            return "\(type) sink '\(name)' is unavailable \(scope): \(reason); "
                + "\(waiting) alert\(waiting == 1 ? "" : "s") wait\(waiting == 1 ? "s" : "") in the outbox"
        }
    }

    /// Moves the outbox's messages for a file sink, which waited there while the sink was unavailable (SPEC §2), to
    /// its file's spool, ahead of the pass's fresh alerts; how many messages moved.
    @discardableResult
    func spoolWaiting(_ backlog: inout DeliveryBacklog) -> Int {
        var kept: [OutboxEntry] = []
        for entry in backlog.outbox {
            guard case .file(let path)? = rules.sinks[entry.sink] else {
                kept.append(entry)
                continue
            }
            backlog.fileSpool[path, default: []] += entry.alerts.map(AlertRecord.json)
        }
        let moved = backlog.outbox.count - kept.count
        backlog.outbox = kept
        return moved
    }

    /// Appends each file's spooled records (one that cannot be written keeps them, exit 1); whether any file was written.
    func writeSpool(_ backlog: inout DeliveryBacklog, report: inout Report) -> Bool {
        var wrote = false
        for (path, records) in backlog.fileSpool.sorted(by: { $0.key < $1.key }) {
            do {
                try FileSink.append(records, to: path)
                backlog.fileSpool[path] = nil
                wrote = true
            } catch {
                report.errors.append(error.message + "; its \(records.count) record\(records.count == 1 ? "" : "s") "
                    + "stay in the state and are appended on the next pass")
                report.failed = true
            }
        }
        return wrote
    }

    /// The paths of every file sink, sorted.
    package var filePaths: [String] {
        Set(rules.sinks.values.compactMap { sink -> String? in
            if case .file(let path) = sink { return path }
            return nil
        }).sorted()
    }

    /// Sends the outbox's messages now, ignoring quiet hours and `Retry-After` waits (`outbox retry`), after appending
    /// the file records waiting in the spool for their file, as a pass does first; `appended` counts those records only,
    /// not the `undelivered` records of messages refused for good.
    package func retryOutbox(state: inout StateDocument, now: Double, environment: [String: String]) -> Report {
        var report = Report()
        var backlog = state.backlog
        defer { state.backlog = backlog }
        let spooled = spoolWaiting(&backlog)
        let waiting = backlog.spooledRecords
        if writeSpool(&backlog, report: &report) { report.delivered += spooled }
        report.appended = waiting - backlog.spooledRecords
        guard !backlog.outbox.isEmpty else { return report }
        let plan = planWebhooks([:], backlog: &backlog, now: now, forced: true)
        let undelivered = sendWebhooks(plan, backlog: &backlog, now: now, environment: environment,
                                       save: save(around: state), report: &report)
        recordUndelivered(undelivered, backlog: &backlog, report: &report)
        let unavailable = unavailableSinks(outbox: backlog.outbox, scope: "now", waitedFor: true)
        report.errors.insert(contentsOf: unavailable, at: 0)
        report.failed = report.failed || !unavailable.isEmpty
        return report
    }

    /// Records `entry`'s alerts as `dropped` in every file sink; the caller removes the entry from the outbox.
    package func recordDropped(_ entry: OutboxEntry, state: inout StateDocument, now: Double) -> Report {
        var report = Report()
        let error = entry.lastError.map { scrubber.scrub($0.text) }
        recordUndelivered(UndeliveredRecord.json(entry, reason: .dropped, error: error, time: now), backlog: &state.backlog,
                          report: &report)
        return report
    }

    /// Writes the records of alerts no webhook will get to every file sink (through the spool).
    func recordUndelivered(_ records: [String], backlog: inout DeliveryBacklog, report: inout Report) {
        guard !records.isEmpty else { return }
        for path in filePaths { backlog.fileSpool[path, default: []] += records }
        _ = writeSpool(&backlog, report: &report)
    }
}
