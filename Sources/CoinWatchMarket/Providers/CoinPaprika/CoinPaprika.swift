import CoinWatchTransport
import FoundationEssentials

/// The CoinPaprika API (SPEC §6): one `/tickers?quotes=USD` GET answers every coin it tracks.
package struct CoinPaprika: MarketProvider, CoinSearch {
    /// The public API root, used when rules.json gives no `base_url`.
    package static let publicRoot = "https://api.coinpaprika.com/v1"
    package static let providerName = "coinpaprika"
    /// The `quotes` currencies the API accepts, lower case.
    package static let offeredCurrencies: [String]? = [
        "usd", "btc", "eth", "eur", "pln", "krw", "gbp", "cad", "jpy", "rub", "try", "nzd", "aud", "chf", "uah",
        "hkd", "sgd", "ngn", "php", "mxn", "brl", "thb", "clp", "cny", "czk", "dkk", "huf", "idr", "ils", "inr",
        "myr", "nok", "pkr", "sek", "twd", "zar", "vnd", "bob", "cop", "pen", "ars", "isk",
    ]

    /// An optional key for the paid root (`api_key_env`).
    package static let takesAPIKey = true
    /// `/tickers` carries `ath_price`.
    package static let reportsAllTimeMarks = true
    /// `https://coinpaprika.com/coin/btc-bitcoin/`.
    package static func pageURL(id: String, symbol: String, vs: String) -> String {
        "https://coinpaprika.com/coin/" + QueryString.escape(id) + "/"
    }
    /// For help.
    package static let searchName = "CoinPaprika /v1/search"
    package let endpoint: ProviderEndpoint

    /// Reads the API key (sent as `Authorization`, for the paid root) from `environment[config.apiKeyEnv]` now.
    package init(config: ProviderConfig, environment: [String: String]) {
        self.endpoint = ProviderEndpoint(config: config, publicRoot: Self.publicRoot)
            .sending(APIKey(config: config, environment: environment), in: "Authorization")
    }

    /// One `/tickers?quotes=VS` GET for all favorites (none when there are none).
    /// Throws `ProviderError.unsupportedCurrency` for a currency the API does not quote in.
    package func requests(_ query: QuoteQuery) throws -> [HTTPRequest] {
        try ProviderError.requireOffered(query.vs, by: name, offered: Self.offeredCurrencies ?? [])
        guard !query.favorites.isEmpty else { return [] }
        return [endpoint.get("/tickers?quotes=\(query.vs.uppercased())")]
    }
}

extension CoinPaprika {
    /// Decodes `/tickers` bodies into quotes keyed by favorite as written (id, then symbol, then name,
    /// best rank winning a shared symbol, then the id remembered for it).
    package func decode(_ bodies: [[UInt8]], query: QuoteQuery) throws -> [String: Quote] {
        let tickers = try JSONBody.decodeEach(bodies, Self.decodeTickers)
        return FavoriteMatcher.quotes(for: query, in: tickers, id: \.id, symbol: \.symbol, name: \.name, rank: \.rank) {
            $0.quote(vs: query.vs)
        }
    }

    /// The tickers of one body: the `/tickers` array, or the single object of `/tickers/{id}`.
    /// Throws `ProviderError.api` for CoinPaprika's error envelope, `ProviderError.decoding` for any other shape.
    package static func decodeTickers(_ body: [UInt8]) throws -> [CoinPaprikaTicker] {
        try JSONBody.decodeOneOrMany(CoinPaprikaTicker.self, from: body, provider: providerName)
    }
}

extension CoinPaprika {
    /// `/coins`: every coin with its rank.
    package func catalogRequest(vs: String) -> HTTPRequest? { endpoint.get("/coins") }

    /// The coins of a `/coins` body; rank 0 is no rank.
    package func decodeCatalog(_ body: [UInt8], vs: String) throws -> [CatalogCoin] {
        try JSONBody.decodeAnswer([CatalogEntry].self, from: body, expecting: .array, provider: name).map(\.coin)
    }
}

