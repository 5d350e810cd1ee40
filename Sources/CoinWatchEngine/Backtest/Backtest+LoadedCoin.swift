extension Backtest {
    /// One coin's loaded history, for the report.
    package struct LoadedCoin {
        package var coin: String
        var provider: String
        var points: Int
        var first: Double?
        var last: Double?
        /// Every request made for the coin: its span, the days before it, its indicators' candles.
        package var requests: Int
        /// The history's candle (or point) width in seconds: no replay steps finer.
        package var resolution: Double

        package init(coin: String, provider: String, points: Int, first: Double?, last: Double?, requests: Int, resolution: Double) {
            self.coin = coin
            self.provider = provider
            self.points = points
            self.first = first
            self.last = last
            self.requests = requests
            self.resolution = resolution
        }
    }
}
