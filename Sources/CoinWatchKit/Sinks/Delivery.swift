/// Delivers a pass's alerts to their sinks, in order: stdout, files, then every webhook sink at
/// once (the outbox's messages first, oldest first, then this pass's alerts). What a webhook
/// could not take for a retryable reason waits in the state's outbox (SPEC §3); what it will
/// never take is reported on stderr and recorded in every file sink.
public struct Delivery: Sendable {
    /// How long after its first try an undelivered message is dropped, in seconds.
    public static let outboxLifetime: Double = 24 * 3600

    public var rules: RulesFile
    public var transport: any HTTPTransport
    /// Alerts on stdout as JSON Lines instead of text.
    public var json: Bool
    /// `-q`: nothing on stdout.
    public var quiet: Bool
    /// Waits between retries.
    public var sleeper: any Sleeper
    public var retry: RetryPolicy
    /// Color for the stdout text lines (a terminal only; never in JSON).
    public var color: ColorPolicy
    /// Persists the state mid-delivery (before the first webhook try, after each round with a 2xx);
    /// nil persists nothing (dry runs, tests).
    public var checkpoint: (@Sendable (StateDocument) -> Void)?

    public init(rules: RulesFile, transport: any HTTPTransport, json: Bool, quiet: Bool,
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
    public func stdoutLine(_ alert: Alert) -> String {
        (json ? AlertRecord.json(alert) : AlertRecord.line(alert, color: color)) + "\n"
    }

    /// Removes the sinks' secrets from text.
    var scrubber: SecretScrubber { SecretScrubber(sinks: rules.sinks) }

    /// Sends `pending` and the outbox at `now` (seconds since 1970); updates the outbox in `state`.
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
        writeFiles(fileLines, report: &report)
        guard !webhookAlerts.isEmpty || !state.outbox.isEmpty else { return report }
        let undelivered = deliverWebhooks(webhookAlerts, state: &state, now: now, report: &report)
        recordUndelivered(undelivered, report: &report)
        return report
    }

    /// Appends each file's lines; a file that cannot be written is an error (exit 1).
    func writeFiles(_ lines: [String: [String]], report: inout Report) {
        for (path, records) in lines.sorted(by: { $0.key < $1.key }) {
            do {
                try FileSink.append(records, to: path)
            } catch {
                report.errors.append(error.message)
                report.failed = true
            }
        }
    }

    /// The paths of every file sink, sorted.
    var filePaths: [String] {
        Set(rules.sinks.values.compactMap { sink -> String? in
            if case .file(let path) = sink { return path }
            return nil
        }).sorted()
    }

    /// Sends the outbox's messages now, ignoring quiet hours and `Retry-After` waits (`outbox retry`);
    /// those still undelivered stay in it. Records what will never be delivered in every file sink.
    public func retryOutbox(state: inout StateDocument, now: Double) -> Report {
        var report = Report()
        guard !state.outbox.isEmpty else { return report }
        let undelivered = deliverWebhooks([:], state: &state, now: now, report: &report, forced: true)
        recordUndelivered(undelivered, report: &report)
        return report
    }

    /// Drops `entry` from delivery: an `undelivered` record (reason `dropped`) for each of its
    /// alerts in every file sink (`outbox drop`). The caller removes it from the outbox.
    public func recordDropped(_ entry: OutboxEntry, now: Double) -> Report {
        var report = Report()
        let error = entry.lastError.map(scrubber.scrub)
        recordUndelivered(entry.alerts.map {
            UndeliveredRecord.json($0, sink: entry.sink, reason: .dropped, error: error, time: now)
        }, report: &report)
        return report
    }

    /// Writes the records of alerts no webhook will get to every file sink.
    private func recordUndelivered(_ records: [String], report: inout Report) {
        guard !records.isEmpty else { return }
        writeFiles(Dictionary(uniqueKeysWithValues: filePaths.map { ($0, records) }), report: &report)
    }
}
