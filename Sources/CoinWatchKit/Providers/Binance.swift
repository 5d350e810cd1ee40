/// Binance's spot market data (SPEC §6): symbols from `/api/v3/exchangeInfo`, then
/// `/api/v3/ticker/24hr?symbols=["BTCUSDT",…]` for the listed ones only.
public struct Binance: PriceProvider {
    /// The public API root, used when rules.json gives no `base_url`.
    public static let publicRoot = "https://api.binance.com"
    /// The provider's name in rules.json and in quotes.
    public static let providerName = "binance"
    /// The quote assets `check` accepts, lower case (the exchange's own listing decides per coin).
    public static let offeredCurrencies = ["usdt", "usdc", "fdusd", "btc", "eth", "bnb", "eur", "try", "brl", "jpy"]
    /// The most symbols one `/ticker/24hr` request carries.
    public static let chunkSize = 100

    /// Lower-case name as written in rules.json.
    public var name: String { Self.providerName }
    /// An exchange: favorites are served by symbol from its listing.
    public var servesBySymbol: Bool { true }
    /// The root, timeout and extra trust from rules.json.
    public let endpoint: ProviderEndpoint

    /// Its market data takes no API key, so `environment` is not read.
    public init(config: ProviderConfig, environment: [String: String] = [:]) {
        self.endpoint = ProviderEndpoint(config: config, publicRoot: Self.publicRoot)
    }

    /// The exchange's symbol list.
    public func listingRequest(vs: String) -> HTTPRequest? {
        endpoint.get("/api/v3/exchangeInfo")
    }

    /// One `/api/v3/ticker/24hr?symbols=[…]` GET per 100 listed symbols; none when no favorite is listed.
    /// Throws `ProviderError.unsupportedCurrency` for a quote asset `check` does not accept.
    public func requests(_ query: QuoteQuery) throws -> [HTTPRequest] {
        guard Self.offeredCurrencies.contains(query.vs) else {
            throw ProviderError.unsupportedCurrency(provider: name, vs: query.vs, offered: Self.offeredCurrencies)
        }
        return query.marketCodeChunks(size: Self.chunkSize).map { codes in
            let list = "[" + codes.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            return endpoint.get("/api/v3/ticker/24hr?symbols=" + QueryString.escape(list))
        }
    }
}
