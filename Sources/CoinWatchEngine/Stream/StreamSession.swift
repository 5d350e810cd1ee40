import CoinWatchSupport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
/// What `stream` evaluates and keeps between messages, with a pass's `RuleRunner` and `Delivery`.
/// A favorite's prices in one turn are one observation (the latest, with the lowest and highest as
/// its span, SPEC §2 wicks); `settle` evaluates, then delivers the turn's alerts together.
package final class StreamSession {
    /// Evaluate and print, send nothing, write no state.
    let dryRun: Bool
    /// Where state is written (the lock is the caller's).
    let statePath: String
    let io: IO
    let clock: any WallClock
    /// Seconds between state writes while only prices change.
    var flushInterval: Double = 5

    private(set) var rules: RulesFile
    private var runner: RuleRunner
    /// What each rule needs (DataPlan), for the REST polls.
    private(set) var plan: DataPlan
    /// The candles and windows stages of the REST polls, as a pass's (nil: none).
    package var candles: CandleFeed?
    package var windows: WindowHistory?
    var fetcher: QuoteFetcher
    package var delivery: Delivery
    var state: StateDocument
    /// `QuoteKey` → its latest quote (the REST polls, then every feed message): a favorite's own under its name.
    private(set) var quotes: [String: Quote] = [:]
    /// The latest indicator readings, by feed key (the REST polls' candles stage).
    private var indicators: [String: IndicatorReadings] = [:]
    /// When the last REST poll was (seconds since 1970): the spans of the next are since then.
    private var lastPoll: Double?
    private var round: [String: Quote] = [:]
    /// Alerts evaluated in this turn of the loop, delivered together by `settle`.
    private var unsent: [RuleRunner.Pending] = []
    /// Favorite → the prices its feed's throttle holds back, and when it was last evaluated (monotonic seconds).
    private var held: [String: Quote] = [:]
    private var evaluatedAt: [String: Double] = [:]
    private var throttles: [String: Double] = [:]
    /// `--baseline`: the next round (the start's REST quotes) records prices and pair states and notifies nothing.
    package var baselineNext = false
    private var dirty = false
    private var lastSave = -Double.infinity
    /// `.failure` once a state write or a delivery failed for good (the run goes on).
    private(set) var exitCode: ExitCode = .success
    /// Feed prices taken so far (a tick once, however many quotes it prices).
    private(set) var messageCount = 0
    /// Alerts raised so far, by the provider of their price (`--metrics`).
    private(set) var alertsByProvider: [String: Int] = [:]
    /// Alerts raised so far.
    var alertCount: Int { alertsByProvider.values.reduce(0, +) }
    /// `--metrics`: alerts are added to the state's running totals by rule and status, as a pass does.
    package var countsAlerts = false
    /// The queued sinks' threads (webhook, email, command).
    let sending = StreamDelivery()
    /// Exchange events (SPEC §14): the lists being fetched, and when the next fall due (seconds since 1970).
    private var lists: ListFetch?
    private var listsDue: Double? = -.infinity
    /// `--baseline`: the first lists fetched are recorded without notifying.
    package var baselineLists = false
    /// The chat side's changes to the state (SPEC §13), applied by the loop (`serveControl`).
    package private(set) lazy var control = ControlMailbox(wake: sending.wake)

    package init(rules: RulesFile, fetcher: QuoteFetcher, delivery: Delivery, state: StateDocument, statePath: String,
         dryRun: Bool, io: IO, clock: any WallClock) {
        self.rules = rules
        self.runner = RuleRunner(rules: rules)
        self.plan = DataPlan(rules)
        self.fetcher = Self.uncached(fetcher)
        self.delivery = delivery
        self.state = state
        self.statePath = statePath
        self.dryRun = dryRun
        self.io = io
        self.clock = clock
    }

    /// A bridge must see the price now, never a cached answer (it would read as a move back).
    private static func uncached(_ fetcher: QuoteFetcher) -> QuoteFetcher {
        var copy = fetcher
        for index in copy.sources.indices { copy.sources[index].config.cacheTTL = 0 }
        return copy
    }

    /// Puts new rules (and their fetcher and delivery) in force; pending prices are evaluated first.
    func replace(rules: RulesFile, fetcher: QuoteFetcher, delivery: Delivery) {
        releaseHeld(now: .infinity)
        settle()
        self.rules = rules
        runner = RuleRunner(rules: rules)
        plan = DataPlan(rules)
        indicators = [:]
        self.fetcher = Self.uncached(fetcher)
        self.delivery = delivery
        listsDue = -.infinity
    }

    /// The exchange events stage, as a pass runs it.
    private var eventStage: MarketEventStage {
        MarketEventStage(rules: rules, providers: fetcher.sources.map(\.provider), transport: fetcher.transport)
    }

    /// Starts fetching the market lists due on the pass's schedule on a thread of their own (`ListFetch`).
    func fetchListsIfDue() {
        guard lists == nil, let due = listsDue else { return }
        let now = clock.now().timeIntervalSince1970
        guard now >= due else { return }
        var stage = eventStage
        stage.baseline = baselineLists
        if due == -.infinity {
            for line in stage.groups(now: now).warnings { io.err("coinwatch: warning: \(line)\n") }
        }
        let groups = stage.dueGroups(memory: state.memory, now: now)
        guard !groups.isEmpty else {
            listsDue = stage.nextDue(memory: state.memory, now: now)
            return
        }
        let fetch = ListFetch(stage: stage, groups: groups, wake: sending.wake)
        lists = fetch
        fetch.start(transport: fetcher.transport)
    }

    /// Takes the lists that came in, judged as in a pass; the alerts go with the turn's (`settle`).
    func takeLists() {
        guard let fetch = lists, let answered = fetch.take() else { return }
        lists = nil
        let now = clock.now().timeIntervalSince1970
        var outcome = MarketEventStage.Outcome()
        let before = baselineLists ? state.pairs : PairTable()
        for (group, answers) in answered {
            fetch.stage.apply(group, answers: answers, state: &state, now: now, outcome: &outcome)
        }
        for line in outcome.warnings + outcome.failures.map(\.message) { io.err("coinwatch: warning: \(line)\n") }
        listsDue = eventStage.nextDue(memory: state.memory, now: now)
        // A list that could not be read is still due: asked again an interval later, as by the next pass, not at once.
        if !outcome.failures.isEmpty, let due = listsDue { listsDue = max(due, now + rules.interval) }
        dirty = true
        if baselineLists {
            baselineLists = false
            Pass.unsend(outcome.pending, before: before, pairs: &state.pairs)
            return
        }
        unsent += outcome.pending
    }

    /// A market's end its exchange's ticker announced (Upbit's `delisting_date`), judged for `delisting` rules at once.
    func announce(ending: String, market: String, exchange: String) {
        let now = clock.now().timeIntervalSince1970
        var outcome = MarketEventStage.Outcome()
        guard eventStage.announce(ending: ending, code: market, exchange: exchange, vs: rules.vsCurrency, state: &state, now: now,
                                  outcome: &outcome) else { return }
        dirty = true
        unsent += outcome.pending
    }

    /// Takes one feed price for the quotes of `keys` (`QuoteKey`; those not yet quoted over REST are skipped); a price
    /// within `throttle` seconds of the quote's last evaluation at `now` (monotonic) is held until `releaseHeld`.
    func take(_ tick: FeedTick, keys: [String], throttle: Double, now: Double) {
        messageCount += 1
        for key in keys {
            guard var quote = quotes[key] else { continue }
            quote.price = tick.price
            quote.span = nil  // a REST quote's span is not this trade's
            if let change = tick.change24h { quote.change24h = change }
            quotes[key] = quote
            guard throttle > 0 else {
                observe(key, quote)
                continue
            }
            if let last = evaluatedAt[key], now - last < throttle {
                held[key] = held[key].map { $0.followed(by: quote) } ?? quote
                throttles[key] = throttle
                continue
            }
            evaluatedAt[key] = now
            observe(key, held.removeValue(forKey: key).map { $0.followed(by: quote) } ?? quote)
        }
    }

    /// Evaluates the prices held back whose throttle window ended by `now` (monotonic seconds; `.infinity`: all).
    func releaseHeld(now: Double) {
        guard !held.isEmpty else { return }
        for (favorite, pending) in held where now == .infinity || now - (evaluatedAt[favorite] ?? 0) >= throttles[favorite] ?? 0 {
            held[favorite] = nil
            evaluatedAt[favorite] = now == .infinity ? nil : now
            observe(favorite, pending)
        }
    }

    /// When the next held price is due (monotonic seconds), or nil when none is held.
    var heldDue: Double? {
        held.keys.compactMap { favorite in evaluatedAt[favorite].map { $0 + (throttles[favorite] ?? 0) } }.min()
    }

    /// One price of `favorite` in the current round; a later one in the same round joins it as its span.
    private func observe(_ favorite: String, _ quote: Quote) {
        round[favorite] = round[favorite].map { $0.followed(by: quote) } ?? quote
    }

    /// Evaluates the prices gathered since the last round, with the latest of every other quote (what a
    /// ratio, the portfolio or a premium is made of) and indicator reading; what fires waits for `settle`.
    private func evaluateRound() {
        guard !round.isEmpty else { return }
        let now = clock.now().timeIntervalSince1970
        let before = baselineNext ? state.pairs : PairTable()
        for (key, quote) in round { quotes[key] = quote }
        let pending = Self.evaluate(runner, quotes, changed: Set(round.keys), indicators: indicators, state: &state, now: now)
        round.removeAll(keepingCapacity: true)
        dirty = true
        if baselineNext {
            baselineNext = false
            Pass.unsend(pending, before: before, pairs: &state.pairs)
            flush(force: true)
            if !delivery.quiet { io.out(Pass.baselineLine(state, statePath: statePath)) }
            return
        }
        unsent += pending
    }

    /// Evaluates what is gathered and delivers every alert of this turn at once (group commit).
    func settle() {
        evaluateRound()
        guard !unsent.isEmpty else { return }
        let pending = unsent
        unsent.removeAll(keepingCapacity: true)
        deliver(pending, now: clock.now().timeIntervalSince1970)
    }

    /// The evaluate stage on one document: `state` is accessed once (its pairs and prices are two
    /// parts of the same inout value, which a class property could not lend twice at once).
    private static func evaluate(_ runner: RuleRunner, _ quotes: [String: Quote], changed: Set<String>,
                                 indicators: [String: IndicatorReadings], state: inout StateDocument,
                                 now: Double) -> [RuleRunner.Pending] {
        var held: [RuleRunner.Held]?
        return runner.evaluate(quotes, changed: changed, pairs: &state.pairs, prices: &state.prices, now: now,
                               silences: SilenceIndex(state.silences, now: now), held: &held, indicators: indicators)
    }

    /// Quotes `demand` over REST through a pass's own stages (`Pass.gather`: fetch, candles, windows) and
    /// evaluates what it quoted as one round: the start (`plan.demand`), a feed's gap, and every
    /// `interval` what no feed serves.
    func poll(_ demand: QuoteDemand) {
        settle()
        let now = clock.now().timeIntervalSince1970
        var pass = Pass(rules: rules, fetcher: fetcher, delivery: delivery, dryRun: dryRun)
        pass.candles = candles
        pass.windows = windows
        var outcome = Pass.Outcome()
        let gathered = pass.gather(plan, demand: demand, known: quotes, runner: runner, state: &state, previousPass: lastPoll,
                                   now: now, io: io, outcome: &outcome)
        lastPoll = now
        indicators.merge(gathered.indicators) { $1 }
        round = gathered.quotes
        settle()
        dirty = true
    }

    /// Retries the outbox's messages as a pass would, each sink on its thread, and appends the spooled file records.
    func retryOutbox() {
        guard !dryRun else { return }
        if !state.fileSpool.isEmpty {
            report(delivery.deliver([], state: &state, now: clock.now().timeIntervalSince1970, io: io))
            dirty = true
        }
        guard !state.outbox.isEmpty else { return }
        sending.markDue(state.outbox.map(\.sink))
        dispatch()
    }

    private func dispatch() {
        sending.dispatch(outbox: state.outbox, delivery: delivery, now: clock.now().timeIntervalSince1970,
                         environment: io.environment)
    }

    /// Merges what the sinks' threads handed back, writes the state at once, and starts what became due.
    func collectDeliveries() {
        merge(sending.collect(into: &state.outbox))
        dispatch()
    }

    /// Applies what the chat side handed over and writes the state at once (its answers are sent only after).
    func serveControl() {
        control.serve(&state) { (state: StateDocument) throws(StateError) in try StateStore.save(state, to: statePath) }
    }

    /// Waits for the sinks' threads until `deadline` (monotonic seconds) before `stream` exits.
    func finishDeliveries(until deadline: Double) {
        merge(sending.finish(into: &state.outbox, until: deadline))
    }

    /// Records what the ended threads gave up on and writes the state at once; nothing when nothing was handed back.
    private func merge(_ ended: [StreamDelivery.Ended]?) {
        guard let ended else { return }
        for end in ended {
            var report = end.report
            delivery.recordUndelivered(end.records, backlog: &state.backlog, report: &report)
            self.report(report)
        }
        dirty = true
        flush(force: true)
    }

    /// Writes state when it changed and `flushInterval` passed since the last write (or `force`); a write that
    /// fails is one line on stderr, and exit 1 at the end.
    func flush(force: Bool) {
        let now = Monotonic.now()
        guard dirty, !dryRun, force || now - lastSave >= flushInterval else { return }
        lastSave = now
        do {
            try StateStore.save(state, to: statePath)
            dirty = false
        } catch {
            io.err("coinwatch: \(error.message)\n")
            exitCode = .failure
        }
    }

    /// When the next write is due (monotonic seconds), or nil when nothing waits to be written.
    var flushDue: Double? { dirty && !dryRun ? lastSave + flushInterval : nil }

    /// Delivers the alerts raised by stream as a pass does, write-ahead (SPEC §3, §9).
    private func deliver(_ pending: [RuleRunner.Pending], now: Double) {
        var pending = pending
        for index in pending.indices { pending[index].alert.source = "stream" }
        for item in pending { alertsByProvider[item.alert.provider, default: 0] += 1 }
        if countsAlerts {
            PassHealth.count(requests: [:], providerHosts: [:], alerts: pending.map(\.alert), state: &state)
        }
        if dryRun {
            delivery.print(pending.map(\.alert), io: io)
            return
        }
        report(delivery.deliver(pending, state: &state, now: now, io: io))
        dirty = true
        sending.markDue(Set(pending.flatMap(\.sinks)))
        dispatch()
    }

    private func report(_ report: Delivery.Report) {
        for line in report.errors { io.err("coinwatch: \(line)\n") }
        if report.failed { exitCode = .failure }
    }
}

