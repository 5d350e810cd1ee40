import FoundationEssentials

/// Binance's spot market data (SPEC §6): symbols from `/api/v3/exchangeInfo`, then
/// `/api/v3/ticker/24hr?symbols=["BTCUSDT",…]` for the listed ones only.
package struct Binance: ListedMarketExchange {
    /// The public API root, used when rules.json gives no `base_url`.
    package static let publicRoot = "https://api.binance.com"
    package static let providerName = "binance"
    /// The quote assets `check` accepts, lower case (the exchange's own listing decides per coin).
    package static let offeredCurrencies: [String]? = ["usdt", "usdc", "fdusd", "btc", "eth", "bnb", "eur", "try", "brl", "jpy"]
    /// The most symbols one `/ticker/24hr` request carries.
    package static let chunkSize = 100
    /// The path of its market listing.
    package static let listingPath = "/api/v3/exchangeInfo"

    package let endpoint: ProviderEndpoint

    /// Its market data takes no API key, so `environment` is not read.
    package init(config: ProviderConfig, environment: [String: String] = [:]) {
        self.endpoint = ProviderEndpoint(config: config, publicRoot: Self.publicRoot)
    }

    package static var feed: (any ExchangeFeed)? { BinanceFeed() }

    /// `BTCUSDT`.
    package static func marketCode(symbol: String, vs: String) -> String? { symbol + vs.uppercased() }
    /// The spot trading page: `https://www.binance.com/en/trade/BTC_USDT?type=spot`.
    package static func pageURL(id: String, symbol: String, vs: String) -> String {
        "https://www.binance.com/en/trade/" + QueryString.escape(symbol.uppercased() + "_" + vs.uppercased()) + "?type=spot"
    }

    /// `/api/v3/ticker/24hr?symbols=["BTCUSDT","ETHUSDT"]`, URL-encoded.
    package func tickerPath(_ codes: [String]) -> String {
        "/api/v3/ticker/24hr?symbols=" + QueryString.escape("[" + codes.map { "\"\($0)\"" }.joined(separator: ",") + "]")
    }
}

extension Binance {
    /// Decodes `/ticker/24hr` bodies (an array, or one object) into quotes keyed by favorite as written;
    /// a delisted pair with zero prices is no quote.
    package func decode(_ bodies: [[UInt8]], query: QuoteQuery) throws -> [String: Quote] {
        let tickers = try JSONBody.decodeEach(bodies, Self.decodeTickers)
        return query.assign(tickers, code: \.symbol) { $0.quote(vs: query.vs) }
    }

    /// The tickers of one body: the array of `symbols=[…]`, or the object of `symbol=…`.
    /// Throws `ProviderError.api` for Binance's error envelope, `ProviderError.decoding` for any other shape.
    package static func decodeTickers(_ body: [UInt8]) throws -> [BinanceTicker] {
        try JSONBody.decodeOneOrMany(BinanceTicker.self, from: body, provider: providerName)
    }

    /// The trading symbols whose quote asset is `vs` in an `/api/v3/exchangeInfo` body.
    package func decodeListing(_ body: [UInt8], vs: String) throws -> [ListedMarket] {
        try decodeEvents([body], vs: vs).filter { $0.ending == nil }
    }
}

/// One element of Binance's `/api/v3/ticker/24hr`; prices are strings, the window is the rolling 24 hours.
package struct BinanceTicker: Decodable, Sendable, Equatable {
    /// The symbol (`BTCUSDT`).
    package var symbol: String
    /// Last trade price; 0 for a delisted pair.
    package var lastPrice: Double?
    /// Rolling 24h change in percent.
    package var priceChangePercent: Double?
    /// Highest price of the rolling 24 hours.
    package var highPrice: Double?
    /// Lowest price of the rolling 24 hours.
    package var lowPrice: Double?
    /// Quote asset traded over the rolling 24 hours.
    package var quoteVolume: Double?
    /// End of the window (`closeTime`, milliseconds since 1970).
    package var closeTime: Date?
    /// Start of the window (`openTime`, milliseconds since 1970).
    package var openTime: Double?

    enum CodingKeys: String, CodingKey {
        case symbol, lastPrice, priceChangePercent, highPrice, lowPrice, quoteVolume, closeTime, openTime
    }

    /// Decodes one ticker leniently (numbers as strings); throws when `symbol` is missing.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        symbol = try c.decode(String.self, forKey: .symbol)
        lastPrice = try c.numberOrString(.lastPrice)
        priceChangePercent = try c.numberOrString(.priceChangePercent)
        highPrice = try c.numberOrString(.highPrice)
        lowPrice = try c.numberOrString(.lowPrice)
        quoteVolume = try c.numberOrString(.quoteVolume)
        closeTime = try c.numberOrString(.closeTime).map { Date(timeIntervalSince1970: $0 / 1000) }
        openTime = try c.numberOrString(.openTime)
    }

    /// The low and high between `openTime` and `closeTime` (the rolling-window ticker); nil unless
    /// both times are there and the prices are a span (a pair without trades answers zeros).
    var window: TradedWindow? {
        guard let openTime, let closeTime, let lowPrice, let highPrice, openTime.isFinite,
              PriceSpan(low: lowPrice, high: highPrice) != nil else { return nil }
        let close = closeTime.timeIntervalSince1970
        guard close.isFinite, openTime / 1000 <= close else { return nil }
        return TradedWindow(open: openTime / 1000, close: close, low: lowPrice, high: highPrice)
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

extension ProviderName {
    package static let binance = ProviderName(Binance.self)
}
