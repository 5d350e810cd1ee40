/// A 7-day price chart kept for `cache_ttl` (SPEC §5: the providers' response cache).
public struct CachedChart: Codable, Sendable, Equatable, StateRecord {
    /// Seconds since 1970 when it was fetched.
    public var fetchedAt: Double
    /// Prices in the chart's currency, oldest first (CoinGecko: hourly).
    public var prices: [Double]

    /// A chart fetched at `fetchedAt` (seconds since 1970).
    public init(fetchedAt: Double, prices: [Double]) {
        self.fetchedAt = fetchedAt
        self.prices = prices
    }

    static let fields = StateFields<CachedChart>(blank: CachedChart(fetchedAt: 0, prices: []), [
        .required("fetched_at", \.fetchedAt, .number),
        .required("prices", \.prices, .array(.number)),
    ])
    public init(from decoder: any Decoder) throws { self = try Self.fields.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try Self.fields.encode(self, to: encoder) }
}
