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
    /// The API root the paths are appended to, without a trailing slash.
    public let baseURL: String
    /// Seconds allowed per request.
    public let timeout: Double
    /// A PEM bundle trusted in addition to the system's.
    public let caFile: String?
    private let apiKey: APIKey?

    /// Reads the API key from `environment[config.apiKeyEnv]` now; a key that is set but empty is ignored.
    public init(config: ProviderConfig, environment: [String: String]) {
        var base = config.baseURL ?? Self.publicRoot
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base.isEmpty ? Self.publicRoot : base
        self.timeout = config.timeout
        self.caFile = config.caFile
        if let variable = config.apiKeyEnv, let value = environment[variable], !value.isEmpty {
            self.apiKey = APIKey(value: value)
        } else {
            self.apiKey = nil
        }
    }

    /// One `/coins/markets` GET per 250 distinct favorites (trimmed, lower-cased), in favorites' order.
    public func requests(for favorites: [String], vs: String) throws -> [HTTPRequest] {
        var seen = Set<String>()
        let ids = favorites.map(lookupKey).filter { !$0.isEmpty && seen.insert($0).inserted }
        return stride(from: 0, to: ids.count, by: Self.chunkSize).map { start in
            let chunk = ids[start..<min(start + Self.chunkSize, ids.count)]
            let query = QueryString.join([
                ("vs_currency", QueryString.escape(vs.lowercased())),
                ("ids", chunk.map(QueryString.escape).joined(separator: ",")),
                ("per_page", String(Self.chunkSize)),
                ("page", "1"),
                ("price_change_percentage", "24h"),
            ])
            return HTTPRequest(url: "\(baseURL)/coins/markets?\(query)", headers: headers,
                               timeout: timeout, caFile: caFile)
        }
    }

    /// `Accept: application/json`, plus the API key header when a key is set.
    var headers: [HTTPHeader] {
        var headers = [HTTPHeader("Accept", "application/json")]
        if let apiKey { headers.append(HTTPHeader(apiKeyHeaderName, apiKey.value)) }
        return headers
    }

    /// `x-cg-pro-api-key` for the paid root (`pro-api.coingecko.com`), else `x-cg-demo-api-key`.
    var apiKeyHeaderName: String {
        baseURL.lowercased().contains("://pro-api.coingecko.com") ? "x-cg-pro-api-key" : "x-cg-demo-api-key"
    }
}

/// An API key that prints as `<redacted>` wherever the provider is printed or dumped.
private struct APIKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let value: String
    var description: String { "<redacted>" }
    var debugDescription: String { description }
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
