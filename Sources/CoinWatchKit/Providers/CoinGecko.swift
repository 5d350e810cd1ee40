/// The CoinGecko API (SPEC §6): `/coins/markets` for quotes, ids in chunks of 250 per request.
public struct CoinGecko: PriceProvider {
    /// The public API root, used when rules.json gives no `base_url`.
    public static let publicRoot = "https://api.coingecko.com/api/v3"
    /// The most ids one `/coins/markets` request carries (its `per_page` ceiling).
    public static let chunkSize = 250
    /// The provider's name in rules.json and in quotes.
    public static let providerName = "coingecko"

    /// Lower-case name as written in rules.json.
    public var name: String { Self.providerName }
    /// `/coins/markets` is asked by id: a symbol or a name must be resolved first.
    public var asksByID: Bool { true }
    /// The root, timeout and extra trust from rules.json.
    public let endpoint: ProviderEndpoint
    /// The API root the paths are appended to, without a trailing slash.
    public var baseURL: String { endpoint.baseURL }
    /// Seconds allowed per request.
    public var timeout: Double { endpoint.timeout }
    /// A PEM bundle trusted in addition to the system's.
    public var caFile: String? { endpoint.caFile }
    private let apiKey: APIKey?

    /// Reads the API key from `environment[config.apiKeyEnv]` now; a key that is set but empty is ignored.
    public init(config: ProviderConfig, environment: [String: String]) {
        self.endpoint = ProviderEndpoint(config: config, publicRoot: Self.publicRoot)
        self.apiKey = APIKey(config: config, environment: environment)
    }

    /// One `/coins/markets` GET per 250 distinct ids (trimmed, lower-cased), in favorites' order; a
    /// favorite's id is the one remembered for it (`BTC` → `bitcoin`), else the favorite itself.
    public func requests(_ query: QuoteQuery) throws -> [HTTPRequest] {
        var seen = Set<String>()
        let vs = query.vs
        let ids = query.favorites.map { lookupKey(query.resolved[$0] ?? $0) }.filter { !$0.isEmpty && seen.insert($0).inserted }
        return stride(from: 0, to: ids.count, by: Self.chunkSize).map { start in
            let chunk = ids[start..<min(start + Self.chunkSize, ids.count)]
            let query = QueryString.join([
                ("vs_currency", QueryString.escape(vs.lowercased())),
                ("ids", chunk.map(QueryString.escape).joined(separator: ",")),
                ("per_page", String(Self.chunkSize)),
                ("page", "1"),
                ("price_change_percentage", "24h"),
            ])
            return endpoint.get("/coins/markets?\(query)", headers: headers)
        }
    }

    /// `Accept: application/json`, plus the API key header when a key is set.
    var headers: [HTTPHeader] {
        var headers = [ProviderEndpoint.acceptJSON]
        if let apiKey { headers.append(HTTPHeader(apiKeyHeaderName, apiKey.value)) }
        return headers
    }

    /// `x-cg-pro-api-key` for the paid root (`pro-api.coingecko.com`), else `x-cg-demo-api-key`.
    var apiKeyHeaderName: String {
        baseURL.lowercased().contains("://pro-api.coingecko.com") ? "x-cg-pro-api-key" : "x-cg-demo-api-key"
    }
}
