/// One candle: prices over [`openTime`, `openTime` + its timeframe). A price point is a candle whose
/// four prices are equal (see `init(point:price:)`).
package struct Candle: Sendable, Equatable {
    /// Milliseconds since 1970 (UTC) when the candle opens (for a point: the point's time).
    package var openTime: Int64
    package var open: Double
    package var high: Double
    package var low: Double
    package var close: Double
    /// Traded volume in the base asset; nil when the provider gives none (CoinGecko).
    package var volume: Double?

    package init(openTime: Int64, open: Double, high: Double, low: Double, close: Double, volume: Double?) {
        self.openTime = openTime
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
    }

    /// A price point (time in ms, price) kept in the candle shape.
    package init(point time: Int64, price: Double) {
        self.init(openTime: time, open: price, high: price, low: price, close: price, volume: nil)
    }

    /// Whether the prices are finite, positive and consistent (low ≤ open, close ≤ high) and the volume is not negative.
    package var isSane: Bool {
        open.isFinite && high.isFinite && low.isFinite && close.isFinite && low > 0 && low <= min(open, close)
            && high >= max(open, close) && (volume.map { $0.isFinite && $0 >= 0 } ?? true)
    }
}
