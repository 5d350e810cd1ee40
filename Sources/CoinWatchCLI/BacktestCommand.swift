import CoinWatchSupport
import CoinWatchTransport
import CoinWatchMarket
import CoinWatchRules
import CoinWatchState
import CoinWatchEngine
import Glibc
import Synchronization

/// `coinwatch backtest` (SPEC §8): replays each needed coin's history (through the history store)
/// through the live engine and prints per (rule, coin) how often it would have fired; sends nothing.
enum BacktestCommand {
    static func run(_ context: CommandContext) throws(ExitCodeError) -> ExitCode {
        // Every request goes through the counter: the progress and the report count the requests sent.
        let counter = CountingTransport(context.transport)
        var context = context
        context.transport = counter
        let progress = Progress(counter: counter, err: context.io.err, shown: isatty(2) == 1 && !context.arguments.quiet)
        context.io.err = progress.write  // a warning (or -v's line) never lands on the bar's line
        let arguments = context.arguments
        let span = try window(context)
        var rules = try context.loadRules(tolerateUnsetVariables: true)
        let known = rules.rules.map(\.id)
        for id in arguments.ruleIDs where !known.contains(id) {
            throw context.usage("Error: No rule '\(TerminalText.clean(id))' in \(context.rulesPath).\(Suggestion.phrase(for: id, in: known))")
        }
        if !arguments.ruleIDs.isEmpty { rules.rules = rules.rules.filter { arguments.ruleIDs.contains($0.id) } }
        var session = WatchSession.open(context, rules: rules)  // never finished: a backtest writes no state
        let provider = session.chosenProvider(among: ProviderName.allCases)
        let source = session.provider(provider)
        let store = HistoryStore.open(path: Paths.historyStore(environment: context.io.environment), now: session.now) { line in
            context.io.err("coinwatch: warning: \(line)\n")
        }
        progress.plan(plannedRequests(rules, span: span, provider: provider, source: source, store: store, session: session))
        var loaded = loadHistory(rules, span: span, provider: provider, source: source, store: store, progress: progress, session: &session)
        for line in BacktestCoverage.warnings(rules, series: loaded.series) { context.io.err("coinwatch: warning: \(line)\n") }
        guard !loaded.series.isEmpty else {
            progress.draw(last: true)
            throw context.fail(.failure, "coinwatch: no history to replay; nothing was backtested")
        }
        let resolution = loaded.coins.map(\.resolution).max() ?? 0
        let step = max(arguments.step ?? rules.interval, resolution)
        var series = loaded.series
        Backtest.addMade(to: &series, rules: rules)
        for coin in DataPlan(rules).historyCoins where series[coin] != nil {
            guard let template = series[coin]?.template else { continue }
            let sent = counter.total
            let found = indicatorReadings(coin, template: template, rules: rules, from: span.from, to: span.to, step: step,
                                          source: source, store: store, session: &session)
            series[coin]?.indicators = found.readings
            if let index = loaded.coins.firstIndex(where: { $0.coin == coin }) { loaded.coins[index].requests += counter.total - sent }
            for warning in found.warnings { context.io.err("coinwatch: warning: \(warning)\n") }
            progress.draw()
        }
        progress.draw(last: true)
        let backtest = Backtest(rules: rules, series: series, from: span.from, to: span.to, step: step)
        let outcome = backtest.replay()
        let summary = BacktestSummary(fires: outcome.fires, rules: rules, coins: Set(series.keys), from: span.from, to: span.to)
        let suggestions = BacktestTuning.suggestions(backtest, summary: summary)
        guard !arguments.quiet else { return loaded.failed ? .failure : .success }
        let report = BacktestReport(backtest: backtest, loaded: loaded.coins, summary: summary, outcome: outcome,
                                    suggestions: suggestions)
        if arguments.json {
            context.io.out(report.json() + "\n")
        } else {
            let chartCoin = arguments.ruleIDs.count == 1 && loaded.series.count == 1 ? loaded.series.keys.first : nil
            context.io.out(report.text(width: ShowChart.width(context.io.environment), chartOf: chartCoin, color: context.color))
        }
        return loaded.failed ? .failure : .success
    }

