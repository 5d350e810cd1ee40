/// Upbit's quotation API (SPEC §6): markets from `/market/all`, then `/ticker?markets=KRW-BTC,KRW-ETH`.
/// Upbit fails a whole call with 404 for one unknown market, so only listed markets are ever sent.
public struct Upbit: PriceProvider {
    /// The public API root, used when rules.json gives no `base_url`.
    public static let publicRoot = "https://api.upbit.com/v1"
    /// The provider's name in rules.json and in quotes.
    public static let providerName = "upbit"
    /// The quote currencies of its markets (`KRW-`, `BTC-`, `USDT-`), lower case.
    public static let offeredCurrencies = ["krw", "btc", "usdt"]
    /// The most markets one `/ticker` request carries.
    public static let chunkSize = 100

    /// Lower-case name as written in rules.json.
    public var name: String { Self.providerName }
    /// An exchange: favorites are served by symbol from its listing.
    public var servesBySymbol: Bool { true }
    /// The root, timeout and extra trust from rules.json.
    public let endpoint: ProviderEndpoint

    /// Its quotation API takes no API key, so `environment` is not read.
    public init(config: ProviderConfig, environment: [String: String] = [:]) {
        self.endpoint = ProviderEndpoint(config: config, publicRoot: Self.publicRoot)
    }

    /// The market list.
    public func listingRequest(vs: String) -> HTTPRequest? {
        endpoint.get("/market/all")
    }

    /// One `/ticker?markets=…` GET per 100 listed markets; none when no favorite is listed.
    /// Throws `ProviderError.unsupportedCurrency` for a currency Upbit has no market in.
    public func requests(_ query: QuoteQuery) throws -> [HTTPRequest] {
        guard Self.offeredCurrencies.contains(query.vs) else {
            throw ProviderError.unsupportedCurrency(provider: name, vs: query.vs, offered: Self.offeredCurrencies)
        }
        return query.marketCodeChunks(size: Self.chunkSize).map { codes in
            endpoint.get("/ticker?markets=" + codes.map(QueryString.escape).joined(separator: ","))
        }
    }
}
