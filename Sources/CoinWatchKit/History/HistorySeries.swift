/// Which history a set of candles belongs to: (provider, coin, currency, timeframe), and whether it
/// holds candles or a provider's price points at that resolution (CoinGecko `market_chart`).
public struct SeriesKey: Sendable, Hashable {
    public var provider: String
    /// The provider's id of the coin (`bitcoin`, `BTCUSDT`, `KRW-BTC`).
    public var coin: String
    /// Lower-case quote currency.
    public var currency: String
    public var timeframe: Timeframe
    /// Price points (one row a point at its exact time) rather than candles on boundaries.
    public var points: Bool

    public init(provider: String, coin: String, currency: String, timeframe: Timeframe, points: Bool = false) {
        self.provider = provider
        self.coin = coin
        self.currency = currency.lowercased()
        self.timeframe = timeframe
        self.points = points
    }

    /// How the series is named in the store: `1h` for candles, `p1h` for points.
    public var timeframeTag: String { (points ? "p" : "") + timeframe.rawValue }
}

/// What one history answer held: the closed candles (or past points), sorted by time without
/// duplicates, and the one still forming, which is shown but never stored as closed.
public struct HistoryBatch: Sendable, Equatable {
    public var closed: [Candle]
    public var forming: Candle?

    public init(closed: [Candle], forming: Candle? = nil) {
        self.closed = closed
        self.forming = forming
    }

    /// Splits sorted `candles` of width `timeframe` at `now` (ms): a candle that has not ended by
    /// `now` is forming. For points, the newest is the provider's "now" point when it is younger than `timeframe`.
    public static func split(_ candles: [Candle], timeframe: Timeframe, points: Bool, now: Int64) -> HistoryBatch {
        guard let last = candles.last else { return HistoryBatch(closed: []) }
        let open = points ? now - last.openTime < timeframe.milliseconds : last.openTime + timeframe.milliseconds > now
        return open ? HistoryBatch(closed: Array(candles.dropLast()), forming: last) : HistoryBatch(closed: candles)
    }
}
