/// Upbit's quotation API (SPEC §6): markets from `/market/all`, then `/ticker?markets=KRW-BTC,KRW-ETH`.
/// Upbit fails a whole call with 404 for one unknown market, so only listed markets are ever sent.
public struct Upbit: ListedMarketExchange {
    /// The public API root, used when rules.json gives no `base_url`.
    public static let publicRoot = "https://api.upbit.com/v1"
    /// The provider's name in rules.json and in quotes.
    public static let providerName = "upbit"
    /// The quote currencies of its markets (`KRW-`, `BTC-`, `USDT-`), lower case.
    public static let offeredCurrencies = ["krw", "btc", "usdt"]
    /// The most markets one `/ticker` request carries.
    public static let chunkSize = 100
    /// The path of its market listing.
    public static let listingPath = "/market/all"

    /// The root, timeout and extra trust from rules.json.
    public let endpoint: ProviderEndpoint

    /// Its quotation API takes no API key, so `environment` is not read.
    public init(config: ProviderConfig, environment: [String: String] = [:]) {
        self.endpoint = ProviderEndpoint(config: config, publicRoot: Self.publicRoot)
    }

    /// `/ticker?markets=KRW-BTC,KRW-ETH`.
    func tickerPath(_ codes: [String]) -> String {
        "/ticker?markets=" + codes.map(QueryString.escape).joined(separator: ",")
    }
}
