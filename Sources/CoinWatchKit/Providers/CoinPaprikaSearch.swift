/// CoinPaprika's `/v1/search` (coins only), for `coinwatch search --provider coinpaprika` and
/// for resolving favorites; the price API itself lives in `CoinPaprika`.
public struct CoinPaprikaSearch: Sendable {
    /// The public API root, used when rules.json gives no `base_url`.
    public static let publicRoot = "https://api.coinpaprika.com/v1"
    /// The provider's name in rules.json.
    public static let providerName = "coinpaprika"

    /// The API root the paths are appended to, without a trailing slash.
    public let baseURL: String
    /// Seconds allowed per request.
    public let timeout: Double
    /// A PEM bundle trusted in addition to the system's.
    public let caFile: String?

    /// The search endpoint of the provider `config` describes.
    public init(config: ProviderConfig) {
        var base = config.baseURL ?? Self.publicRoot
        while base.hasSuffix("/") { base.removeLast() }
        baseURL = base.isEmpty ? Self.publicRoot : base
        timeout = config.timeout
        caFile = config.caFile
    }

    /// The GET for `/search?q=…&c=currencies&limit=N` (N between 1 and 250).
    public func request(query: String, limit: Int) -> HTTPRequest {
        let query = QueryString.join([
            ("q", QueryString.escape(query)),
            ("c", "currencies"),
            ("limit", String(min(max(limit, 1), 250))),
        ])
        return HTTPRequest(url: "\(baseURL)/search?\(query)", headers: [HTTPHeader("Accept", "application/json")],
                           timeout: timeout, caFile: caFile)
    }

    /// The currencies of a `/v1/search` body in the API's order; rank 0 (unranked) becomes nil.
    /// Throws `ProviderError.api` for CoinPaprika's `{"error": …}`, `ProviderError.decoding` for any other shape.
    public static func decode(_ body: [UInt8]) throws -> [SearchHit] {
        let decoded = try JSONBody.decode(Body.self, from: body, expecting: .object, provider: providerName)
        if let error = decoded.error { throw ProviderError.api(provider: providerName, message: error) }
        return decoded.currencies.map {
            SearchHit(id: $0.id, symbol: $0.symbol, name: $0.name, rank: $0.rank?.value.flatMap { Int(exactly: $0) })
        }
    }

    /// The part of the answer coinwatch reads.
    private struct Body: Decodable {
        struct Currency: Decodable {
            var id: String
            var name: String
            var symbol: String
            var rank: LenientNumber?
        }

        var currencies: [Currency]
        var error: String?

        enum CodingKeys: String, CodingKey { case currencies, error }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            currencies = try c.decodeIfPresent([Currency].self, forKey: .currencies) ?? []
            error = try? c.decodeIfPresent(String.self, forKey: .error)
        }
    }
}