/// One element of CoinPaprika's `/tickers` (or the object of `/tickers/{id}`): figures keyed by quote currency.
package struct CoinPaprikaTicker: Decodable, Sendable, Equatable {
    /// One currency's figures (`quotes.USD`); every one may be null or missing except `price`.
    package struct Figures: Decodable, Sendable, Equatable {
        /// Last price; nil when CoinPaprika has none.
        package var price: Double?
        /// 24h change in percent (rolling).
        package var change24h: Double?
        /// 24h traded volume in this currency.
        package var volume24h: Double?
        /// Market capitalisation in this currency.
        package var marketCap: Double?
        /// All-time high price; null for some coins.
        package var ath: Double?
        /// When the all-time high was set.
        package var athDate: Date?

        enum CodingKeys: String, CodingKey {
            case price, change24h = "percent_change_24h", volume24h = "volume_24h", marketCap = "market_cap"
            case ath = "ath_price", athDate = "ath_date"
        }

        /// Decodes the figures leniently; every one may be null or missing.
        package init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            price = try c.numberOrString(.price)
            change24h = try c.numberOrString(.change24h)
            volume24h = try c.numberOrString(.volume24h)
            marketCap = try c.numberOrString(.marketCap)
            ath = try c.numberOrString(.ath)
            athDate = try c.iso8601Date(.athDate)
        }
    }

    /// CoinPaprika's id (`btc-bitcoin`).
    package var id: String
    /// Display name (`Bitcoin`).
    package var name: String
    /// Ticker symbol (`BTC`).
    package var symbol: String
    /// Market-cap rank (1 is largest); 0 or missing means unranked.
    package var rank: Int?
    /// When CoinPaprika last updated the figures.
    package var lastUpdated: Date?
    /// Figures by upper-case currency code (`USD`).
    package var quotes: [String: Figures]

    enum CodingKeys: String, CodingKey { case id, name, symbol, rank, lastUpdated = "last_updated", quotes }

    /// Decodes one ticker leniently; throws when `id`, `name` or `symbol` is missing.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        symbol = try c.decode(String.self, forKey: .symbol)
        rank = try c.intOrString(.rank).flatMap { $0 > 0 ? $0 : nil }
        lastUpdated = try c.iso8601Date(.lastUpdated)
        quotes = try c.decodeIfPresent([String: Figures].self, forKey: .quotes) ?? [:]
    }

    /// The quote in `vs`, or nil when the ticker has no price in it.
    package func quote(vs: String) -> Quote? {
        guard let figures = quotes[vs.uppercased()], let price = figures.price else { return nil }
        return Quote(providerID: id, symbol: symbol.uppercased(), name: name, vs: vs.lowercased(), price: price,
                     change24h: figures.change24h, ath: figures.ath, athDate: figures.athDate,
                     volume24h: figures.volume24h, marketCap: figures.marketCap, rank: rank,
                     time: lastUpdated, provider: CoinPaprika.providerName)
    }
}

/// CoinPaprika's `/v1/search` (coins only), for `coinwatch search --provider coinpaprika` and
/// for resolving favorites.
extension CoinPaprika {
    /// The GET for `/search?q=…&c=currencies&limit=N` (N between 1 and 250), sent without the API key.
    package func searchRequest(query: String, limit: Int) -> HTTPRequest {
        let query = QueryString.join([
            ("q", QueryString.escape(query)),
            ("c", "currencies"),
            ("limit", String(min(max(limit, 1), 250))),
        ])
        return endpoint.get("/search?\(query)")
    }

    /// The currencies of a `/v1/search` body in the API's order; rank 0 (unranked) becomes nil.
    package func searchHits(_ body: [UInt8]) throws -> [CatalogCoin] {
        let decoded = try JSONBody.decode(Body.self, from: body, expecting: .object, provider: name)
        if let error = decoded.error { throw ProviderError.api(provider: name, message: error) }
        return decoded.currencies.map(\.coin)
    }

    /// The part of the answer coinwatch reads.
    private struct Body: Decodable {
        var currencies: [CatalogEntry]
        var error: String?

        enum CodingKeys: String, CodingKey { case currencies, error }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            currencies = try c.decodeIfPresent([CatalogEntry].self, forKey: .currencies) ?? []
            error = try? c.decodeIfPresent(String.self, forKey: .error)
        }
    }
}

extension ProviderName {
    package static let coinpaprika = ProviderName(CoinPaprika.self)
}
