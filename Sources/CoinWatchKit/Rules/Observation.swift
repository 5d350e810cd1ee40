/// What a condition is judged against in one pass for one coin: the quote's figures, the
/// previous price and the recorded history. A pass makes one per quoted coin and every rule on
/// that coin reads the same one; it holds numbers and the history only, not the quote's strings.
public struct Observation: Sendable, Equatable {
    /// The current price.
    public var price: Double
    /// The last price recorded in state for the coin and currency; nil at the first observation.
    public var previous: Double?
    /// The provider's 24h change in percent, where it reports one.
    public var change24h: Double?
    /// The provider's own highs and lows, where it reports them.
    public var marks: Marks
    /// Prices recorded before this pass (the current price not yet added).
    public var series: PriceSeries?
    /// The instant of the pass, seconds since 1970.
    public var now: Double

    /// The provider's highs and lows for the windows it reports.
    public struct Marks: Sendable, Equatable {
        public var high24h: Double?, low24h: Double?, high52w: Double?, low52w: Double?, ath: Double?, atl: Double?

        /// The highs and lows of `quote`.
        public init(_ quote: Quote) {
            (high24h, low24h, high52w, low52w, ath, atl) =
                (quote.high24h, quote.low24h, quote.high52w, quote.low52w, quote.ath, quote.atl)
        }

        /// The provider's high (or low) for `window`: 24h, 52w or all-time; nil for 7d and 30d.
        func mark(high: Bool, window: Window) -> Double? {
            switch window {
            case .h24: return high ? high24h : low24h
            case .w52: return high ? high52w : low52w
            case .all: return high ? ath : atl
            case .d7, .d30: return nil
            }
        }
    }

    /// An observation of `quote` at `now` against what state recorded before it.
    public init(quote: Quote, previous: Double?, series: PriceSeries?, now: Double) {
        self.price = quote.price
        self.previous = previous
        self.change24h = quote.change24h
        self.marks = Marks(quote)
        self.series = series
        self.now = now
    }

    /// Recorded points no older than `seconds` before `now`; every point when `seconds` is nil.
    public func recorded(within seconds: Double?) -> [PricePoint] {
        guard let points = series?.points else { return [] }
        guard let seconds else { return points }
        let from = now - seconds
        return points.filter { $0.t >= from }
    }
}
