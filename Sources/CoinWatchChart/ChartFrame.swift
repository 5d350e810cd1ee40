/// Where a chart's plot stands on the image and how prices and times map onto it (pixels, y downwards).
struct ChartFrame {
    var left: Double, top: Double, right: Double, bottom: Double
    /// The lowest and highest price the plot's height spans.
    var low: Double, high: Double
    /// The first and last time the plot's width spans, ms.
    var start: Int64, end: Int64

    /// The y of `price`; differences are taken of halves, which no finite prices overflow.
    func y(_ price: Double) -> Double {
        bottom - (price / 2 - low / 2) / (high / 2 - low / 2) * (bottom - top)
    }

    /// The x of `time` (ms); the middle when the span is empty.
    func x(_ time: Int64) -> Double {
        guard end > start else { return (left + right) / 2 }
        return left + Double(time - start) / Double(end - start) * (right - left)
    }

    /// The prices from `low` to `high` widened to hold every one of `extra` and padded by 8% of
    /// the span at each end (1% of the price when all are equal), within the finite numbers.
    static func span(_ prices: [Double], extra: [Double]) -> (low: Double, high: Double) {
        let all = prices + extra
        let low = all.min() ?? 0, high = all.max() ?? 0
        let pad = high > low ? (high / 2 - low / 2) * 0.16 : max(abs(high) * 0.01, 1e-9)
        return (max(low - pad, -.greatestFiniteMagnitude), min(high + pad, .greatestFiniteMagnitude))
    }
}
