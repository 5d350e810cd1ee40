/// What a condition is judged against in one pass: the quote, the previous price and the history.
public struct Observation: Sendable, Equatable {
    /// The quote fetched in this pass.
    public var quote: Quote
    /// The last price recorded in state for the coin and currency; nil at the first observation.
    public var previous: Double?
    /// Prices recorded before this pass (the current price not yet added).
    public var series: PriceSeries?
    /// The instant of the pass, seconds since 1970.
    public var now: Double

    /// Creates an observation of `quote` at `now` against what state recorded before it.
    public init(quote: Quote, previous: Double?, series: PriceSeries?, now: Double) {
        self.quote = quote
        self.previous = previous
        self.series = series
        self.now = now
    }

    /// The current price.
    public var price: Double { quote.price }

    /// Recorded points no older than `seconds` before `now`; every point when `seconds` is nil.
    public func recorded(within seconds: Double?) -> [PricePoint] {
        guard let points = series?.points else { return [] }
        guard let seconds else { return points }
        let from = now - seconds
        return points.filter { $0.t >= from }
    }
}
