import CoinWatchSupport
import CoinWatchMarket
import CoinWatchChart

/// The chart image of an alert and of `show --png` (SPEC §12), titled `BTC/USD · 1d`, drawn by `CoinWatchChart`.
package enum ChartImage {
    /// The image's file name in every sink format that carries it (`DeliveryFormat.chartParts`, the mail).
    static let filename = "chart.png"

    /// PNG bytes of `points` (ms, price) for `symbol` in `vs` over `range`, with `thresholds`, the
    /// alert's `marker` (ms, price) and `direction`; fails when there are no points or cairo cannot draw.
    package static func png(_ points: [(time: Int64, price: Double)], symbol: String, vs: String, range: ChartRange,
                    thresholds: [Double] = [], marker: (time: Int64, price: Double)? = nil,
                    direction: PriceChart.Direction? = nil, on canvas: ChartCanvas? = nil) -> Result<[UInt8], OneLineError> {
        let pair = symbol.uppercased() + "/" + vs.uppercased()
        let chart = PriceChart(points: points, pair: pair, range: range.rawValue, format: { NumberText.money($0, vs: vs) },
                               thresholds: thresholds, marker: marker, direction: direction)
        return chart.png(on: canvas)
    }
}
