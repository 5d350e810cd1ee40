/// The CoinPaprika API (SPEC §6): one `/tickers?quotes=USD` GET answers every coin it tracks.
public struct CoinPaprika: PriceProvider {
    /// The public API root, used when rules.json gives no `base_url`.
    public static let publicRoot = "https://api.coinpaprika.com/v1"
    /// The provider's name in rules.json and in quotes.
    public static let providerName = "coinpaprika"
    /// The `quotes` currencies the API accepts, lower case.
    public static let offeredCurrencies = [
        "usd", "btc", "eth", "eur", "pln", "krw", "gbp", "cad", "jpy", "rub", "try", "nzd", "aud", "chf", "uah",
        "hkd", "sgd", "ngn", "php", "mxn", "brl", "thb", "clp", "cny", "czk", "dkk", "huf", "idr", "ils", "inr",
        "myr", "nok", "pkr", "sek", "twd", "zar", "vnd", "bob", "cop", "pen", "ars", "isk",
    ]

    /// Lower-case name as written in rules.json.
    public var name: String { Self.providerName }
    /// The root, timeout and extra trust from rules.json.
    public let endpoint: ProviderEndpoint
    private let apiKey: APIKey?

    /// Reads the API key (sent as `Authorization`, for the paid root) from `environment[config.apiKeyEnv]` now.
    public init(config: ProviderConfig, environment: [String: String]) {
        self.endpoint = ProviderEndpoint(config: config, publicRoot: Self.publicRoot)
        self.apiKey = APIKey(config: config, environment: environment)
    }

    /// One `/tickers?quotes=VS` GET for all favorites (none when there are none).
    /// Throws `ProviderError.unsupportedCurrency` for a currency the API does not quote in.
    public func requests(_ query: QuoteQuery) throws -> [HTTPRequest] {
        try ProviderError.requireOffered(query.vs, by: name, offered: Self.offeredCurrencies)
        guard !query.favorites.isEmpty else { return [] }
        return [endpoint.get("/tickers?quotes=\(query.vs.uppercased())", headers: headers)]
    }

    /// `Accept: application/json`, plus `Authorization: <key>` when a key is set.
    var headers: [HTTPHeader] {
        var headers = [ProviderEndpoint.acceptJSON]
        if let apiKey { headers.append(HTTPHeader("Authorization", apiKey.value)) }
        return headers
    }
}