    /// [`from`, `to`] in seconds since 1970 from `--days`, `--from` and `--to`; throws the usage error.
    static func window(_ context: CommandContext) throws(ExitCodeError) -> (from: Double, to: Double) {
        let arguments = context.arguments
        if arguments.days != nil, arguments.from != nil {
            throw context.usage("Error: '--days' and '--from' both set the start; give one. See 'coinwatch backtest --help'.")
        }
        if arguments.to != nil, arguments.from == nil {
            throw context.usage("Error: '--to' needs '--from'. See 'coinwatch backtest --help'.")
        }
        let to = arguments.to ?? context.clock.now().timeIntervalSince1970
        let from = arguments.from ?? to - Double(arguments.days ?? 30) * 86_400
        guard from < to else {
            throw context.usage("Error: '--from \(TimeText.iso(from))' is not before '--to \(TimeText.iso(to))'.")
        }
        return (from, to)
    }

    /// The coins the rules need, each with its history over the span (and the day before it, for
    /// the 24h change, where the range fetched holds it) from `source`, the history of `provider`; a
    /// coin without history gets one warning.
    static func loadHistory(_ rules: RulesFile, span: (from: Double, to: Double), provider: ProviderName, source: any HistorySource,
                            store: HistoryStore?, progress: Progress,
                            session: inout WatchSession) -> (series: [String: Backtest.Series], coins: [Backtest.LoadedCoin], failed: Bool) {
        let context = session.context
        let range = chartRange(covering: span.to - span.from)
        var series: [String: Backtest.Series] = [:]
        var loadedCoins: [Backtest.LoadedCoin] = []
        var failed = false
        let end = Int64((span.to * 1000).rounded())
        let clock = Int64((session.now * 1000).rounded())
        for coin in DataPlan(rules).historyCoins {
            progress.draw()
            let sent = progress.counter.total
            let template = quoteTemplate(coin, vs: rules.vsCurrency, provider: provider, state: session.state)
            let result = HistoryLoader(source: source, store: store).load(
                market: source.historyMarket(for: template), vs: rules.vsCurrency, range: range, now: clock, until: end,
                advice: "check the coin and rules.json's vs_currency, or replay another span (--days, --from, --to)") { request in
                session.fetch(request, provider: source.name)
            }
            switch result {
            case .success(let loaded):
                if let warning = loaded.warning { context.io.err("coinwatch: warning: \(warning)\n") }
                let fromMs = Int64(((span.from - 86_400) * 1000).rounded())
                let kept = loaded.points.indices.filter { loaded.points[$0].time >= fromMs && loaded.points[$0].time <= end }
                let points = kept.map { loaded.points[$0] }
                let inSpan = points.filter { Double($0.time) / 1000 >= span.from }
                guard !points.isEmpty else {
                    context.io.err("coinwatch: warning: \(source.name) has no history for \(coin) between \(TimeText.iso(span.from)) and \(TimeText.iso(span.to)); its rules are not backtested\n")
                    failed = true
                    continue
                }
                // Candles bring their lows, highs and volumes; a provider's points only prices.
                series[coin] = source.servesPoints || loaded.candles.count != loaded.points.count
                    ? Backtest.Series(points: points, template: template)
                    : Backtest.Series(candles: kept.map { loaded.candles[$0] }, times: points.map(\.time), template: template)
                if needsMarks(rules, coin: coin) {
                    series[coin]?.before = dailyExtremes(before: Int64((span.from * 1000).rounded()), coin: coin, market: source.historyMarket(for: template),
                                                         vs: rules.vsCurrency, source: source, store: store, session: &session)
                }
                loadedCoins.append(Backtest.LoadedCoin(coin: coin, provider: source.name, points: inSpan.count,
                                              first: inSpan.first.map { Double($0.time) / 1000 },
                                              last: inSpan.last.map { Double($0.time) / 1000 }, requests: progress.counter.total - sent,
                                              resolution: Double(loaded.timeframe.milliseconds) / 1000))
                if context.arguments.verbose { context.io.err(ShowChart.origin(of: loaded, range: range)) }
            case .failure(let error):
                context.io.err("coinwatch: \(error.message); the rules of \(coin) are not backtested\n")
                failed = true
            }
        }
        if let store { try? store.rollUp(now: clock) }
        return (series, loadedCoins, failed)
    }

