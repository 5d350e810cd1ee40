import CoinWatchMarket
import CoinWatchState
import CoinWatchChart

extension AlertCharts {
    /// `/chart`'s image (SPEC §13, §12), loaded and drawn as an alert's chart is; the one-line reason when it cannot be.
    package func png(for chart: ControlChart, now: Double) -> Result<[UInt8], ChartError> {
        guard let range = ChartRange(rawValue: chart.range) else { return .failure(ChartError("no range '\(chart.range)'")) }
        let provider = ProviderName(rawValue: chart.provider) ?? ProviderRegistry.fallback
        let quote = Quote(providerID: chart.coin, symbol: chart.symbol, name: chart.coin, vs: chart.vs, price: 0, provider: provider.rawValue)
        return load(quote, provider: provider, range: range, now: now).flatMap { points in
            var direction: PriceChart.Direction?
            if let first = points.first, let last = points.last { direction = last.price >= first.price ? .up : .down }
            return ChartImage.png(points, symbol: chart.symbol, vs: chart.vs, range: range, direction: direction)
        }
    }
}
