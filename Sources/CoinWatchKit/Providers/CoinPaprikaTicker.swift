#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One element of CoinPaprika's `/tickers` (or the object of `/tickers/{id}`): figures keyed by quote currency.
public struct CoinPaprikaTicker: Decodable, Sendable, Equatable {
    /// One currency's figures (`quotes.USD`); every one may be null or missing except `price`.
    public struct Figures: Decodable, Sendable, Equatable {
        /// Last price; nil when CoinPaprika has none.
        public var price: Double?
        /// 24h change in percent (rolling).
        public var change24h: Double?
        /// 24h traded volume in this currency.
        public var volume24h: Double?
        /// Market capitalisation in this currency.
        public var marketCap: Double?
        /// All-time high price; null for some coins.
        public var ath: Double?
        /// When the all-time high was set.
        public var athDate: Date?

        enum CodingKeys: String, CodingKey {
            case price, change24h = "percent_change_24h", volume24h = "volume_24h", marketCap = "market_cap"
            case ath = "ath_price", athDate = "ath_date"
        }

        /// Decodes the figures leniently; every one may be null or missing.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            price = try c.lenientNumber(.price)
            change24h = try c.lenientNumber(.change24h)
            volume24h = try c.lenientNumber(.volume24h)
            marketCap = try c.lenientNumber(.marketCap)
            ath = try c.lenientNumber(.ath)
            athDate = try c.lenientDate(.athDate)
        }
    }

    /// CoinPaprika's id (`btc-bitcoin`).
    public var id: String
    /// Display name (`Bitcoin`).
    public var name: String
    /// Ticker symbol (`BTC`).
    public var symbol: String
    /// Market-cap rank (1 is largest); 0 or missing means unranked.
    public var rank: Int?
    /// When CoinPaprika last updated the figures.
    public var lastUpdated: Date?
    /// Figures by upper-case currency code (`USD`).
    public var quotes: [String: Figures]

    enum CodingKeys: String, CodingKey { case id, name, symbol, rank, lastUpdated = "last_updated", quotes }

    /// Decodes one ticker leniently; throws when `id`, `name` or `symbol` is missing.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        symbol = try c.decode(String.self, forKey: .symbol)
        rank = try c.lenientInt(.rank).flatMap { $0 > 0 ? $0 : nil }
        lastUpdated = try c.lenientDate(.lastUpdated)
        quotes = try c.decodeIfPresent([String: Figures].self, forKey: .quotes) ?? [:]
    }

    /// The quote in `vs`, or nil when the ticker has no price in it.
    public func quote(vs: String) -> Quote? {
        guard let figures = quotes[vs.uppercased()], let price = figures.price else { return nil }
        return Quote(providerID: id, symbol: symbol.uppercased(), name: name, vs: vs.lowercased(), price: price,
                     change24h: figures.change24h, ath: figures.ath, athDate: figures.athDate,
                     volume24h: figures.volume24h, marketCap: figures.marketCap, rank: rank,
                     time: lastUpdated, provider: CoinPaprika.providerName)
    }
}
