/// Delivers a pass's alerts to their sinks: stdout, files, then all webhooks at once.
/// Webhook alerts that could not be delivered for a retryable reason wait in the outbox
/// and are sent first, oldest first, on the next passes (SPEC §3).
public struct Delivery: Sendable {
    /// What delivery did, for the exit code and stderr.
    public struct Report: Sendable, Equatable {
        /// One line per problem (stderr).
        public var errors: [String] = []
        /// Some alert was refused for good or a sink could not be written (exit 1).
        public var failed = false
        /// Alerts left in the outbox for a later pass.
        public var queued = 0
        /// Webhook requests made.
        public var requestCount = 0
    }

    /// How long an undelivered alert is retried before it is dropped, in seconds.
    public static let outboxLifetime: Double = 24 * 3600

    public var rules: RulesFile
    public var transport: any HTTPTransport
    /// Alerts on stdout as JSON Lines instead of text.
    public var json: Bool
    /// `-q`: nothing on stdout.
    public var quiet: Bool
    /// Color for the stdout text lines (a terminal only; never in JSON).
    public var color: ColorPolicy

    public init(rules: RulesFile, transport: any HTTPTransport, json: Bool, quiet: Bool,
                color: ColorPolicy = ColorPolicy(enabled: false)) {
        self.rules = rules
        self.transport = transport
        self.json = json
        self.quiet = quiet
        self.color = color
    }

    /// How `alert` reads on stdout: a JSON Lines record with `--json`, else the text line.
    public func stdoutLine(_ alert: Alert) -> String {
        (json ? AlertRecord.json(alert) : AlertRecord.line(alert, color: color)) + "\n"
    }

    /// Sends `pending` and the outbox; updates the outbox in `state`.
    public func deliver(_ pending: [RuleRunner.Pending], state: inout StateDocument, now: Double, io: IO) -> Report {
        var report = Report()
        var fileLines: [String: [String]] = [:]
        var webhookAlerts: [String: [Alert]] = [:]
        for item in pending {
            for sink in item.sinks {
                switch rules.sinks[sink] {
                case .stdout?:
                    if !quiet { io.out(stdoutLine(item.alert)) }
                case .file(let path)?:
                    fileLines[path, default: []].append(AlertRecord.json(item.alert))
                case .webhook?:
                    webhookAlerts[sink, default: []].append(item.alert)
                case nil:
                    report.errors.append("alert \(item.alert.rule) names sink '\(sink)', which rules.json does not define")
                }
            }
        }
        for (path, lines) in fileLines.sorted(by: { $0.key < $1.key }) {
            do {
                try FileSink.append(lines, to: path)
            } catch {
                report.errors.append(error.message)
                report.failed = true
            }
        }
        deliverWebhooks(webhookAlerts, state: &state, now: now, report: &report)
        return report
    }

    /// One POST batch: the outbox first, then this pass's alerts, all in flight at once.
    private func deliverWebhooks(_ fresh: [String: [Alert]], state: inout StateDocument, now: Double, report: inout Report) {
        var waiting: [String: [OutboxEntry]] = [:]
        for entry in state.outbox {
            if now - entry.queuedAt > Self.outboxLifetime {
                report.errors.append("webhook '\(entry.sink)': dropped alert \(entry.alert.id) (\(entry.alert.rule)) after 24 h undelivered: \(entry.lastError ?? "no answer")")
                continue
            }
            guard case .webhook? = rules.sinks[entry.sink] else {
                report.errors.append("webhook '\(entry.sink)' is no longer in rules.json; dropped queued alert \(entry.alert.rule)")
                continue
            }
            waiting[entry.sink, default: []].append(entry)
        }
        for (sink, alerts) in fresh {
            waiting[sink, default: []] += alerts.map { OutboxEntry(sink: sink, alert: $0, queuedAt: now) }
        }
        var jobs: [(sink: String, entries: [OutboxEntry], requests: [HTTPRequest])] = []
        for (sink, entries) in waiting.sorted(by: { $0.key < $1.key }) {
            guard case .webhook(let config)? = rules.sinks[sink] else { continue }
            let batches = config.group ? [entries] : entries.map { [$0] }
            for batch in batches {
                jobs.append((sink, batch, WebhookRequest.make(for: batch.map(\.alert), sink: sink, config: config)))
            }
        }
        let requests = jobs.flatMap(\.requests)
        report.requestCount += requests.count
        var results = transport.perform(requests)[...]
        var outbox: [OutboxEntry] = []
        for job in jobs {
            let answers = results.prefix(job.requests.count)
            results = results.dropFirst(job.requests.count)
            var failure: TransportError?
            for (request, result) in zip(job.requests, answers) {
                let checked = result.flatMap { response in
                    Result { () throws(TransportError) in try response.requireSuccess(host: HTTPRequest.host(of: request.url)) }
                }
                if case .failure(let error) = checked, failure == nil || error.isRetryable == false { failure = error }
            }
            guard let failure else { continue }
            let what = "webhook '\(job.sink)': \(failure.message)"
            if failure.isRetryable {
                outbox += job.entries.map { entry in
                    var queued = entry
                    queued.attempts += 1
                    queued.lastError = what
                    return queued
                }
                report.errors.append("\(what); \(job.entries.count) alert(s) queued for the next pass")
            } else {
                report.errors.append("\(what); alert refused for good")
                report.failed = true
            }
        }
        outbox.sort { $0.queuedAt < $1.queuedAt }
        report.queued = outbox.count
        state.outbox = outbox
    }
}
