#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One element of Binance's `/api/v3/ticker/24hr`; prices are strings, the window is the rolling 24 hours.
public struct BinanceTicker: Decodable, Sendable, Equatable {
    /// The symbol (`BTCUSDT`).
    public var symbol: String
    /// Last trade price; 0 for a delisted pair.
    public var lastPrice: Double?
    /// Rolling 24h change in percent.
    public var priceChangePercent: Double?
    /// Highest price of the rolling 24 hours.
    public var highPrice: Double?
    /// Lowest price of the rolling 24 hours.
    public var lowPrice: Double?
    /// Quote asset traded over the rolling 24 hours.
    public var quoteVolume: Double?
    /// End of the window (`closeTime`, milliseconds since 1970).
    public var closeTime: Date?

    enum CodingKeys: String, CodingKey {
        case symbol, lastPrice, priceChangePercent, highPrice, lowPrice, quoteVolume, closeTime
    }

    /// Decodes one ticker leniently (numbers as strings); throws when `symbol` is missing.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        symbol = try c.decode(String.self, forKey: .symbol)
        lastPrice = try c.lenientNumber(.lastPrice)
        priceChangePercent = try c.lenientNumber(.priceChangePercent)
        highPrice = try c.lenientNumber(.highPrice)
        lowPrice = try c.lenientNumber(.lowPrice)
        quoteVolume = try c.lenientNumber(.quoteVolume)
        closeTime = try c.lenientNumber(.closeTime).map { Date(timeIntervalSince1970: $0 / 1000) }
    }

    /// The quote in `vs`, or nil for a delisted pair (its prices are all zero).
    func quote(vs: String) -> Quote? {
        guard let lastPrice, lastPrice > 0 else { return nil }
        return Quote(providerID: symbol, symbol: symbol, name: symbol, vs: vs, price: lastPrice,
                     change24h: priceChangePercent, high24h: highPrice, low24h: lowPrice,
                     volume24h: quoteVolume, time: closeTime, provider: Binance.providerName)
    }
}

/// The part of `/api/v3/exchangeInfo` coinwatch reads: each symbol's assets and trading status.
struct BinanceExchangeInfo: Decodable {
    struct Symbol: Decodable {
        var symbol: String
        var status: String?
        var baseAsset: String
        var quoteAsset: String
    }

    var symbols: [Symbol]
}
