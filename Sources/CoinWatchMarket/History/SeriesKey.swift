/// Which history a set of candles belongs to: (provider, coin, currency, timeframe), and whether it
/// holds candles or a provider's price points at that resolution (CoinGecko `market_chart`).
package struct SeriesKey: Sendable, Hashable {
    package var provider: String
    /// The provider's id of the coin (`bitcoin`, `BTCUSDT`, `KRW-BTC`).
    package var coin: String
    /// Lower-case quote currency.
    package var currency: String
    package var timeframe: Timeframe
    /// Price points (one row a point at its exact time) rather than candles on boundaries.
    package var points: Bool

    package init(provider: String, coin: String, currency: String, timeframe: Timeframe, points: Bool = false) {
        self.provider = provider
        self.coin = coin
        self.currency = currency.lowercased()
        self.timeframe = timeframe
        self.points = points
    }

    /// How the series is named in the store: `1h` for candles, `p1h` for points.
    package var timeframeTag: String { (points ? "p" : "") + timeframe.rawValue }
}
