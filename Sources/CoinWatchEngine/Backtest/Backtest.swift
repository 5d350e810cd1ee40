import CoinWatchMarket
import CoinWatchRules
import Dispatch

/// A replay of history through rules.json with the live engine (SPEC §8): a pass every `step` seconds over [`from`,
/// `to`] hands `RuleRunner` the quotes the history held then, with the pass time as its clock, state in memory only
/// and no delivery.
package struct Backtest: Sendable {
    /// One coin's history in columns: its points (ms since 1970, price), sorted, what its candles
    /// add where it has them, and the quote's fixed fields.
    package struct Series: Sendable {
        package var times: [Int64]
        package var prices: [Double]
        /// Per point, the lowest and highest price of its candle; nil for a history of points.
        package var lows: [Double]?
        package var highs: [Double]?
        /// `volumeSums[i]`: the traded volume in the quote currency (each candle's volume × its
        /// close) of the points before point `i`, one entry more than the points; nil when the
        /// history holds no volume.
        package var volumeSums: [Double]?
        /// The quote a pass sees, price and 24h figures aside (provider, symbol, name, known highs).
        package var template: Quote
        /// The coin's daily highs and lows before the replay starts, oldest first, for `BacktestMarks`; nil: not fetched.
        package var before: [DailyExtreme]?
        /// The coin's indicator readings through the replay, each in force from its time on, oldest first; nil: none.
        package var indicators: [TimedReadings]?

        package init(points: [(time: Int64, price: Double)], template: Quote) {
            times = points.map(\.time)
            prices = points.map(\.price)
            self.template = template
        }

        /// A history of candles, each seen at its point's time in `times` (same order), the price
        /// its close; the volumes are kept only when every candle has one.
        package init(candles: [Candle], times: [Int64], template: Quote) {
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

    /// A coin's indicator readings from `time` (ms) on.
    package struct TimedReadings: Sendable {
        package var time: Int64
        package var readings: IndicatorReadings

        package init(time: Int64, readings: IndicatorReadings) {
            self.time = time
            self.readings = readings
        }
    }

    /// One day of a coin's history before the replay: its candle's open time (ms) and its extremes.
    package struct DailyExtreme: Sendable, Equatable {
        package var time: Int64
        package var high: Double
        package var low: Double

        package init(time: Int64, high: Double, low: Double) {
            self.time = time
            self.high = high
            self.low = low
        }
    }

    package var rules: RulesFile
    /// Favorite (as written in rules.json) → its history.
    package var series: [String: Series]
    /// Seconds since 1970.
    package var from: Double
    package var to: Double
    /// Seconds between simulated passes.
    package var step: Double

    package init(rules: RulesFile, series: [String: Series], from: Double, to: Double, step: Double) {
        self.rules = rules
        self.series = series
        self.from = from
        self.to = to
        self.step = step
    }

    /// The pass times: `from`, `from + step`, … up to `to`.
    package var passTimes: StrideThrough<Double> { stride(from: from, through: to, by: max(step, 1)) }

    /// What a replay made: every alert, oldest first (those of one pass in the order the live pass
    /// makes them), kept as the figures it is made of until `alerts()` makes the records.
    package struct Outcome: Sendable {
        let runner: RuleRunner
        /// Per lane: its coin as written, the quote its alerts name and their `url` (`RuleRunner.pageURL`).
        let names: [String]
        let templates: [Quote]
        let urls: [String?]
        /// The alerts, in order, each with its lane.
        let fired: [(lane: Int, fired: RuleRunner.Fired)]

        /// How many alerts the replay made.
        package var count: Int { fired.count }

        /// Each alert's rule id, coin, status and time, in order (what a summary counts).
        package var fires: [BacktestSummary.Fire] {
            fired.map { BacktestSummary.Fire(rule: runner.rules.rules[$0.fired.ruleIndex].id, coin: names[$0.lane],
                                             status: $0.fired.status, time: $0.fired.now) }
        }

        /// The alert records, as the live pass would make them, each with `backtest: true`.
        package func alerts() -> [Alert] {
            fired.map { entry in
                var alert = runner.alert(entry.fired, coin: names[entry.lane], template: templates[entry.lane], url: urls[entry.lane])
                alert.backtest = true
                return alert
            }
        }
    }

    /// Runs every pass and returns the alerts, oldest first, each with `backtest: true`.
    package func run() -> [Alert] { replay().alerts() }

    /// Runs every pass. The coins are replayed one lane each (`RuleRunner.Lane`), spread over the
    /// cores: a pair reads nothing of another coin.
    package func replay() -> Outcome {
        let runner = RuleRunner(rules: rules)
        let lanes = runner.lanes()
        // The pass times, worked out once for every lane: seconds, and ms for the points.
        let times = Array(passTimes)
        let milliseconds = times.map { Int64(($0 * 1000).rounded()) }
        var fired = [[RuleRunner.Fired]](repeating: [], count: lanes.count)
        fired.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer  // each lane writes its own slot only
            DispatchQueue.concurrentPerform(iterations: lanes.count) { index in
                out[index] = replay(lanes[index], runner: runner, times: times, milliseconds: milliseconds)
            }
        }
        var all: [(lane: Int, fired: RuleRunner.Fired)] = []
        all.reserveCapacity(fired.reduce(0) { $0 + $1.count })
        for lane in fired.indices {
            for entry in fired[lane] { all.append((lane, entry)) }
            fired[lane] = []  // let go of each lane's list once it is in `all`, not all of them at the end
        }
        all.sort { ($0.fired.now, $0.fired.target) < ($1.fired.now, $1.fired.target) }
        let templates = lanes.map { series[$0.name]?.template ?? Self.unknown }
        return Outcome(runner: runner, names: lanes.map(\.name), templates: templates,
                       urls: zip(lanes, templates).map { RuleRunner.pageURL(coin: $0.name, quote: $1) }, fired: all)
    }

    /// Stands in for the quote of a coin without history (never used: such a lane makes no alert).
    private static let unknown = Quote(providerID: "", symbol: "", name: "", vs: "", price: 0, provider: "")

    /// Every pass of one coin's lane; what its alerts are made of.
    private func replay(_ start: RuleRunner.Lane, runner: RuleRunner, times: [Double], milliseconds: [Int64]) -> [RuleRunner.Fired] {
        guard let history = series[start.name] else { return [] }
        var lane = start
        var cursor = Cursor()
        var out: [RuleRunner.Fired] = []
        // The quote's fixed figures observed once; each pass sets its price, clock, 24h figures and span,
        // and the lane its previous price and series: every field that changes is set every pass.
        var observation = runner.observation(of: lane, template: history.template, now: from)
        var marks = history.before.map(BacktestMarks.init)
        var marked = history.template  // the quote whose highs and lows the pass sees (numbers set only)
        var reading = -1  // the entry of `history.indicators` in force
        for (now, at) in zip(times, milliseconds) {
            guard cursor.advance(history, to: at) else { continue }
            observation.price = history.prices[cursor.latest]
            if marks != nil {
                marks?.pass(price: observation.price, at: at, into: &marked)
                observation.marks = Observation.Marks(marked)
            }
            if let indicators = history.indicators {
                while reading + 1 < indicators.count, indicators[reading + 1].time <= at { reading += 1 }
                observation.indicators = reading >= 0 ? indicators[reading].readings : nil
            }
            observation.now = now
            observation.change24h = cursor.change24h(history)
            observation.volume24h = cursor.volume24h(history)
            if history.lows != nil { observation.span = cursor.span(history) }
            runner.evaluate(&lane, observation: &observation) { out.append($0) }
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
    }
}
