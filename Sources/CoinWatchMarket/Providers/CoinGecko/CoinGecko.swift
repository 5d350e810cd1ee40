import CoinWatchTransport
/// The CoinGecko API (SPEC §6): `/coins/markets` for quotes, ids in chunks of 250 per request.
package struct CoinGecko: MarketProvider {
    /// The public API root, used when rules.json gives no `base_url`.
    package static let publicRoot = "https://api.coingecko.com/api/v3"
    /// The most ids one `/coins/markets` request carries (its `per_page` ceiling).
    package static let chunkSize = 250
    package static let providerName = "coingecko"
    /// The `vs_currency` values the API knows, lower case (its `/simple/supported_vs_currencies`):
    /// what `check` validates a currency against; a pass still asks in any currency.
    package static let supportedCurrencies = [
        "usd", "eur", "gbp", "jpy", "krw", "cny", "cad", "aud", "chf", "inr", "brl", "rub", "try", "mxn", "sgd",
        "hkd", "nzd", "sek", "nok", "dkk", "pln", "czk", "huf", "ils", "zar", "thb", "twd", "php", "idr", "myr",
        "vnd", "pkr", "ngn", "uah", "clp", "ars", "aed", "sar", "kwd", "bhd", "bdt", "lkr", "mmk", "gel", "bmd",
        "vef", "xdr", "xag", "xau", "btc", "eth", "ltc", "bch", "bnb", "eos", "xrp", "xlm", "link", "dot", "yfi",
        "bits", "sats",
    ]
    /// It quotes in any currency its API knows.
    package static let offeredCurrencies: [String]? = nil
    /// `supportedCurrencies`.
    package static var listedCurrencies: [String] { supportedCurrencies }
    /// An optional demo or pro key (`api_key_env`).
    package static let takesAPIKey = true
    /// `/coins/markets` carries `ath` and `atl`.
    package static let reportsAllTimeMarks = true
    /// `https://www.coingecko.com/en/coins/bitcoin`.
    package static func pageURL(id: String, symbol: String, vs: String) -> String {
        "https://www.coingecko.com/en/coins/" + QueryString.escape(id)
    }
    /// `/coins/markets` is asked by id: a symbol or a name must be resolved first.
    package var asksByID: Bool { true }
    package let endpoint: ProviderEndpoint

    /// Reads the API key from `environment[config.apiKeyEnv]` now (a key that is set but empty is ignored), sent
    /// as `x-cg-pro-api-key` to the paid root (`pro-api.coingecko.com`), else as `x-cg-demo-api-key`.
    package init(config: ProviderConfig, environment: [String: String]) {
        let endpoint = ProviderEndpoint(config: config, publicRoot: Self.publicRoot)
        let pro = endpoint.baseURL.lowercased().contains("://pro-api.coingecko.com")
        self.endpoint = endpoint.sending(APIKey(config: config, environment: environment),
                                         in: pro ? "x-cg-pro-api-key" : "x-cg-demo-api-key")
    }

    /// One `/coins/markets` GET per 250 distinct ids (trimmed, lower-cased), in favorites' order; a
    /// favorite's id is the one remembered for it (`BTC` → `bitcoin`), else the favorite itself.
    package func requests(_ query: QuoteQuery) throws -> [HTTPRequest] {
        let vs = query.vs
        let ids = query.favorites.map { lookupKey(query.resolved[$0] ?? $0) }.filter { !$0.isEmpty }.uniqued()
        return stride(from: 0, to: ids.count, by: Self.chunkSize).map { start in
            let chunk = ids[start..<min(start + Self.chunkSize, ids.count)]
            let query = QueryString.join([
                ("vs_currency", QueryString.escape(vs.lowercased())),
                ("ids", chunk.map(QueryString.escape).joined(separator: ",")),
                ("per_page", String(Self.chunkSize)),
                ("page", "1"),
                ("price_change_percentage", "24h"),
            ])
            return endpoint.get("/coins/markets?\(query)")
        }
    }
}

extension CoinGecko {
    /// Decodes the `/coins/markets` bodies into quotes keyed by favorite as written (id, then
    /// symbol, then name, then the id remembered for it). A favorite whose coin has a null price gets a quote whose
    /// price is not a number: no observation (`Quote.isObservation`), which the fetcher leaves out.
    package func decode(_ bodies: [[UInt8]], query: QuoteQuery) throws -> [String: Quote] {
        var pages = bodies
        return try decodeReleasing(&pages, query: query)
    }

    /// `decode`, letting go of the pages once they are read and before the quotes are made.
    package func decodeReleasing(_ bodies: inout [[UInt8]], query: QuoteQuery) throws -> [String: Quote] {
        let markets = try JSONBody.decodeEach(bodies, Self.decodeMarkets)
        bodies = []
        return FavoriteMatcher.quotes(for: query, in: markets, id: \.id, symbol: \.symbol, name: \.name,
                                      rank: \.marketCapRank) { $0.quote(vs: query.vs) }
    }

