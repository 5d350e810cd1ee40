/// An exchange whose ticker endpoint takes a list of market codes (Upbit, Binance): it learns its
/// markets from a listing request and asks, in chunks, only for the listed markets of the favorites.
protocol ListedMarketExchange: PriceProvider {
    /// Its name in rules.json and in quotes.
    static var providerName: String { get }
    /// The path of its market listing.
    static var listingPath: String { get }
    /// The quote currencies it offers, lower case.
    static var offeredCurrencies: [String] { get }
    /// The most market codes one ticker request carries.
    static var chunkSize: Int { get }
    /// The root, timeout and extra trust from rules.json.
    var endpoint: ProviderEndpoint { get }
    /// The path and query of the ticker request for `codes`.
    func tickerPath(_ codes: [String]) -> String
}

extension ListedMarketExchange {
    /// Lower-case name as written in rules.json.
    public var name: String { Self.providerName }

    /// The GET of its market listing (the same in every currency).
    public func listingRequest(vs: String) -> HTTPRequest? { endpoint.get(Self.listingPath) }

    /// An exchange: favorites are served by symbol from its listing.
    public var servesBySymbol: Bool { true }

    /// One ticker GET per `chunkSize` listed markets; none when no favorite is listed.
    /// Throws `ProviderError.unsupportedCurrency` for a currency it offers no market in.
    public func requests(_ query: QuoteQuery) throws -> [HTTPRequest] {
        try ProviderError.requireOffered(query.vs, by: name, offered: Self.offeredCurrencies)
        return query.marketCodeChunks(size: Self.chunkSize).map { endpoint.get(tickerPath($0)) }
    }
}

extension ProviderError {
    /// Throws `.unsupportedCurrency` naming `offered` unless it holds `vs`.
    static func requireOffered(_ vs: String, by provider: String, offered: [String]) throws {
        guard offered.contains(vs.lowercased()) else {
            throw ProviderError.unsupportedCurrency(provider: provider, vs: vs.lowercased(), offered: offered)
        }
    }
}
