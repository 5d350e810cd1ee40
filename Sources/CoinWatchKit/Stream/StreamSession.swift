/// What `stream` evaluates and keeps between messages: the rules, the latest quote of every
/// favorite, the state, and the same `RuleRunner` and `Delivery` a pass uses. Prices are gathered
/// into rounds (one price per favorite; a second price of the same favorite starts a new round),
/// so every message is evaluated with the previous message's price as `previous`, and a burst
/// of messages read at once costs one rule evaluation per round rather than one per message.
///
/// Stages of each round: evaluate (RuleRunner) -> mark alerts `source: stream` -> deliver
/// (whose checkpoint writes the state before anything is sent; outbox first). State is written at most every `flushInterval` seconds otherwise.
final class StreamSession {
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
    var fetcher: QuoteFetcher
    var delivery: Delivery
    var state: StateDocument
    /// Favorite → its latest quote (REST, then every feed message).
    private(set) var quotes: [String: Quote] = [:]
    private var round: [String: Quote] = [:]
    private var dirty = false
    private var lastSave = -Double.infinity
    /// `.failure` once a state write or a delivery failed for good (the run goes on).
    private(set) var exitCode: ExitCode = .success
    /// Alerts raised so far.
    private(set) var alertCount = 0
    /// Feed prices taken so far.
    private(set) var messageCount = 0

    init(rules: RulesFile, fetcher: QuoteFetcher, delivery: Delivery, state: StateDocument, statePath: String,
         dryRun: Bool, io: IO, clock: any WallClock) {
        self.rules = rules
        self.runner = RuleRunner(rules: rules)
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
        evaluateRound()
        self.rules = rules
        runner = RuleRunner(rules: rules)
        self.fetcher = Self.uncached(fetcher)
        self.delivery = delivery
    }

    /// Takes one feed price for `favorites` (the ones its market serves). A favorite not yet
    /// quoted over REST is skipped: its symbol and name come from that quote.
    func take(_ tick: FeedTick, favorites: [String]) {
        for favorite in favorites {
            guard var quote = quotes[favorite] else { continue }
            if round[favorite] != nil { evaluateRound() }
            quote.price = tick.price
            if let change = tick.change24h { quote.change24h = change }
            quotes[favorite] = quote
            round[favorite] = quote
            messageCount += 1
        }
    }

    /// Evaluates the prices gathered since the last round and delivers what fires.
    func evaluateRound() {
        guard !round.isEmpty else { return }
        let now = clock.now().timeIntervalSince1970
        let pending = Self.evaluate(runner, round, state: &state, now: now)
        round.removeAll(keepingCapacity: true)
        dirty = true
        if !pending.isEmpty { deliver(pending, now: now) }
    }

    /// The evaluate stage on one document: `state` is accessed once (its pairs and prices are two
    /// parts of the same inout value, which a class property could not lend twice at once).
    private static func evaluate(_ runner: RuleRunner, _ round: [String: Quote], state: inout StateDocument,
                                 now: Double) -> [RuleRunner.Pending] {
        runner.evaluate(round, pairs: &state.pairs, prices: &state.prices, now: now)
    }

    /// Quotes `favorites` over REST (a bridge across a gap in a feed, or the polled favorites)
    /// and evaluates them as one round; returns the fetch's outcome.
    @discardableResult
    func bridge(_ favorites: [String]) -> QuoteFetcher.Outcome {
        evaluateRound()
        guard !favorites.isEmpty else { return QuoteFetcher.Outcome() }
        let now = clock.now().timeIntervalSince1970
        let fetched = fetcher.fetch(favorites: favorites, vs: rules.vsCurrency, memory: &state.memory, now: now)
        for failure in fetched.failures { io.err("coinwatch: \(failure.message)\n") }
        for (favorite, quote) in fetched.quotes { quotes[favorite] = quote }
        round = fetched.quotes
        evaluateRound()
        dirty = true
        return fetched
    }

    /// Retries the outbox's messages (when there are any) as a pass would.
    func retryOutbox() {
        guard !dryRun, !state.outbox.isEmpty else { return }
        let now = clock.now().timeIntervalSince1970
        report(delivery.deliver([], state: &state, now: now, io: io))
        dirty = true
    }

    /// Writes state when it changed and `flushInterval` passed since the last write (or `force`).
    func flush(force: Bool, monotonicNow: Double = Monotonic.now()) {
        guard dirty, !dryRun, force || monotonicNow - lastSave >= flushInterval else { return }
        _ = save(monotonicNow)
    }

    /// When the next write is due (monotonic seconds), or nil when nothing waits to be written.
    var flushDue: Double? { dirty && !dryRun ? lastSave + flushInterval : nil }

    /// The alerts raised by stream, through the pass's delivery: its checkpoint writes the state
    /// that records them (outbox and file spool included) before anything is sent (SPEC §3, §9).
    private func deliver(_ pending: [RuleRunner.Pending], now: Double) {
        var pending = pending
        for index in pending.indices { pending[index].alert.source = "stream" }
        alertCount += pending.count
        if dryRun {
            delivery.print(pending.map(\.alert), io: io)
            return
        }
        report(delivery.deliver(pending, state: &state, now: now, io: io))
        dirty = true
    }

    private func report(_ report: Delivery.Report) {
        for line in report.errors { io.err("coinwatch: \(line)\n") }
        if report.failed { exitCode = .failure }
    }

    /// Writes the state now; false (one line on stderr, exit 1 at the end) when it cannot be written.
    private func save(_ monotonicNow: Double) -> Bool {
        do {
            try StateStore.save(state, to: statePath)
            dirty = false
            lastSave = monotonicNow
            return true
        } catch {
            io.err("coinwatch: \(error.message)\n")
            exitCode = .failure
            lastSave = monotonicNow
            return false
        }
    }
}

