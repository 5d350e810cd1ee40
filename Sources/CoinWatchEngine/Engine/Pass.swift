import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
/// One alert pass; each stage reads what the one before returned and writes only its own part of the state:
/// 0. **clock** (`ClockStep`): a clock that went back is absorbed; writes `state.lastPass`.
/// 0b. **exchange events** (`MarketEventStage`): market lists at most once per `listing_interval`.
/// 1. **fetch** (`QuoteFetcher`): quotes through the cache, the 429 backoff and the failover;
///    writes `state.memory` and `state.outages`; an unquoted favorite makes the pass exit 1.
/// 1b. **candles** (`CandleFeed`): indicator readings from the history store and the provider.
/// 1c. **windows** (`WindowHistory`): the history of `new_high`/`new_low` windows nobody reports.
/// 2. **evaluate** (`RuleRunner`): every enabled rule and each pair's notify decision; writes
///    `state.pairs`, `state.prices` and `state.silences` and returns the alerts.
/// 3. **deliver** (`Delivery`): stdout, file sinks, then queued sinks (outbox first), write-ahead
///    through `save`; writes only the `DeliveryBacklog`. A dry run prints the alerts instead.
/// 4. **persist**: the caller holding the state lock (`RunCommand`) saves, never on a dry run.
package struct Pass: Sendable {
    /// What a pass did.
    package struct Outcome: Sendable {
        package var alerts: [Alert] = []
        package var exitCode: ExitCode = .success
        package var requestCount = 0
        /// The write-ahead save failed and nothing was sent; the error is already on stderr.
        package var stateUnwritten = false
    }

    package var rules: RulesFile
    package var fetcher: QuoteFetcher
    package var delivery: Delivery
    /// Evaluate and print, but send nothing (the caller also writes no state).
    package var dryRun: Bool
    /// `--baseline`: record prices and pair states, notify nothing (SPEC §11); the outbox waits too.
    package var baseline = false
    /// `-v`: one stderr line per notification held back (cooldown, silence, `for`, once).
    package var verbose = false
    /// The candles stage; nil: indicator conditions see no candles (they stay in warm-up).
    package var candles: CandleFeed?
    /// The windows stage: `new_high`/`new_low` windows the provider does not report, from its
    /// history; nil: they wait until coinwatch has watched the window.
    package var windows: WindowHistory?

    package init(rules: RulesFile, fetcher: QuoteFetcher, delivery: Delivery, dryRun: Bool) {
        self.rules = rules
        self.fetcher = fetcher
        self.delivery = delivery
        self.dryRun = dryRun
    }

    /// Runs the pass at `now` (seconds since 1970), updating `state` in memory.
    package func run(state: inout StateDocument, now: Double, io: IO) -> Outcome {
        var outcome = Outcome()
        let last = state.lastPass
        if let step = ClockStep.absorb(&state, now: now), let last {
            io.err("coinwatch: \(ClockStep.warning(step: step, last: last))\n")
        }
        state.lastPass = now
        // Before every stage that can notify (the events too), so a baseline un-sends all of it.
        let before = baseline ? state.pairs : PairTable()
        // Before the quotes, so a market list fetched here serves favorites too (one request).
        var stage = MarketEventStage(rules: rules, providers: fetcher.sources.map(\.provider), transport: fetcher.transport)
        stage.baseline = baseline
        let events = stage.run(state: &state, now: now)
        outcome.requestCount += events.requests
        for line in events.warnings { io.err("coinwatch: warning: \(line)\n") }
        // What each rule needs, worked out once for the stages below (DataPlan).
        let plan = DataPlan(rules)
        let runner = RuleRunner(rules: rules)
        let gathered = gather(plan, demand: plan.demand, lists: events, runner: runner, state: &state, previousPass: last, now: now,
                              io: io, outcome: &outcome)
        state.silences.removeAll { $0.until <= now }
        var held: [RuleRunner.Held]? = verbose ? [] : nil
        let quoted = runner.evaluate(gathered.quotes, pairs: &state.pairs, prices: &state.prices, now: now,
                                     silences: SilenceIndex(state.silences, now: now), held: &held, indicators: gathered.indicators)
        for line in held ?? [] {
            io.err("coinwatch: held back: \(line.rule) \(line.coin): \(line.reason)"
                + (line.until.map { " until \(TimeText.iso($0))" } ?? "") + "\n")
        }
        let pending = quoted + events.pending
        outcome.alerts = pending.map(\.alert)
        if baseline {
            Self.unsend(pending, before: before, pairs: &state.pairs)
            outcome.alerts = []
            return outcome
        }
        guard !dryRun else {
            delivery.print(outcome.alerts, io: io)
            return outcome
        }
        if verbose { sayQuietHours(pending, now: now, io: io) }
        var report = delivery.deliver(pending, state: &state, now: now, io: io)
        let unavailable = delivery.unavailableSinks(outbox: state.outbox, scope: "in this pass")
        report.errors.insert(contentsOf: unavailable, at: 0)
        report.failed = report.failed || !unavailable.isEmpty
        say(report, outcome: &outcome, io: io)
        return outcome
    }

    /// Stages 1–1c for `demand` (a pass: `plan.demand`, and the market `lists` its events stage read or not; `stream`:
    /// what its feeds do not serve), `runner` being this pass's for `rules`: the quotes fetched, by `QuoteKey`, and the
    /// indicator readings of every feed quoted (fetched, or among `known`: `stream`'s latest), `new_high`/`new_low`
    /// windows filled in `state.prices`; what went wrong on stderr, outages (of the quotes, the lists, the candles)
    /// at their edges (`OutageEdges`).
    package func gather(_ plan: DataPlan, demand: QuoteDemand, known: [String: Quote] = [:],
                        lists: MarketEventStage.Outcome = .init(), runner: RuleRunner, state: inout StateDocument,
                        previousPass: Double?, now: Double, io: IO,
                        outcome: inout Outcome) -> (quotes: [String: Quote], indicators: [String: IndicatorReadings]) {
        var fetcher = fetcher
        // The span since the previous pass, only where some rule reads it (crossings, ranges).
        if rules.rules.contains(where: { $0.enabled && $0.condition.kind.needs.tradedSpan }) {
            fetcher.spansSince = previousPass
        }
        let fetched = fetcher.fetch(demand, defaultVs: rules.vsCurrency, memory: &state.memory, now: now)
        outcome.requestCount += fetched.requestCount
        let quotes = known.isEmpty ? fetched.quotes : known.merging(fetched.quotes) { $1 }
        let (indicators, unread) = readIndicators(plan, quotes, memory: &state.memory, now: now, io: io, outcome: &outcome)
        let outage = sayOutages(fetched, unread: lists.failures + unread, answered: lists.answered, outages: &state.outages,
                                memory: state.memory, io: io, outcome: &outcome, now: now)
        // During an outage the held coin's missing quote is said with the outage, at its edges (SPEC §6).
        if let unquoted = runner.unvaluedHoldings(quotes), outage.failing.isEmpty || outage.spoke {
            io.err("coinwatch: portfolio not valued this pass: no quote for \(unquoted.joined(separator: ", ")) (a held coin)\n")
        }
        if let windows {
            let filled = windows.fill(rules, plan: plan, quotes: quotes, prices: &state.prices,
                                      providers: fetcher.sources.map(\.provider),
                                      transport: fetcher.transport, memory: &state.memory, now: now)
            outcome.requestCount += filled.requests
            for line in filled.warnings { io.err("coinwatch: warning: \(line)\n") }
        }
        return (fetched.quotes, indicators)
    }

    /// Says the fetch stage's outages and those of the lists and candles `unread` (one failure per provider), `answered`
    /// the lists read, at their edges (`OutageEdges`), and its missing coins, on stderr.
    private func sayOutages(_ fetched: QuoteFetcher.DemandOutcome, unread: [ProviderError], answered: Set<String>,
                            outages: inout [String: Outage], memory: ProviderMemory, io: IO, outcome: inout Outcome,
                            now: Double) -> OutageEdges.Report {
        var failures = fetched.failures
        for failure in unread where !failures.contains(where: { $0.provider == failure.provider }) { failures.append(failure) }
        // A round given up because coinwatch is stopping (stream's SIGTERM) says nothing: no outage, no missing coin.
        if failures.contains(where: \.isAbandoned) { return OutageEdges.Report() }
        let report = OutageEdges.update(failures: failures, answered: Set(fetched.quotes.values.map(\.provider)).union(answered),
                                        outages: &outages, backoff: memory.backoff, scrubber: SecretScrubber(rules: rules), now: now)
        for line in report.lines {
            io.err("coinwatch: \(line)\n")
        }
        for (vs, coins, unpriced) in fetched.missing {
            outcome.exitCode = .failure
            let list = coins.joined(separator: ", ")
            if report.failing.isEmpty {
                // A provider that answered for a coin without a price knows its id: the hint says what is missing.
                let unknown = coins.filter { unpriced[$0] == nil }
                if !unknown.isEmpty {
                    io.err("coinwatch: no provider quoted \(unknown.joined(separator: ", ")) in \(vs); "
                        + "check the favorite's id or add a provider that lists it\n")
                }
                for (provider, group) in Dictionary(grouping: coins.filter { unpriced[$0] != nil }, by: { unpriced[$0] ?? "" })
                    .sorted(by: { $0.key < $1.key }) {
                    let them = group.count == 1 ? "it" : "them"
                    io.err("coinwatch: no provider quoted \(group.joined(separator: ", ")) in \(vs): \(provider) lists \(them) "
                        + "but reports no price for \(them) in \(vs); add a provider that prices \(them)\n")
                }
            } else if report.spoke, fetched.failures.allSatisfy(\.isLocal) {
                // No request could be made: neither the providers nor the ids are to blame.
                io.err("coinwatch: no provider quoted \(list) in \(vs): coinwatch could not make a request "
                    + "(the line above says why), not a provider outage or the favorite's id\n")
            } else if report.spoke {
                // The outage is the cause: said at its edges with it, not every pass.
                let names = report.failing.keys.sorted().joined(separator: ", ")
                io.err("coinwatch: no provider quoted \(list) in \(vs): \(names) "
                    + "\(report.failing.count == 1 ? "is" : "are") failing (the provider is down, not the favorite's id)"
                    + (rules.providers.count == 1 ? "; add a second provider for failover\n" : "\n"))
            }
        }
        for (vs, group) in Dictionary(grouping: fetched.pinnedMissing, by: \.vs).sorted(by: { $0.key < $1.key }) {
            for (provider, coins) in Dictionary(grouping: group, by: \.provider).sorted(by: { $0.key < $1.key }) {
                outcome.exitCode = .failure
                // A failing provider is the cause, said at the outage's edges.
                guard report.failing[provider] == nil else { continue }
                io.err("coinwatch: \(provider) did not quote \(coins.map(\.coin).joined(separator: ", ")) in \(vs), "
                    + "and a rule asks for it there (provider, or a premium's against)\n")
            }
        }
        return report
    }

    /// The candles stage: each watched coin's indicator readings and the history requests that failed; warnings on stderr.
    private func readIndicators(_ plan: DataPlan, _ quotes: [String: Quote], memory: inout ProviderMemory, now: Double, io: IO,
                                outcome: inout Outcome) -> ([String: IndicatorReadings], [ProviderError]) {
        let needs = plan.indicatorNeeds
        guard let candles, !needs.isEmpty else { return ([:], []) }
        let sources = fetcher.sources.compactMap { $0.provider as? any HistorySource }
        let update = candles.update(needs: needs, quotes: quotes, sources: sources, transport: fetcher.transport,
                                    memory: &memory, now: now)
        outcome.requestCount += update.requests
        for line in update.warnings { io.err("coinwatch: warning: \(line)\n") }
        return (update.readings, update.failures)
    }

    /// `-v`: one stderr line per alert a sink's quiet hours hold back now.
    private func sayQuietHours(_ pending: [RuleRunner.Pending], now: Double, io: IO) {
        for item in pending {
            for sink in item.sinks {
                guard let quiet = rules.sinks[sink]?.quietHours, quiet.contains(instant: now) else { continue }
                io.err("coinwatch: held back: \(item.alert.rule) \(item.alert.coin): quiet hours of sink \(sink) "
                    + "until \(TimeText.clock(minutes: quiet.end)) local\n")
            }
        }
    }

    /// The deliver stage's report on stderr and in the outcome (exit 1 when something failed).
    private func say(_ report: Delivery.Report, outcome: inout Outcome, io: IO) {
        outcome.requestCount += report.requestCount
        for line in report.errors {
            io.err("coinwatch: \(line)\n")
        }
        if report.failed { outcome.exitCode = .failure }
        outcome.stateUnwritten = report.stateUnwritten
    }

    /// What a `--baseline` pass (or `stream`'s first evaluation) says it recorded, one line.
    package static func baselineLine(_ state: StateDocument, statePath: String) -> String {
        let firing = state.pairs.values.filter(\.firing).count
        return "baseline: recorded \(state.prices.count) price series and \(state.pairs.count) pair(s) in \(statePath); "
            + "\(firing) already true, quiet until they become true again; nothing was sent\n"
    }

    /// A baseline pass sends nothing: each pair that would have notified keeps its new firing state
    /// but not the notice's times or `once` marks (no cooldown from a notice never sent).
    static func unsend(_ pending: [RuleRunner.Pending], before: PairTable, pairs: inout PairTable) {
        for item in pending {
            let key = StateDocument.pairKey(rule: item.alert.rule, coin: item.alert.coin)
            guard var pair = pairs[key] else { continue }
            let old = before[key] ?? PairState()
            pair.lastNotified = old.lastNotified
            pair.lastFired = old.lastFired
            pair.firedOnce = old.firedOnce
            pair.resolvedOnce = old.resolvedOnce
            pairs[key] = pair
        }
    }
}