    /// The elements of one `/coins/markets` body (a UTF-8 BOM is skipped).
    /// Throws `ProviderError.api` for CoinGecko's error envelope, `ProviderError.decoding` for any other shape.
    package static func decodeMarkets(_ body: [UInt8]) throws -> [CoinGeckoMarket] {
        // Direct decoding (the tokenizer, no Decoder) gives the same markets several times faster; anything it cannot vouch
        // for (an error envelope, a bad field, an odd escape) goes the general way, which names the fault.
        if let markets = CoinGeckoMarket.decodeDirect(body) { return markets }
        return try decodeBody([CoinGeckoMarket].self, from: body, expecting: .array)
    }

    /// Decodes a CoinGecko body of any endpoint, reporting its error envelope as `ProviderError.api`.
    static func decodeBody<T: Decodable>(_ type: T.Type, from body: [UInt8],
                                         expecting shape: JSONBody.Shape) throws -> T {
        try JSONBody.decodeAnswer(T.self, from: body, expecting: shape, provider: providerName)
    }
}

extension CoinGecko {
    /// `/coins/list`: every id, symbol and name (about 15,000 today; ranks come from `/coins/markets`
    /// for the candidates).
    package func catalogRequest(vs: String) -> HTTPRequest? { endpoint.get("/coins/list") }

    /// The coins of a `/coins/list` body, in the API's order, without ranks.
    /// Throws `ProviderError.api` for CoinGecko's error envelope, `ProviderError.decoding` for any other shape.
    package func decodeCatalog(_ body: [UInt8], vs: String) throws -> [CatalogCoin] {
        try Self.decodeBody([CatalogEntry].self, from: body, expecting: .array).map(\.coin)
    }
}

extension CoinGecko: CardSource {
    /// For help.
    package static let searchName = "CoinGecko /search"

    /// The GET for `/search?query=…` (which takes no limit), with this provider's headers.
    package func searchRequest(query: String, limit: Int) -> HTTPRequest {
        endpoint.get("/search?" + QueryString.join([("query", QueryString.escape(query))]))
    }

    /// The coins of a `/search` body, in the API's order (best match first). Exchanges, categories
    /// (numeric ids in older answers, strings today) and NFTs are not read.
    package func searchHits(_ body: [UInt8]) throws -> [CatalogCoin] {
        try Self.decodeBody(SearchBody.self, from: body, expecting: .object).coins.map(\.coin)
    }
}

/// The part of CoinGecko's `/search` answer coinwatch reads.
private struct SearchBody: Decodable {
    var coins: [CatalogEntry]

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        coins = try c.decodeIfPresent([CatalogEntry].self, forKey: .coins) ?? []
    }

    enum CodingKeys: String, CodingKey { case coins }
}

extension CoinGecko {
    /// The one GET behind `coinwatch show`: `/coins/markets` for one id with the 7-day sparkline
    /// (`sparkline=true`), so the price card and its chart cost a single request.
    package func cardRequest(id: String, vs: String) -> HTTPRequest {
        let query = QueryString.join([
            ("vs_currency", QueryString.escape(vs.lowercased())),
            ("ids", QueryString.escape(lookupKey(id))),
            ("per_page", "1"),
            ("page", "1"),
            ("sparkline", "true"),
            ("price_change_percentage", "24h"),
        ])
        return endpoint.get("/coins/markets?\(query)")
    }

    /// The markets of a `/coins/markets` body as quotes in `vs`, each with its 7-day sparkline (hourly
    /// prices, oldest first; empty when the body has none; null points are left out).
    package func cards(_ body: [UInt8], vs: String) throws -> [(id: String, quote: Quote?, sparkline: [Double])] {
        let markets = try Self.decodeMarkets(body)
        let lines = (try? Self.decodeBody([SparklineEntry].self, from: body, expecting: .array)) ?? []
        return markets.enumerated().map { index, market in
            (market.id, market.quote(vs: vs), index < lines.count ? lines[index].prices : [])
        }
    }
}

/// The `sparkline_in_7d` of one `/coins/markets` element.
private struct SparklineEntry: Decodable {
    struct Line: Decodable {
        var price: [NumberOrString?]?
    }

    var prices: [Double]

    enum CodingKeys: String, CodingKey { case sparkline = "sparkline_in_7d" }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let line = try? c.decodeIfPresent(Line.self, forKey: .sparkline)
        prices = (line?.price ?? []).compactMap { $0?.value }
    }
}

extension ProviderName {
    package static let coingecko = ProviderName(CoinGecko.self)
}
