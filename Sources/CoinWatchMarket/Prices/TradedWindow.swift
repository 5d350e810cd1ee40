import CoinWatchSupport
/// One answer of Binance's rolling-window ticker for one favorite (SPEC §2 wicks, §6): the lowest and
/// highest price traded between `open` and `close`, kept until the next pass.
package struct TradedWindow: Codable, Sendable, Equatable, StateRecord {
    /// Where the window starts and ends, seconds since 1970 on the exchange's clock.
    package var open: Double, close: Double
    /// The lowest and highest price traded within it.
    package var low: Double, high: Double

    package init(open: Double, close: Double, low: Double, high: Double) {
        (self.open, self.close, self.low, self.high) = (open, close, low, high)
    }

    package static let fields = StateFields<TradedWindow>(blank: TradedWindow(open: 0, close: 0, low: 0, high: 0), [
        .required("open", \.open, .number),
        .required("close", \.close, .number),
        .required("low", \.low, .number),
        .required("high", \.high, .number),
    ])

    /// How long a window is kept (seconds): a day past the longest window the exchange serves,
    /// counted back from the newest window's end (the exchange's clock).
    package static let retention: Double = 8 * 86_400

    /// The span since the previous observation at `price`: where the window overlaps `last`, an extreme counts
    /// only beyond `last`'s, else the current price stands for it; nil when the figures are not a span.
    package func span(price: Double, after last: TradedWindow?) -> PriceSpan? {
        guard price.isFinite, price > 0 else { return nil }
        let overlaps = last.map { open < $0.close } ?? false
        let newHigh = !overlaps || high > (last?.high ?? 0)
        let newLow = !overlaps || low < (last?.low ?? .infinity)
        return PriceSpan(low: min(newLow ? low : price, price), high: max(newHigh ? high : price, price))
    }
}
