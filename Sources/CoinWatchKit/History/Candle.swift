/// One candle: prices over [`openTime`, `openTime` + its timeframe). A price point is a candle whose
/// four prices are equal (see `init(point:price:)`).
public struct Candle: Sendable, Equatable {
    /// Milliseconds since 1970 (UTC) when the candle opens (for a point: the point's time).
    public var openTime: Int64
    public var open: Double
    public var high: Double
    public var low: Double
    public var close: Double
    /// Traded volume in the base asset; nil when the provider gives none (CoinGecko).
    public var volume: Double?

    public init(openTime: Int64, open: Double, high: Double, low: Double, close: Double, volume: Double?) {
        self.openTime = openTime
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
    }

    /// A price point (time in ms, price) kept in the candle shape.
    public init(point time: Int64, price: Double) {
        self.init(openTime: time, open: price, high: price, low: price, close: price, volume: nil)
    }

    /// Whether the prices are finite, positive and consistent (low ≤ open, close ≤ high) and the volume is not negative.
    public var isSane: Bool {
        let prices = [open, high, low, close]
        return prices.allSatisfy { $0.isFinite && $0 > 0 } && low <= min(open, close) && high >= max(open, close)
            && (volume.map { $0.isFinite && $0 >= 0 } ?? true)
    }
}