    /// The indicator readings a replay of `coin` sees (SPEC §8), each from its time (ms) on: the live
    /// candles stage at every pass time of the replay; nil, with the reason in `warnings`, without candles.
    static func indicatorReadings(_ coin: String, template: Quote, rules: RulesFile, from: Double, to: Double, step: Double,
                                  source: any HistorySource, store: HistoryStore?, session: inout WatchSession)
        -> (readings: [Backtest.TimedReadings]?, warnings: [String]) {
        let allNeeds = DataPlan(rules).indicatorNeeds
        guard let needs = allNeeds[coin], !needs.isEmpty else { return (nil, []) }
        let context = session.context
        guard !source.servesPoints else {
            return (nil, ["the indicator rules of \(coin) cannot be backtested: \(source.name)'s history holds prices, not candles; they never fire in the replay"])
        }
        guard let store else {
            return (nil, ["the indicator rules of \(coin) cannot be backtested: the history store cannot be opened; they never fire in the replay"])
        }
        let market = source.historyMarket(for: template)
        var warnings: [String] = []
        for fill in candleSpans(needs, market: market, vs: rules.vsCurrency, from: from, to: to, source: source) {
            let filled = HistoryLoader(source: source, store: store).fill(fill.key, market: market, vs: rules.vsCurrency, from: fill.from,
                                                                      to: fill.to, now: Int64((session.now * 1000).rounded())) {
                session.fetch($0, provider: source.name)
            }
            warnings += filled.warnings
            if let error = filled.error { warnings.append(HistoryLoader.describe(error)) }
        }
        let feed = CandleFeed(storePath: Paths.historyStore(environment: context.io.environment))
        var out: [Backtest.TimedReadings] = []
        for now in stride(from: from, through: to, by: max(step, 1)) {
            let update = feed.update(needs: allNeeds, quotes: [coin: template], sources: [source], transport: context.transport,
                                     memory: &session.state.memory, now: now)
            for warning in update.warnings + update.failures.map(\.message) where !warnings.contains(warning) { warnings.append(warning) }
            if let readings = update.readings[coin], out.last?.readings != readings {
                out.append(Backtest.TimedReadings(time: Int64((now * 1000).rounded()), readings: readings))
            }
        }
        return (out, warnings)
    }

    /// The candles the indicator rules `needs` read (SPEC §8): per timeframe, the series it is made from and the span
    /// (ms) from the rules' warm-up before `from` (seconds) to `to`.
    static func candleSpans(_ needs: [IndicatorNeed], market: String, vs: String, from: Double, to: Double,
                            source: any HistorySource) -> [(key: SeriesKey, from: Int64, to: Int64)] {
        let end = Int64((min(max(to, 0), 1e12) * 1000).rounded())
        return Set(needs.map(\.timeframe)).map { timeframe in
            let key = SeriesKey(provider: source.name, coin: market, currency: vs, timeframe: source.fetchTimeframe(for: timeframe))
            let start = timeframe.floor(Int64((min(max(from, 0), 1e12) * 1000).rounded())) - Int64(Indicator.window + 1) * timeframe.milliseconds
            return (key, start, end)
        }
    }

    /// The requests the backtest will send, with the store as it stands: per coin, the spans of its history, of the days
    /// before the start (`needsMarks`) and of its indicators' candles that the store (or an earlier span) does not hold.
    static func plannedRequests(_ rules: RulesFile, span: (from: Double, to: Double), provider: ProviderName, source: any HistorySource,
                                store: HistoryStore?, session: WatchSession) -> Int {
        let loader = HistoryLoader(source: source, store: store)
        let vs = rules.vsCurrency
        let now = Int64((session.now * 1000).rounded())
        let needs = DataPlan(rules).indicatorNeeds
        var known: [SeriesKey: Intervals] = [:]
        var total = 0
        for coin in DataPlan(rules).historyCoins {
            let market = source.historyMarket(for: quoteTemplate(coin, vs: vs, provider: provider, state: session.state))
            var spans = [loader.series(market: market, vs: vs, range: chartRange(covering: span.to - span.from), now: now,
                                       until: Int64((span.to * 1000).rounded()))]
            if needsMarks(rules, coin: coin) {
                spans.append(loader.series(market: market, vs: vs, range: .max, now: now, until: Int64((span.from * 1000).rounded())))
            }
            if let needs = needs[coin], !source.servesPoints, store != nil {
                spans += candleSpans(needs, market: market, vs: vs, from: span.from, to: span.to, source: source)
            }
            for (key, from, to) in spans {
                var held = known[key] ?? (try? store?.complete(key)) ?? Intervals()
                for planned in loader.requests(key, market: market, vs: vs, from: from, to: to, now: now, known: held) {
                    total += planned.requests.count
                    held.insert(planned.span.start, planned.span.end)
                }
                known[key] = held
            }
        }
        return total
    }

