/// Binance's spot market data (SPEC §6): symbols from `/api/v3/exchangeInfo`, then
/// `/api/v3/ticker/24hr?symbols=["BTCUSDT",…]` for the listed ones only.
public struct Binance: ListedMarketExchange {
    /// The public API root, used when rules.json gives no `base_url`.
    public static let publicRoot = "https://api.binance.com"
    /// The provider's name in rules.json and in quotes.
    public static let providerName = "binance"
    /// The quote assets `check` accepts, lower case (the exchange's own listing decides per coin).
    public static let offeredCurrencies = ["usdt", "usdc", "fdusd", "btc", "eth", "bnb", "eur", "try", "brl", "jpy"]
    /// The most symbols one `/ticker/24hr` request carries.
    public static let chunkSize = 100
    /// The path of its market listing.
    public static let listingPath = "/api/v3/exchangeInfo"

    /// The root, timeout and extra trust from rules.json.
    public let endpoint: ProviderEndpoint

    /// Its market data takes no API key, so `environment` is not read.
    public init(config: ProviderConfig, environment: [String: String] = [:]) {
        self.endpoint = ProviderEndpoint(config: config, publicRoot: Self.publicRoot)
    }

    /// `/api/v3/ticker/24hr?symbols=["BTCUSDT","ETHUSDT"]`, URL-encoded.
    func tickerPath(_ codes: [String]) -> String {
        "/api/v3/ticker/24hr?symbols=" + QueryString.escape("[" + codes.map { "\"\($0)\"" }.joined(separator: ",") + "]")
    }
}
