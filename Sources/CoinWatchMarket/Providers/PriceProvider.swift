import CoinWatchTransport
/// A price API as two pure halves around the transport: `requests` plans the HTTP requests for a
/// `QuoteQuery`, `decode` turns the answers into quotes.
package protocol PriceProvider: Sendable {
    /// Lower-case name as written in rules.json (`coingecko`).
    var name: String { get }
    /// The GET that lists the markets the provider trades in `vs`; nil when it needs no listing.
    func listingRequest(vs: String) -> HTTPRequest?
    /// The markets quoted in `vs` that the answer to `listingRequest(vs:)` lists.
    /// Throws `ProviderError.api` for the API's error envelope, `ProviderError.decoding` for any other shape.
    func decodeListing(_ body: [UInt8], vs: String) throws -> [ListedMarket]
    /// The markets a quote answer reveals on its own (Bithumb's `ALL_KRW` keys); nil when it reveals none.
    func listing(fromQuoteBody body: [UInt8], vs: String) -> [ListedMarket]?
    /// Whether it serves favorites by symbol from its own listing (the exchanges), so a symbol another
    /// provider gave an id-style favorite applies to it.
    var servesBySymbol: Bool { get }
    /// Whether its quote requests name coins by the provider's own id (CoinGecko's `ids=`), so a
    /// favorite written as a symbol or a name is quoted only once it has been resolved to an id.
    var asksByID: Bool { get }
    /// The GET of every coin it knows in `vs`, for resolving favorites (`check --online`, and a pass
    /// meeting a symbol or a name on a provider that `asksByID`).
    func catalogRequest(vs: String) -> HTTPRequest?
    /// The coins of the answer to `catalogRequest(vs:)`.
    /// Throws `ProviderError.api` for the API's error envelope, `ProviderError.decoding` for any other shape.
    func decodeCatalog(_ body: [UInt8], vs: String) throws -> [CatalogCoin]
    /// The batched requests that quote `query.favorites` in `query.vs`; one per page/chunk, none when
    /// the listing has none of them. Throws `ProviderError.unsupportedCurrency` when it cannot quote `vs`.
    func requests(_ query: QuoteQuery) throws -> [HTTPRequest]
    /// Decodes the 2xx bodies of `requests(_:)` (same order) into quotes keyed by favorite as written.
    /// Throws `ProviderError.api` for the API's error envelope, `ProviderError.decoding` for any other shape.
    func decode(_ bodies: [[UInt8]], query: QuoteQuery) throws -> [String: Quote]
    /// `decode(_:query:)`, free to empty `bodies` once read so pages and quotes are not held at once
    /// (a 5000-favorite pass's peak memory); left as they were when it throws.
    func decodeReleasing(_ bodies: inout [[UInt8]], query: QuoteQuery) throws -> [String: Quote]
}

extension PriceProvider {
    /// An aggregator (not an exchange) resolves favorites by its own ids, symbols and names only.
    package var servesBySymbol: Bool { false }

    /// Asked for every favorite as written, or for all its coins at once.
    package var asksByID: Bool { false }

    /// Decodes, then lets go of the bodies.
    package func decodeReleasing(_ bodies: inout [[UInt8]], query: QuoteQuery) throws -> [String: Quote] {
        let quotes = try decode(bodies, query: query)
        bodies = []
        return quotes
    }

    /// No listing: the provider is asked for every favorite.
    package func listingRequest(vs: String) -> HTTPRequest? { nil }

    /// Never called for a provider without a listing request.
    package func decodeListing(_ body: [UInt8], vs: String) throws -> [ListedMarket] {
        throw ProviderError.decoding(provider: name, detail: "this provider has no market listing")
    }

    /// The message of the API's error envelope in `body` (of any HTTP status, any of the envelopes
    /// `APIErrorEnvelope` reads), nil when `body` is not one.
    package func errorMessage(in body: [UInt8]) -> String? { APIErrorEnvelope.message(in: body) }

    /// Quote answers reveal no listing.
    package func listing(fromQuoteBody body: [UInt8], vs: String) -> [ListedMarket]? { nil }

    /// The requests for `favorites` in `vs`, with nothing remembered.
    package func requests(for favorites: [String], vs: String, listing: MarketListing? = nil) throws -> [HTTPRequest] {
        try requests(QuoteQuery(favorites: favorites, vs: vs, listing: listing))
    }
}

/// Everything a provider knows about coins, and how to ask for it; an exchange's is its listing.
extension PriceProvider {
    /// The GET of everything this provider knows in `vs`: an exchange's market listing by default.
    package func catalogRequest(vs: String) -> HTTPRequest? { listingRequest(vs: vs) }

    /// The coins of the answer to `catalogRequest(vs:)`: an exchange's markets by default (id = market code).
    /// Throws `ProviderError.api` for the API's error envelope, `ProviderError.decoding` for any other shape.
    package func decodeCatalog(_ body: [UInt8], vs: String) throws -> [CatalogCoin] {
        try decodeListing(body, vs: vs).map(CatalogCoin.init(market:))
    }
}

/// An exchange whose ticker endpoint takes a list of market codes (Upbit, Binance): it learns its
/// markets from a listing request and asks, in chunks, only for the listed markets of the favorites.
package protocol ListedMarketExchange: MarketProvider {
    /// The path of its market listing.
    static var listingPath: String { get }
    /// The most market codes one ticker request carries.
    static var chunkSize: Int { get }
    /// The root, timeout and extra trust from rules.json.
    var endpoint: ProviderEndpoint { get }
    /// The path and query of the ticker request for `codes`.
    func tickerPath(_ codes: [String]) -> String
}

extension ListedMarketExchange {
    /// The GET of its market listing (the same in every currency).
    package func listingRequest(vs: String) -> HTTPRequest? { endpoint.get(Self.listingPath) }

    /// An exchange: favorites are served by symbol from its listing.
    package var servesBySymbol: Bool { true }

    /// One ticker GET per `chunkSize` listed markets; none when no favorite is listed.
    /// Throws `ProviderError.unsupportedCurrency` for a currency it offers no market in.
    package func requests(_ query: QuoteQuery) throws -> [HTTPRequest] {
        try ProviderError.requireOffered(query.vs, by: name, offered: Self.offeredCurrencies ?? [])
        return query.marketCodeChunks(size: Self.chunkSize).map { endpoint.get(tickerPath($0)) }
    }
}