    /// Whether an enabled rule on `coin` is a `new_high`/`new_low` over 52 weeks or all time, which a
    /// live pass judges against the provider's own high or low for the window.
    static func needsMarks(_ rules: RulesFile, coin: String) -> Bool {
        rules.rules.contains { rule in
            guard rule.enabled, rules.pairCoins(of: rule).contains(coin),
                  let window = (rule.condition.kind as? any WindowExtremeKind)?.window else { return false }
            return window == .w52 || window == .all
        }
    }

    /// The daily highs and lows of `coin` closed before `start` (ms), for the provider-reported highs a
    /// replay takes as known at the start; nil (with a warning) when there are none.
    static func dailyExtremes(before start: Int64, coin: String, market: String, vs: String, source: any HistorySource,
                              store: HistoryStore?, session: inout WatchSession) -> [Backtest.DailyExtreme]? {
        let context = session.context
        let result = HistoryLoader(source: source, store: store).load(market: market, vs: vs, range: .max, now: Int64((session.now * 1000).rounded()),
                                                                     until: start) { request in
            session.fetch(request, provider: source.name)
        }
        switch result {
        case .success(let loaded):
            if let warning = loaded.warning { context.io.err("coinwatch: warning: \(warning)\n") }
            let width = loaded.timeframe.milliseconds
            // A point is known at its time; a candle once it has closed (the one `start` falls in is not).
            let closed = loaded.candles.filter { source.servesPoints ? $0.openTime < start : $0.openTime + width <= start }
            return closed.map { Backtest.DailyExtreme(time: $0.openTime, high: $0.high, low: $0.low) }
        case .failure(let error):
            context.io.err("coinwatch: warning: \(error.message); the 52-week and all-time highs and lows of \(coin) are not known at the start\n")
            return nil
        }
    }

    /// `\r[#########           ] 5/11 requests` on stderr when it is a terminal, redrawn in place: the requests sent
    /// so far (`counter`) of those planned, the count the report gives per coin. Any other line on stderr (`write`,
    /// the command's `io.err`) is written over the bar from the line's start; the next draw puts the bar under it.
    final class Progress: Sendable {
        let counter: CountingTransport
        private let err: @Sendable (String) -> Void
        private let shown: Bool
        /// The requests planned, and the columns of the bar on the screen's last line (0: none there).
        private let state = Mutex((planned: 0, drawn: 0))

        init(counter: CountingTransport, err: @escaping @Sendable (String) -> Void, shown: Bool) {
            self.counter = counter
            self.err = err
            self.shown = shown
        }

        /// Sets the requests the bar counts toward.
        func plan(_ requests: Int) { state.withLock { $0.planned = requests } }

        /// Writes `text` to stderr, over the bar (padded to its width) when one is drawn.
        func write(_ text: String) {
            let bar = state.withLock { state in defer { state.drawn = 0 }; return state.drawn }
            guard bar > 0 else { return err(text) }
            let ended = text.hasSuffix("\n")
            err("\r" + TextCell.pad(String(text.dropLast(ended ? 1 : 0)), bar) + (ended ? "\n" : ""))
        }

        func draw(last: Bool = false) {
            guard shown else { return }
            let done = counter.total, width = 20
            let total = state.withLock { max($0.planned, done) }
            let filled = total == 0 ? width : done * width / total
            let bar = "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
                + "] \(done)/\(total) request\(total == 1 ? "" : "s")"
            state.withLock { $0.drawn = last ? 0 : bar.count }
            err("\r" + bar + (last ? "\n" : ""))
        }
    }

    /// The shortest chart range that covers `seconds` (its candle width is the history's resolution).
    static func chartRange(covering seconds: Double) -> ChartRange {
        ChartRange.allCases.first { ($0.milliseconds ?? .max) >= Int64(min(seconds, 1e12) * 1000) } ?? .max
    }

    /// The quote a replayed pass starts from for `coin`, from what passes learned (no request).
    static func quoteTemplate(_ coin: String, vs: String, provider: ProviderName, state: StateDocument) -> Quote {
        let symbol = state.memory.symbols[coin.lowercased()] ?? coin.uppercased()
        let id = provider.provider.marketCode(symbol: symbol, vs: vs)
            ?? state.memory.resolved[provider.rawValue]?[coin] ?? coin.lowercased()
        return Quote(providerID: id, symbol: symbol, name: coin, vs: vs, price: 0, provider: provider.rawValue)
    }
}
