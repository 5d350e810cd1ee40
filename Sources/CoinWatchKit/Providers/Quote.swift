#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One coin's market figures from one provider, normalized. Prices are in `vs`.
public struct Quote: Sendable, Equatable, Codable {
    /// The provider's own id for the coin (`bitcoin`, `btc-bitcoin`, `KRW-BTC`).
    public var providerID: String
    /// Ticker symbol, upper case (`BTC`).
    public var symbol: String
    /// Display name (`Bitcoin`); the symbol where the provider gives none.
    public var name: String
    /// Quote currency, lower case (`usd`, `krw`).
    public var vs: String
    /// Last price.
    public var price: Double
    /// 24h change in percent (−5.2 is a 5.2 % drop).
    public var change24h: Double?
    public var high24h: Double?
    public var low24h: Double?
    public var high52w: Double?
    public var low52w: Double?
    /// All-time high and low, and when they were set.
    public var ath: Double?
    public var athDate: Date?
    public var atl: Double?
    public var atlDate: Date?
    /// 24h traded volume, in `vs`.
    public var volume24h: Double?
    public var marketCap: Double?
    /// Market-cap rank (1 is largest).
    public var rank: Int?
    /// When the provider says the figure was taken.
    public var time: Date?
    /// The provider that served it (`coingecko`).
    public var provider: String
    /// The lowest and highest price traded since the previous observation, where the answer
    /// carries them (SPEC §2 wicks). Never cached: a quote reused from the cache saw no new trades.
    public var span: PriceSpan?

    public init(providerID: String, symbol: String, name: String, vs: String, price: Double,
                change24h: Double? = nil, high24h: Double? = nil, low24h: Double? = nil,
                high52w: Double? = nil, low52w: Double? = nil,
                ath: Double? = nil, athDate: Date? = nil, atl: Double? = nil, atlDate: Date? = nil,
                volume24h: Double? = nil, marketCap: Double? = nil, rank: Int? = nil,
                time: Date? = nil, provider: String, span: PriceSpan? = nil) {
        self.providerID = providerID
        self.symbol = symbol
        self.name = name
        self.vs = vs
        self.price = price
        self.change24h = change24h
        self.high24h = high24h
        self.low24h = low24h
        self.high52w = high52w
        self.low52w = low52w
        self.ath = ath
        self.athDate = athDate
        self.atl = atl
        self.atlDate = atlDate
        self.volume24h = volume24h
        self.marketCap = marketCap
        self.rank = rank
        self.time = time
        self.provider = provider
        self.span = span
    }

    /// Every field but `span`, which is not kept in the state's quote cache.
    private enum CodingKeys: String, CodingKey {
        case providerID, symbol, name, vs, price, change24h, high24h, low24h, high52w, low52w
        case ath, athDate, atl, atlDate, volume24h, marketCap, rank, time, provider
    }
}
