#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One element of CoinGecko's `/coins/markets` array; every figure may be null or missing except
/// `id`, `symbol`, `name` and `current_price` (which must be present but may be null).
public struct CoinGeckoMarket: Decodable, Sendable, Equatable {
    /// CoinGecko's id (`bitcoin`).
    public var id: String
    /// The ticker as CoinGecko writes it (`btc`).
    public var symbol: String
    /// The display name (`Bitcoin`).
    public var name: String
    /// Last price in the requested currency; nil when CoinGecko has none.
    public var currentPrice: Double?
    /// 24h change in percent: `price_change_percentage_24h`, else `…_24h_in_currency`.
    public var change24h: Double?
    /// Highest price of the last 24 hours.
    public var high24h: Double?
    /// Lowest price of the last 24 hours.
    public var low24h: Double?
    /// All-time high price.
    public var ath: Double?
    /// When the all-time high was set.
    public var athDate: Date?
    /// All-time low price.
    public var atl: Double?
    /// When the all-time low was set.
    public var atlDate: Date?
    /// 24h traded volume in the requested currency.
    public var totalVolume: Double?
    /// Market capitalisation in the requested currency.
    public var marketCap: Double?
    /// Market-cap rank (1 is largest).
    public var marketCapRank: Int?
    /// When CoinGecko last updated the figures.
    public var lastUpdated: Date?

    enum CodingKeys: String, CodingKey {
        case id, symbol, name, ath, atl
        case currentPrice = "current_price"
        case change24h = "price_change_percentage_24h"
        case change24hInCurrency = "price_change_percentage_24h_in_currency"
        case high24h = "high_24h", low24h = "low_24h"
        case athDate = "ath_date", atlDate = "atl_date"
        case totalVolume = "total_volume", marketCap = "market_cap", marketCapRank = "market_cap_rank"
        case lastUpdated = "last_updated"
    }

    /// Decodes one element leniently (numbers may be strings); throws when a required key is missing.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        symbol = try c.decode(String.self, forKey: .symbol)
        name = try c.decode(String.self, forKey: .name)
        currentPrice = try c.decode(LenientNumber.self, forKey: .currentPrice).value
        change24h = try c.lenientNumber(.change24h) ?? c.lenientNumber(.change24hInCurrency)
        high24h = try c.lenientNumber(.high24h)
        low24h = try c.lenientNumber(.low24h)
        ath = try c.lenientNumber(.ath)
        athDate = try c.lenientDate(.athDate)
        atl = try c.lenientNumber(.atl)
        atlDate = try c.lenientDate(.atlDate)
        totalVolume = try c.lenientNumber(.totalVolume)
        marketCap = try c.lenientNumber(.marketCap)
        marketCapRank = try c.lenientInt(.marketCapRank)
        lastUpdated = try c.lenientDate(.lastUpdated)
    }

    /// The quote this element gives in `vs`, or nil when it has no price.
    public func quote(vs: String) -> Quote? {
        guard let currentPrice else { return nil }
        return Quote(providerID: id, symbol: symbol.uppercased(), name: name, vs: vs.lowercased(),
                     price: currentPrice, change24h: change24h, high24h: high24h, low24h: low24h,
                     ath: ath, athDate: athDate, atl: atl, atlDate: atlDate,
                     volume24h: totalVolume, marketCap: marketCap, rank: marketCapRank,
                     time: lastUpdated, provider: CoinGecko.providerName)
    }
}
