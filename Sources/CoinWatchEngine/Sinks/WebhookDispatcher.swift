import CoinWatchSupport
import CoinWatchTransport
import CoinWatchState
/// Sends the queued sinks' messages: each sink's in order, one part at a time, all sinks at once (webhooks and mail on
/// one curl multi handle, each command on its own thread); retries follow `RetryPolicy` through the injected `Sleeper`.
package struct WebhookDispatcher {
    /// What became of one sink's messages.
    package struct LaneResult {
        package var sink: String
        /// Answered 2xx (every part).
        var delivered: [OutboxEntry] = []
        /// Refused for good, with the one-line reason.
        package var refused: [(entry: OutboxEntry, error: ScrubbedText)] = []
        /// Sent without their chart, whose part was refused for good, with the one-line reason (SPEC §12).
        package var chartsRefused: [(entry: OutboxEntry, error: ScrubbedText)] = []
        /// Back to the outbox: the failing message and every one after it.
        var queued: [OutboxEntry] = []
        /// Why the sink stopped for this pass (the last retryable failure).
        package var stopError: ScrubbedText?
    }

    var transport: any HTTPTransport
    var sleeper: any Sleeper
    var retry: RetryPolicy
    var scrubber: SecretScrubber
    /// The environment a command sink's program inherits (before its `COINWATCH_*` variables).
    var environment: [String: String] = [:]

    private struct Progress {
        var lane: OutboxPlan.Lane
        var result: LaneResult
        var index = 0
        /// Indices of `lane.entries` answered 2xx (every part).
        var deliveredIndices: Set<Int> = []
        var requests: [SinkAttempt] = []
        var triesThisPart = 0
        /// Seconds after the start of sending when the next try may go.
        var due = 0.0
        var done = false
    }

    /// Sends every lane at `now` (seconds since 1970); after each round that delivered something, `progress` gets every
    /// lane's messages not yet answered 2xx, so the caller can save before anything else is sent.
    package func send(_ lanes: [OutboxPlan.Lane], now: Double,
              progress: (_ undelivered: [OutboxEntry]) -> Void = { _ in }) -> (results: [LaneResult], requestCount: Int) {
        var lanes = lanes.map { Progress(lane: $0, result: LaneResult(sink: $0.sink)) }
        for i in lanes.indices { prepare(&lanes[i], at: 0, now: now) }
        var elapsed = 0.0
        var requestCount = 0
        while true {
            let active = lanes.indices.filter { !lanes[$0].done }
            guard let nextDue = active.map({ lanes[$0].due }).min() else { break }
            if nextDue > elapsed {
                sleeper.sleep(seconds: nextDue - elapsed)
                elapsed = nextDue
            }
            let ready = active.filter { lanes[$0].due <= elapsed }
            let attempts = ready.map { lanes[$0].requests[lanes[$0].lane.entries[lanes[$0].index].partsDelivered] }
            for i in ready {
                let index = lanes[i].index
                lanes[i].lane.entries[index].firstAttempt = lanes[i].lane.entries[index].firstAttempt ?? now
            }
            let answers = perform(attempts)
            requestCount += attempts.count
            var deliveredSome = false
            for (i, (attempt, answer)) in zip(ready, zip(attempts, answers)) {
                let verdict = WebhookVerdict(answer, config: lanes[i].lane.config)
                if verdict == .delivered {
                    deliveredSome = true
                    noteUpload(attempt, answer, lane: &lanes[i], now: now)
                }
                handle(verdict, lane: &lanes[i], now: now, elapsed: elapsed)
            }
            if deliveredSome { progress(Self.undelivered(lanes)) }
        }
        return (lanes.map(\.result), requestCount)
    }

    /// Runs one round of tries at once (commands on their own threads beside the transport); answers in `attempts` order.
    private func perform(_ attempts: [SinkAttempt]) -> [SinkAnswer] {
        var requests: [HTTPRequest] = []
        var jobs: [@Sendable () -> CommandOutcome] = []
        for attempt in attempts {
            switch attempt {
            case .http(let request): requests.append(request)
            case .command(let invocation): jobs.append { CommandRunner.run(invocation) }
            }
        }
        let (outcomes, responses) = jobs.isEmpty ? ([], transport.perform(requests))
            : ConcurrentJobs.run(jobs) { transport.perform(requests) }
        var nextResponse = responses.makeIterator()
        var nextOutcome = outcomes.makeIterator()
        return attempts.map { attempt in
            switch attempt {
            case .http:
                return .http(nextResponse.next() ?? .failure(.internal(host: "", message: "no result")))
            case .command:
                return .command(nextOutcome.next() ?? CommandOutcome(end: .notStarted("no result")))
            }
        }
    }

    /// After a chart upload's 2xx: keeps the image's URI and readies the parts again, now ending with the event showing it.
    private func noteUpload(_ attempt: SinkAttempt, _ answer: SinkAnswer, lane progress: inout Progress, now: Double) {
        guard case .http(let request) = attempt, case .http(.success(let response)) = answer,
              case .webhook(let config) = progress.lane.config,
              let uri = config.format.delivery?.uploadedChart(request: request, body: response.body) else { return }
        progress.lane.entries[progress.index].chartURI = uri
        progress.requests = SinkAttempt.make(for: progress.lane.entries[progress.index], config: progress.lane.config,
                                             environment: environment, now: now)
    }

    private static func undelivered(_ lanes: [Progress]) -> [OutboxEntry] {
        lanes.flatMap { lane in
            lane.lane.entries.indices.filter { !lane.deliveredIndices.contains($0) }.map { lane.lane.entries[$0] }
        }
    }

    private func prepare(_ progress: inout Progress, at elapsed: Double, now: Double) {
        while progress.index < progress.lane.entries.count {
            let entry = progress.lane.entries[progress.index]
            progress.requests = SinkAttempt.make(for: entry, config: progress.lane.config, environment: environment, now: now)
            progress.triesThisPart = 0
            progress.due = elapsed
            if entry.partsDelivered < progress.requests.count { return }
            // Every part was delivered in an earlier pass.
            progress.result.delivered.append(entry)
            progress.deliveredIndices.insert(progress.index)
            progress.index += 1
        }
        progress.done = true
    }

    /// Whether the part just refused carries the message's chart rather than its text: then the message no longer has
    /// one (kept so in the outbox, so a retry never sends the image again) and `prepare` readies the text alone.
    private func dropsChart(_ progress: inout Progress, now: Double) -> Bool {
        var entry = progress.lane.entries[progress.index]
        guard entry.chart != nil, progress.requests.indices.contains(entry.partsDelivered) else { return false }
        let refused = progress.requests[entry.partsDelivered]
        entry.chart = nil
        entry.chartURI = nil
        let textAlone = SinkAttempt.make(for: entry, config: progress.lane.config, environment: environment, now: now)
        if textAlone.indices.contains(entry.partsDelivered), textAlone[entry.partsDelivered] == refused { return false }
        progress.lane.entries[progress.index] = entry
        return true
    }

    private func handle(_ verdict: WebhookVerdict, lane progress: inout Progress, now: Double, elapsed: Double) {
        let index = progress.index
        switch verdict {
        case .delivered:
            progress.lane.entries[index].partsDelivered += 1
            progress.triesThisPart = 0
            if progress.lane.entries[index].partsDelivered >= progress.requests.count {
                progress.result.delivered.append(progress.lane.entries[index])
                progress.deliveredIndices.insert(index)
                progress.index += 1
                prepare(&progress, at: elapsed, now: now)
            }
        case .final(let error):
            // SPEC §12: a refused image never costs the text, which goes on alone (or was already delivered).
            if dropsChart(&progress, now: now) {
                progress.result.chartsRefused.append((progress.lane.entries[index], scrubber.scrub(error)))
            } else {
                progress.result.refused.append((progress.lane.entries[index], scrubber.scrub(error)))
                progress.index += 1
            }
            prepare(&progress, at: elapsed, now: now)
        case .retry(let error, let retryAfter):
            let message = scrubber.scrub(error)
            progress.lane.entries[index].attempts += 1
            progress.lane.entries[index].lastError = message
            progress.triesThisPart += 1
            switch retry.next(afterAttempt: progress.triesThisPart, retryAfter: retryAfter) {
            case .retry(let delay):
                progress.due = elapsed + delay
            case .postpone(let notBefore):
                // The latest answer's wait: one without a Retry-After ends the wait an earlier answer asked for.
                progress.lane.entries[index].notBefore = notBefore.map { now + elapsed + $0 }
                // The rest of the sink's messages wait behind this one, so their order holds; their 24 h start now.
                progress.result.queued = progress.lane.entries[index...].map { entry in
                    var queued = entry
                    queued.firstAttempt = queued.firstAttempt ?? now
                    return queued
                }
                progress.result.stopError = message
                progress.done = true
            }
        }
    }

    package init(transport: any HTTPTransport, sleeper: any Sleeper, retry: RetryPolicy, scrubber: SecretScrubber, environment: [String: String] = [:]) {
        self.transport = transport
        self.sleeper = sleeper
        self.retry = retry
        self.scrubber = scrubber
        self.environment = environment
    }
}
