/// One alert pass, one way: each stage reads what the one before it returned and writes only its
/// own part of the state.
/// 0. **clock**: a clock that went back is absorbed (`ClockStep`); writes `state.lastPass`.
/// 1. **fetch** (`QuoteFetcher`): quotes every favorite through the cache, the 429 backoff and the
///    failover; writes `state.memory` only and returns the quotes. Provider problems go to stderr;
///    a favorite no provider quoted makes the pass exit 1.
/// 2. **evaluate** (`RuleRunner`): every enabled rule and the notify decision of each (rule, coin)
///    pair; writes `state.pairs` and `state.prices` only and returns the alerts with their sinks.
/// 3. **deliver** (`Delivery`): stdout, the file sinks, then every webhook (the outbox first); writes
///    `state.outbox` only (write-ahead: the state that records the alerts is saved first, and
///    checkpointed mid-delivery). A dry run prints the alerts instead.
/// 4. **persist**: the caller that holds the state lock (`RunCommand`) saves the document, never on a dry run.
public struct Pass: Sendable {
    /// What a pass did.
    public struct Outcome: Sendable {
        public var alerts: [Alert] = []
        public var exitCode: ExitCode = .success
        public var requestCount = 0
        /// The write-ahead save failed and nothing was sent; the error is already on stderr.
        public var stateUnwritten = false
    }

    public var rules: RulesFile
    public var fetcher: QuoteFetcher
    public var delivery: Delivery
    /// Evaluate and print, but send nothing (the caller also writes no state).
    public var dryRun: Bool

    public init(rules: RulesFile, fetcher: QuoteFetcher, delivery: Delivery, dryRun: Bool) {
        self.rules = rules
        self.fetcher = fetcher
        self.delivery = delivery
        self.dryRun = dryRun
    }

    /// Runs the pass at `now` (seconds since 1970), updating `state` in memory.
    public func run(state: inout StateDocument, now: Double, io: IO) -> Outcome {
        var outcome = Outcome()
        let last = state.lastPass
        if let step = ClockStep.absorb(&state, now: now), let last {
            io.err("coinwatch: \(ClockStep.warning(step: step, last: last))\n")
        }
        state.lastPass = now
        let quotes = fetch(memory: &state.memory, previousPass: last, now: now, io: io, outcome: &outcome)
        let pending = RuleRunner(rules: rules).evaluate(quotes, pairs: &state.pairs, prices: &state.prices, now: now)
        outcome.alerts = pending.map(\.alert)
        deliver(pending, state: &state, now: now, io: io, outcome: &outcome)
        return outcome
    }

    /// The fetch stage: the quotes by favorite as written; failures and missing favorites on stderr.
    private func fetch(memory: inout ProviderMemory, previousPass: Double?, now: Double, io: IO,
                       outcome: inout Outcome) -> [String: Quote] {
        var fetcher = fetcher
        // The span since the previous pass, only where some rule reads it (crossings, ranges).
        if fetcher.spansSince == nil, rules.rules.contains(where: { $0.enabled && $0.condition.kind.needs.tradedSpan }) {
            fetcher.spansSince = previousPass
        }
        let fetched = fetcher.fetch(favorites: rules.favorites, vs: rules.vsCurrency, memory: &memory, now: now)
        outcome.requestCount = fetched.requestCount
        for failure in fetched.failures {
            io.err("coinwatch: \(failure.message)\n")
        }
        if !fetched.missing.isEmpty {
            io.err("coinwatch: no provider quoted \(fetched.missing.joined(separator: ", ")) in \(rules.vsCurrency); check the favorite's id or add a provider that lists it\n")
            outcome.exitCode = .failure
        }
        return fetched.quotes
    }

    /// The deliver stage (printing only, on a dry run); delivery errors on stderr.
    private func deliver(_ pending: [RuleRunner.Pending], state: inout StateDocument, now: Double, io: IO,
                         outcome: inout Outcome) {
        guard !dryRun else {
            delivery.print(outcome.alerts, io: io)
            return
        }
        let report = delivery.deliver(pending, state: &state, now: now, io: io)
        outcome.requestCount += report.requestCount
        for line in report.errors {
            io.err("coinwatch: \(line)\n")
        }
        if report.failed { outcome.exitCode = .failure }
        outcome.stateUnwritten = report.stateUnwritten
    }
}
