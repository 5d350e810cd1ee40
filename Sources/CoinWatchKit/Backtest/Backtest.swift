/// A replay of history through rules.json with the live engine (SPEC §8): passes every `step`
/// seconds over [`from`, `to`], each handing `RuleRunner` — the very code of an alert pass — the
/// quotes the history held at that instant, with an injected clock (the pass time), a state that
/// lives in memory only, and no delivery. Alerts come back as the live pass would make them,
/// marked `backtest`.
public struct Backtest: Sendable {
    /// One coin's history: its points (ms since 1970, price), sorted, and the quote's fixed fields.
    public struct Series: Sendable {
        public var times: [Int64]
        public var prices: [Double]
        /// The quote a pass sees, price and 24h change aside (provider, symbol, name, known highs).
        public var template: Quote

        public init(points: [(time: Int64, price: Double)], template: Quote) {
            times = points.map(\.time)
            prices = points.map(\.price)
            self.template = template
        }
    }

    public var rules: RulesFile
    /// Favorite (as written in rules.json) → its history.
    public var series: [String: Series]
    /// Seconds since 1970.
    public var from: Double
    public var to: Double
    /// Seconds between simulated passes.
    public var step: Double

    public init(rules: RulesFile, series: [String: Series], from: Double, to: Double, step: Double) {
        self.rules = rules
        self.series = series
        self.from = from
        self.to = to
        self.step = step
    }

    /// The pass times: `from`, `from + step`, … up to `to`.
    public var passTimes: StrideThrough<Double> { stride(from: from, through: to, by: max(step, 1)) }

    /// Runs every pass and returns the alerts, oldest first, each with `backtest: true`.
    public func run() -> [Alert] {
        let runner = RuleRunner(rules: rules)
        var state = StateDocument()
        let coins = Array(series)  // a fixed order, so each coin's cursor is a plain array slot
        var cursors = [Cursor](repeating: Cursor(), count: coins.count)
        var alerts: [Alert] = []
        var quotes: [String: Quote] = [:]
        quotes.reserveCapacity(coins.count)
        for now in passTimes {
            quotes.removeAll(keepingCapacity: true)
            let at = Int64((now * 1000).rounded())
            for index in coins.indices {
                if let quote = cursors[index].quote(coins[index].value, at: at) { quotes[coins[index].key] = quote }
            }
            for pending in runner.evaluate(quotes, pairs: &state.pairs, prices: &state.prices, now: now) {
                var alert = pending.alert
                alert.backtest = true
                alerts.append(alert)
            }
        }
        return alerts
    }

    /// Where a replay stands in one coin's points: the latest point at or before the pass, and
    /// the latest at or before 24 hours earlier (for the 24h change). Both only move forward.
    struct Cursor {
        var latest = -1
        var dayBefore = -1

        /// The quote at `at` (ms): nil before the first point.
        mutating func quote(_ history: Series, at: Int64) -> Quote? {
            let times = history.times
            while latest + 1 < times.count, times[latest + 1] <= at { latest += 1 }
            guard latest >= 0 else { return nil }
            let earlier = at - 86_400_000
            while dayBefore + 1 < times.count, times[dayBefore + 1] <= earlier { dayBefore += 1 }
            var quote = history.template
            quote.price = history.prices[latest]
            quote.time = nil
            if dayBefore >= 0, history.prices[dayBefore] > 0 {
                quote.change24h = (quote.price - history.prices[dayBefore]) / history.prices[dayBefore] * 100
            } else {
                quote.change24h = nil
            }
            return quote
        }
    }
}
