/// Bithumb's public API (SPEC §6): one `/public/ticker/ALL_KRW` GET answers every KRW market, and its
/// keys are the listing (remembered for a day, so an unlisted favorite is not asked for).
public struct Bithumb: PriceProvider {
    /// The public API root, used when rules.json gives no `base_url`.
    public static let publicRoot = "https://api.bithumb.com"
    /// The provider's name in rules.json and in quotes.
    public static let providerName = "bithumb"
    /// The quote currencies it serves, lower case.
    public static let offeredCurrencies = ["krw"]
    /// The path of the batched request.
    public static let allTickersPath = "/public/ticker/ALL_KRW"

    /// Lower-case name as written in rules.json.
    public var name: String { Self.providerName }
    /// An exchange: favorites are served by symbol from its listing.
    public var servesBySymbol: Bool { true }
    /// The root, timeout and extra trust from rules.json.
    public let endpoint: ProviderEndpoint

    /// Its public ticker takes no API key, so `environment` is not read.
    public init(config: ProviderConfig, environment: [String: String] = [:]) {
        self.endpoint = ProviderEndpoint(config: config, publicRoot: Self.publicRoot)
    }

    /// One `ALL_KRW` GET, unless a known listing has none of the favorites.
    /// Throws `ProviderError.unsupportedCurrency` for any currency but KRW.
    public func requests(_ query: QuoteQuery) throws -> [HTTPRequest] {
        try ProviderError.requireOffered(query.vs, by: name, offered: Self.offeredCurrencies)
        if query.favorites.isEmpty || (query.listing != nil && query.listedMarkets().isEmpty) { return [] }
        return [endpoint.get(Self.allTickersPath)]
    }

    /// The `ALL_KRW` keys (without `date`) as markets; nil when `body` is not a successful `ALL_KRW` answer.
    public func listing(fromQuoteBody body: [UInt8], vs: String) -> [ListedMarket]? {
        guard let answer = try? Self.decodeAnswer(body), !answer.isSingleCoin else { return nil }
        return answer.tickers.keys.sorted().map { Self.market($0) }
    }

    /// The market of one symbol: code `BTC_KRW`, base `BTC`.
    static func market(_ symbol: String) -> ListedMarket {
        ListedMarket(code: symbol.uppercased() + "_KRW", base: symbol)
    }
}
