import CoinWatchMarket
/// The provider-reported highs and lows a replayed pass sees (SPEC §8): seeded from the coin's daily history before
/// the replay, then moved by every pass's price, as a provider that saw those prices would report them.
struct BacktestMarks {
    /// 365 days, in ms.
    static let year: Int64 = 365 * 86_400_000

    /// The extremes of a window that slides forward in time: entries in time order, each kept only
    /// while no later one is as extreme (a monotonic queue), so the front is the window's extreme.
    struct Sliding {
        let high: Bool
        private var entries: [(time: Int64, value: Double)] = []
        private var head = 0

        init(high: Bool) { self.high = high }

        /// Adds `value` seen at `time` (not before the previous entry's time).
        mutating func add(_ value: Double, at time: Int64) {
            while entries.count > head, let last = entries.last, high ? last.value <= value : last.value >= value {
                entries.removeLast()
            }
            entries.append((time, value))
        }

        /// The extreme of the entries at or after `from`; nil when there is none.
        mutating func extreme(from: Int64) -> Double? {
            while head < entries.count, entries[head].time < from { head += 1 }
            if head > 4_096, head * 2 > entries.count {  // drop what slid out, now and then
                entries.removeFirst(head)
                head = 0
            }
            return head < entries.count ? entries[head].value : nil
        }
    }

    private var allHigh: Double?
    private var allLow: Double?
    private var yearHigh = Sliding(high: true)
    private var yearLow = Sliding(high: false)

    /// Marks seeded from the coin's daily highs and lows `before` the replay, oldest first.
    init(before: [Backtest.DailyExtreme]) {
        for day in before { add(high: day.high, low: day.low, at: day.time) }
    }

    private mutating func add(high: Double, low: Double, at time: Int64) {
        allHigh = max(allHigh ?? high, high)
        allLow = min(allLow ?? low, low)
        yearHigh.add(high, at: time)
        yearLow.add(low, at: time)
    }

    /// Takes in the pass's `price` at `time` (ms) and sets `quote`'s 52-week and all-time highs and lows
    /// to what the pass sees.
    mutating func pass(price: Double, at time: Int64, into quote: inout Quote) {
        add(high: price, low: price, at: time)
        let from = time - Self.year
        quote.high52w = yearHigh.extreme(from: from)
        quote.low52w = yearLow.extreme(from: from)
        quote.ath = allHigh
        quote.atl = allLow
    }
}
