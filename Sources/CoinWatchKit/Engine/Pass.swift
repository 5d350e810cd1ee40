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
        let quotes = fetch(memory: &state.memory, now: now, io: io, outcome: &outcome)
        let runner = RuleRunner(rules: rules)
        if let unquoted = runner.unvaluedHoldings(quotes) {
            io.err("coinwatch: portfolio not valued this pass: no quote for \(unquoted.joined(separator: ", ")) (a held coin)\n")
        }
        let pending = runner.evaluate(quotes, pairs: &state.pairs, prices: &state.prices, now: now)
        outcome.alerts = pending.map(\.alert)
        deliver(pending, state: &state, now: now, io: io, outcome: &outcome)
        return outcome
    }

    /// The fetch stage: the quotes by `QuoteKey` (the favorite as written for `vs_currency`), one
    /// fetch per currency a rule asks for; failures and missing coins on stderr.
    private func fetch(memory: inout ProviderMemory, now: Double, io: IO, outcome: inout Outcome) -> [String: Quote] {
        var quotes: [String: Quote] = [:]
        for currency in QuoteDemand(rules).currencies {
            let fetched = fetcher.fetch(favorites: currency.failover, vs: currency.vs, pinned: currency.pinned, memory: &memory, now: now)
            outcome.requestCount += fetched.requestCount
            for failure in fetched.failures {
                io.err("coinwatch: \(failure.message)\n")
            }
            if !fetched.missing.isEmpty {
                io.err("coinwatch: no provider quoted \(fetched.missing.joined(separator: ", ")) in \(currency.vs); check the favorite's id or add a provider that lists it\n")
                outcome.exitCode = .failure
            }
            for (provider, coins) in Dictionary(grouping: fetched.pinnedMissing, by: \.provider).sorted(by: { $0.key < $1.key }) {
                io.err("coinwatch: \(provider) did not quote \(coins.map(\.favorite).joined(separator: ", ")) in \(currency.vs), and a rule asks for it there (provider, or a premium's against)\n")
                outcome.exitCode = .failure
            }
            if currency.vs == rules.vsCurrency, quotes.isEmpty {
                quotes = fetched.quotes
            } else {
                for (coin, quote) in fetched.quotes {
                    quotes[QuoteKey.key(coin, vs: currency.vs, provider: nil, defaultVs: rules.vsCurrency)] = quote
                }
            }
            for (provider, served) in fetched.pinnedQuotes {
                for (coin, quote) in served {
                    quotes[QuoteKey.key(coin, vs: currency.vs, provider: provider, defaultVs: rules.vsCurrency)] = quote
                }
            }
        }
        return quotes
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
