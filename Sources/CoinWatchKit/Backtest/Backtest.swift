import Dispatch

/// A replay of history through rules.json with the live engine (SPEC §8): passes every `step`
/// seconds over [`from`, `to`], each handing `RuleRunner` — the very code of an alert pass — the
/// quotes the history held at that instant, with an injected clock (the pass time), a state that
/// lives in memory only, and no delivery. Alerts come back as the live pass would make them,
/// marked `backtest`.
public struct Backtest: Sendable {
    /// One coin's history in columns: its points (ms since 1970, price), sorted, what its candles
    /// add where it has them, and the quote's fixed fields.
    public struct Series: Sendable {
        public var times: [Int64]
        public var prices: [Double]
        /// Per point, the lowest and highest price of its candle; nil for a history of points.
        public var lows: [Double]?
        public var highs: [Double]?
        /// `volumeSums[i]`: the traded volume in the quote currency (each candle's volume × its
        /// close) of the points before point `i`, one entry more than the points; nil when the
        /// history holds no volume.
        public var volumeSums: [Double]?
        /// The quote a pass sees, price and 24h figures aside (provider, symbol, name, known highs).
        public var template: Quote

        public init(points: [(time: Int64, price: Double)], template: Quote) {
            times = points.map(\.time)
            prices = points.map(\.price)
            self.template = template
        }

        /// A history of candles, each seen at its point's time in `times` (same order), the price
        /// its close; the volumes are kept only when every candle has one.
        public init(candles: [Candle], times: [Int64], template: Quote) {
            self.times = times
            prices = candles.map(\.close)
            lows = candles.map(\.low)
            highs = candles.map(\.high)
            if candles.allSatisfy({ $0.volume != nil }) {
                var sum = 0.0
                var sums = [0.0]
                sums.reserveCapacity(candles.count + 1)
                for candle in candles {
                    sum += (candle.volume ?? 0) * candle.close
                    sums.append(sum)
                }
                volumeSums = sums
            }
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

    /// Runs every pass and returns the alerts, oldest first (those of one pass in the order the
    /// live pass makes them), each with `backtest: true`. The coins are replayed one lane each
    /// (`RuleRunner.Lane`), spread over the cores: a pair reads nothing of another coin.
    public func run() -> [Alert] {
        let runner = RuleRunner(rules: rules)
        let lanes = runner.lanes()
        var fired = [[(target: Int, alert: Alert)]](repeating: [], count: lanes.count)
        fired.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer  // each lane writes its own slot only
            DispatchQueue.concurrentPerform(iterations: lanes.count) { index in
                out[index] = replay(lanes[index], runner: runner)
            }
        }
        // Sorted by small keys (time, pair, place), not by moving the alerts themselves.
        var keys: [(time: Double, target: Int, lane: Int, index: Int)] = []
        keys.reserveCapacity(fired.reduce(0) { $0 + $1.count })
        for (lane, alerts) in fired.enumerated() {
            for (index, entry) in alerts.enumerated() { keys.append((entry.alert.time, entry.target, lane, index)) }
        }
        keys.sort { ($0.time, $0.target) < ($1.time, $1.target) }
        return keys.map { fired[$0.lane][$0.index].alert }
    }

    /// Every pass of one coin's lane; its alerts with their pairs' positions (for the live order).
    private func replay(_ start: RuleRunner.Lane, runner: RuleRunner) -> [(target: Int, alert: Alert)] {
        guard let history = series[start.name] else { return [] }
        var lane = start
        var cursor = Cursor()
        var out: [(target: Int, alert: Alert)] = []
        // The quote's fixed figures observed once; each pass sets its price, clock, 24h figures and span,
        // and the lane its previous price and series: every field that changes is set every pass.
        var observation = Observation(quote: history.template, previous: nil, series: nil, now: from)
        for now in passTimes {
            guard cursor.advance(history, to: Int64((now * 1000).rounded())) else { continue }
            observation.price = history.prices[cursor.latest]
            observation.now = now
            observation.change24h = cursor.change24h(history)
            observation.volume24h = cursor.volume24h(history)
            if history.lows != nil { observation.span = cursor.span(history) }
            runner.evaluate(&lane, observation: &observation, quote: { cursor.quote(history) }) { target, pending in
                var alert = pending.alert
                alert.backtest = true
                out.append((target, alert))
            }
        }
        return out
    }

    /// Where a replay stands in one coin's points: the latest point at or before the pass, and
    /// the latest at or before 24 hours earlier (for the 24h figures). Both only move forward.
    struct Cursor {
        var latest = -1
        var dayBefore = -1
        /// The points that arrived since the previous pass (the first pass: its latest point only).
        var fresh = 0..<0

        /// Moves to the pass at `at` (ms); false before the first point (the coin is not quoted yet).
        mutating func advance(_ history: Series, to at: Int64) -> Bool {
            let times = history.times
            let seen = latest
            while latest + 1 < times.count, times[latest + 1] <= at { latest += 1 }
            guard latest >= 0 else { return false }
            fresh = seen < 0 ? latest..<latest + 1 : seen + 1..<latest + 1
            let earlier = at - 86_400_000
            while dayBefore + 1 < times.count, times[dayBefore + 1] <= earlier { dayBefore += 1 }
            return true
        }

        /// The change in percent from the latest price 24 hours before to the latest; nil without one.
        func change24h(_ history: Series) -> Double? {
            guard dayBefore >= 0, history.prices[dayBefore] > 0 else { return nil }
            return (history.prices[latest] - history.prices[dayBefore]) / history.prices[dayBefore] * 100
        }

        /// The volume in the quote currency traded over the points after the latest 24 hours
        /// before, up to the latest; nil when the history holds no volume or not a whole day of it.
        func volume24h(_ history: Series) -> Double? {
            guard dayBefore >= 0, let sums = history.volumeSums else { return nil }
            return sums[latest + 1] - sums[dayBefore + 1]
        }

        /// The lowest low and highest high of the candles that closed since the previous pass
        /// (SPEC §2 wicks); nil for a history of points or when no candle closed since.
        func span(_ history: Series) -> PriceSpan? {
            guard let lows = history.lows, let highs = history.highs, !fresh.isEmpty else { return nil }
            var low = lows[fresh.lowerBound], high = highs[fresh.lowerBound]
            for index in fresh.dropFirst() {
                low = min(low, lows[index])
                high = max(high, highs[index])
            }
            return PriceSpan(low: low, high: high)
        }

        /// The quote the pass sees (after `advance`).
        func quote(_ history: Series) -> Quote {
            var quote = history.template
            quote.price = history.prices[latest]
            quote.time = nil
            quote.change24h = change24h(history)
            quote.volume24h = volume24h(history)
            quote.span = span(history)
            return quote
        }
    }
}
