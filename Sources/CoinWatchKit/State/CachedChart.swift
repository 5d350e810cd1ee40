/// A 7-day price chart kept for `cache_ttl` (SPEC §5: the providers' response cache).
public struct CachedChart: Codable, Sendable, Equatable {
    /// Seconds since 1970 when it was fetched.
    public var fetchedAt: Double
    /// Prices in the chart's currency, oldest first (CoinGecko: hourly).
    public var prices: [Double]

    /// A chart fetched at `fetchedAt` (seconds since 1970).
    public init(fetchedAt: Double, prices: [Double]) {
        self.fetchedAt = fetchedAt
        self.prices = prices
    }

    private enum CodingKeys: String, CodingKey { case fetchedAt = "fetched_at", prices }
}
