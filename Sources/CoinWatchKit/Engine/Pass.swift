/// One alert pass, in order: absorb a clock that went back (`ClockStep`) -> fetch quotes (cache,
/// backoff, failover) -> evaluate rules and decide per pair -> deliver to sinks (write-ahead: the
/// state that records the alerts is saved first) -> the caller persists state.
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
    /// `--baseline`: record prices and pair states, notify nothing (SPEC §11); the outbox waits too.
    public var baseline = false
    /// `-v`: one stderr line per notification held back (cooldown, silence, `for`, once).
    public var verbose = false

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
        let fetched = fetcher.fetch(favorites: rules.favorites, vs: rules.vsCurrency, state: &state, now: now)
        outcome.requestCount = fetched.requestCount
        let outages = OutageEdges.update(failures: fetched.failures, quotes: fetched.quotes, state: &state, now: now)
        for line in outages.lines {
            io.err("coinwatch: \(line)\n")
        }
        if !fetched.missing.isEmpty {
            outcome.exitCode = .failure
            let list = fetched.missing.joined(separator: ", ")
            if outages.failing.isEmpty {
                io.err("coinwatch: no provider quoted \(list) in \(rules.vsCurrency); check the favorite's id or add a provider that lists it\n")
            } else if outages.spoke {
                // The outage is the cause: said at its edges with it, not every pass.
                let names = outages.failing.keys.sorted().joined(separator: ", ")
                io.err("coinwatch: no provider quoted \(list) in \(rules.vsCurrency): \(names) "
                    + "\(outages.failing.count == 1 ? "is" : "are") failing (the provider is down, not the favorite's id); "
                    + "add a second provider for failover\n")
            }
        }
        state.silences.removeAll { $0.until <= now }
        var held: [RuleRunner.Held]? = verbose ? [] : nil
        let before = baseline ? state.pairs : PairTable()
        let pending = RuleRunner(rules: rules).run(quotes: fetched.quotes, state: &state, now: now, held: &held)
        for line in held ?? [] {
            io.err("coinwatch: held back: \(line.rule) \(line.coin): \(line.reason)"
                + (line.until.map { " until \(TimeText.iso($0))" } ?? "") + "\n")
        }
        outcome.alerts = pending.map(\.alert)
        if verbose, !dryRun, !baseline {
            for item in pending {
                for sink in item.sinks {
                    guard case .webhook(let config)? = rules.sinks[sink], let quiet = config.quietHours,
                          quiet.contains(instant: now) else { continue }
                    io.err("coinwatch: held back: \(item.alert.rule) \(item.alert.coin): quiet hours of sink \(sink) "
                        + "until \(TimeText.clock(minutes: quiet.end)) local\n")
                }
            }
        }
        if baseline {
            Self.unsend(pending, before: before, state: &state)
            outcome.alerts = []
            return outcome
        }
        if dryRun {
            if !delivery.quiet {
                for alert in outcome.alerts {
                    io.out(delivery.stdoutLine(alert))
                }
            }
            return outcome
        }
        let report = delivery.deliver(pending, state: &state, now: now, io: io)
        outcome.requestCount += report.requestCount
        for line in report.errors {
            io.err("coinwatch: \(line)\n")
        }
        if report.failed { outcome.exitCode = .failure }
        outcome.stateUnwritten = report.stateUnwritten
        return outcome
    }

    /// A baseline pass sends nothing: each pair that would have notified keeps its new firing state
    /// (a true level stays quiet until it becomes true again) but not the notice's times or `once`
    /// marks, so no cooldown runs from a notice never sent and a `once` rule still has its one.
    static func unsend(_ pending: [RuleRunner.Pending], before: PairTable, state: inout StateDocument) {
        for item in pending {
            let key = StateDocument.pairKey(rule: item.alert.rule, coin: item.alert.coin)
            guard var pair = state.pairs[key] else { continue }
            let old = before[key] ?? PairState()
            pair.lastNotified = old.lastNotified
            pair.lastFired = old.lastFired
            pair.firedOnce = old.firedOnce
            pair.resolvedOnce = old.resolvedOnce
            state.pairs[key] = pair
        }
    }
}
