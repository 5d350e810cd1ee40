import CoinWatchSupport
/// A 7-day price chart kept for `cache_ttl` (SPEC §5: the providers' response cache).
package struct CachedChart: Codable, Sendable, Equatable, StateRecord {
    /// Seconds since 1970 when it was fetched.
    package var fetchedAt: Double
    /// Prices in the chart's currency, oldest first (CoinGecko: hourly).
    package var prices: [Double]

    /// A chart fetched at `fetchedAt` (seconds since 1970).
    package init(fetchedAt: Double, prices: [Double]) {
        self.fetchedAt = fetchedAt
        self.prices = prices
    }

    package static let fields = StateFields<CachedChart>(blank: CachedChart(fetchedAt: 0, prices: []), [
        .required("fetched_at", \.fetchedAt, .number),
        .required("prices", \.prices, .array(.number)),
    ])
}
